/**
 * The stock ledger in memory: balances per item × warehouse moved by planned moves with the same
 * exact arithmetic as the SQL of stockStore.ts (runtime/shared/stock.ts), for writing thousands of
 * documents' entries at once (stockBulk.ts, the demo seed) instead of one finalisation each.
 */
import {
  averageCost,
  emptyBalance,
  issueCost,
  moved,
  mulDivRound,
  valueAt,
  type Balance,
} from '../../runtime/shared/stock';
import type { PlannedMove } from './stockPlan';

const keyOf = (item: number, warehouse: number) => `${item}|${warehouse}`;

export interface BookMove {
  cost: bigint;
}

/** An issue the stock does not cover (and the item does not allow negative stock). */
export class BookShortage extends Error {
  constructor(
    readonly item: number,
    readonly warehouse: number,
    readonly available: bigint,
    readonly quantity: bigint,
  ) {
    super(`stock shortage of item ${item} in warehouse ${warehouse}: ${available} < ${quantity}`);
    this.name = 'BookShortage';
  }
}

export class StockBook {
  readonly balances = new Map<string, Balance>();
  /** Keys whose balance changed (to be written). */
  readonly touched = new Set<string>();

  constructor(private readonly allowNegative: (item: number) => boolean = () => false) {}

  balance(item: number, warehouse: number): Balance {
    return this.balances.get(keyOf(item, warehouse)) ?? emptyBalance();
  }

  set(item: number, warehouse: number, b: Balance): void {
    this.balances.set(keyOf(item, warehouse), b);
    this.touched.add(keyOf(item, warehouse));
  }

  /**
   * Applies the moves of one document in order (a paired `in` takes its `out`'s cost): their costs,
   * in the order of `moves`. Throws BookShortage (nothing of the document applied) when an issue
   * is not covered.
   */
  apply(moves: readonly PlannedMove[]): bigint[] {
    const saved = new Map<string, Balance>();
    const costs: bigint[] = [];
    const byMove = new Map<PlannedMove, bigint>();
    try {
      for (const m of moves) {
        const key = keyOf(m.item, m.warehouse);
        if (!saved.has(key)) saved.set(key, this.balance(m.item, m.warehouse));
        const b = this.balance(m.item, m.warehouse);
        let cost: bigint;
        if (m.direction === 'out') {
          if (b.quantity < m.quantity && !this.allowNegative(m.item))
            throw new BookShortage(m.item, m.warehouse, b.quantity, m.quantity);
          cost = issueCost(b, m.quantity);
          this.set(m.item, m.warehouse, moved(b, -m.quantity, -cost));
        } else {
          cost = this.inCost(m, moves, byMove) ?? averageCost(b, m.quantity);
          this.set(m.item, m.warehouse, moved(b, m.quantity, cost));
        }
        byMove.set(m, cost);
        costs.push(cost);
      }
    } catch (e) {
      for (const [key, b] of saved) this.balances.set(key, b);
      throw e;
    }
    return costs;
  }

  private inCost(
    m: PlannedMove,
    moves: readonly PlannedMove[],
    byMove: Map<PlannedMove, bigint>,
  ): bigint | null {
    if (m.pairWith) {
      const out = moves.find(
        (p) => p.move === m.pairWith && p.forEach === m.forEach && p.lineIndex === m.lineIndex,
      );
      const cost = out ? byMove.get(out) : undefined;
      if (!out || cost === undefined) return null;
      return out.quantity === m.quantity ? cost : mulDivRound(cost, m.quantity, out.quantity);
    }
    return m.unitCost === null ? null : valueAt(m.unitCost, m.quantity);
  }
}
