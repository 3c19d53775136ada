/**
 * The costs a document's stock moves took, as its posting reads them (runtime/shared/stock.ts
 * STOCK_COST_FIELD…): on each line of a move's `forEach` table and summed on the document,
 * - `stockCostOut`: the cost of the stock that went out (issues at the moving average);
 * - `stockCostIn`: the value of the stock that came in;
 * - `stockCost`: the cost of the goods the line moved: what went out, plus what came in unpaired
 *   (a transfer's incoming half repeats its outgoing cost and is not counted twice).
 * Whole Rial, exact (BigInt sums answered as numbers).
 */
import {
  STOCK_COST_FIELD,
  STOCK_COST_IN_FIELD,
  STOCK_COST_OUT_FIELD,
  type StockDirection,
} from '../../runtime/shared/stock';
import { sql } from 'kysely';
import type { Entity } from '../definitions/registry';
import type { Untyped } from '../db/untyped';
import type { Lines } from '../entities/document';
import type { Row } from '../entities/rows';
import { STOCK_ENTRIES } from './stockTables';

export interface CostFigures {
  stockCost: number;
  stockCostIn: number;
  stockCostOut: number;
}

export interface StockCosts {
  total: CostFigures;
  /** Per child table, per line index. */
  lines: Record<string, CostFigures[]>;
}

export interface CostedMove {
  direction: StockDirection;
  forEach: string;
  lineIndex: number;
  paired: boolean;
  /** Rial, positive. */
  cost: bigint;
}

interface Sums {
  cost: bigint;
  in: bigint;
  out: bigint;
}

const figures = (s: Sums): CostFigures => ({
  stockCost: Number(s.cost),
  stockCostIn: Number(s.in),
  stockCostOut: Number(s.out),
});

/** The costs of moves, per line (of tables with `counts` lines) and in all. */
export function stockCostsOf(moves: readonly CostedMove[], counts: Record<string, number>): StockCosts {
  const zero = (): Sums => ({ cost: 0n, in: 0n, out: 0n });
  const total = zero();
  const perLine: Record<string, Sums[]> = {};
  for (const [name, n] of Object.entries(counts)) perLine[name] = Array.from({ length: n }, zero);
  for (const m of moves) {
    const line = (perLine[m.forEach] ??= [])[m.lineIndex] ?? zero();
    (perLine[m.forEach] as Sums[])[m.lineIndex] = line;
    for (const s of [line, total]) {
      if (m.direction === 'out') s.out += m.cost;
      else s.in += m.cost;
      if (m.direction === 'out' || !m.paired) s.cost += m.cost;
    }
  }
  const lines: Record<string, CostFigures[]> = {};
  for (const [name, list] of Object.entries(perLine))
    lines[name] = Array.from(list, (s) => figures(s ?? zero()));
  return { total: figures(total), lines };
}

/** The document's values and lines with their costs, as a posting reads them. */
export function withStockCosts(
  values: Row,
  lines: Lines,
  costs: StockCosts | undefined,
): { values: Row; lines: Lines } {
  if (!costs) return { values, lines };
  const put = (row: Row, f: CostFigures | undefined): Row => ({
    ...row,
    [STOCK_COST_FIELD]: f?.stockCost ?? 0,
    [STOCK_COST_IN_FIELD]: f?.stockCostIn ?? 0,
    [STOCK_COST_OUT_FIELD]: f?.stockCostOut ?? 0,
  });
  const out: Lines = {};
  for (const [name, rows] of Object.entries(lines))
    out[name] = costs.lines[name] ? rows.map((r, i) => put(r, costs.lines[name]?.[i])) : rows;
  return { values: put(values, costs.total), lines: out };
}

/**
 * The costs documents' stock entries hold, per document id (documents written without the write
 * pipeline, posted in bulk: server/accounting/bulkPosting.ts); the same figures the stock effect
 * leaves on the write state. A document without entries (cancelled, or moving nothing) has none.
 */
export async function storedStockCosts(
  db: Untyped,
  entity: Pick<Entity, 'key' | 'def'>,
  docs: readonly { id: number; lines: Lines }[],
): Promise<Map<number, StockCosts>> {
  const out = new Map<number, StockCosts>();
  const moves = entity.def.stock?.moves ?? [];
  if (moves.length === 0 || docs.length === 0) return out;
  const byId = new Map(moves.map((m) => [m.id, m]));
  const costed = new Map<number, CostedMove[]>();
  const ids = docs.map((d) => d.id);
  for (let at = 0; at < ids.length; at += 500) {
    const rows = (await db
      .selectFrom(STOCK_ENTRIES)
      .select(['source_id', 'line_no', 'move', 'direction', sql<string>`cast(value as text)`.as('value')])
      .where('source_entity', '=', entity.key)
      .where('source_id', 'in', ids.slice(at, at + 500))
      .orderBy('id')
      .execute()) as Record<string, unknown>[];
    for (const r of rows) {
      const declared = byId.get(String(r.move));
      const value = BigInt(String(r.value));
      const list = costed.get(Number(r.source_id)) ?? [];
      list.push({
        direction: r.direction === 'out' ? 'out' : 'in',
        forEach: declared?.forEach ?? 'lines',
        lineIndex: Number(r.line_no),
        paired: declared?.pairWith !== undefined,
        cost: value < 0n ? -value : value,
      });
      costed.set(Number(r.source_id), list);
    }
  }
  for (const doc of docs) {
    const list = costed.get(doc.id);
    if (!list) continue;
    const counts = Object.fromEntries(Object.entries(doc.lines).map(([k, rows]) => [k, rows.length]));
    out.set(doc.id, stockCostsOf(list, counts));
  }
  return out;
}
