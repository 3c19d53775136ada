/**
 * Plans against actuals (planning.plan). `actual` is a stored field, refreshed by the server: on
 * every save of a plan (entity rule) and for all plans by POST /api/Planning/Plan/Refresh.
 * - sales plan: the sum of sales invoices' `total` (Rial) dated inside [startDate, endDate];
 * - production plan: the quantity received by final stock documents (inventory.stockMove receipts,
 *   from the stock ledger; of `item` when set) dated inside the range.
 * progress = actual / target × 100, one decimal.
 */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { tableName } from '../definitions/registry';
import type { SystemTables } from '../db/types';
import type { Untyped } from '../db/untyped';
import type { EntityRule } from '../entities/rules/types';
import type { Row } from '../entities/rows';
import { STOCK_ENTRIES } from '../inventory/stockTables';

const INVOICES = tableName({ module: 'sales', name: 'invoice' });
const MOVES = 'inventory.stockMove';
export const PLANS = tableName({ module: 'planning', name: 'plan' });

type Db = Kysely<SystemTables>;

/** The actual figure of one plan (its values), from the stored invoices or stock moves. */
export async function planActual(db: Db, plan: Row): Promise<number> {
  const { startDate, endDate } = plan;
  if (typeof startDate !== 'string' || typeof endDate !== 'string') return 0;
  const u = db as unknown as Untyped;
  if (plan.kind === 'production') {
    let q = u
      .selectFrom(STOCK_ENTRIES)
      .select(sql<number>`coalesce(sum(quantity), 0)`.as('n'))
      .where('source_entity', '=', MOVES)
      .where('move', '=', 'receipt')
      .where('date', '>=', startDate)
      .where('date', '<=', endDate);
    if (typeof plan.item === 'number') q = q.where('item_id', '=', plan.item);
    // the ledger keeps thousandths
    return Number(((await q.executeTakeFirst()) as { n: unknown } | undefined)?.n ?? 0) / 1000;
  }
  const row = (await u
    .selectFrom(INVOICES)
    .select(sql<number>`coalesce(sum(total), 0)`.as('n'))
    .where('date', '>=', startDate)
    .where('date', '<=', endDate)
    .executeTakeFirst()) as { n: unknown } | undefined;
  return Number(row?.n ?? 0);
}

export function progress(actual: number, target: unknown): number {
  const t = Number(target);
  return t > 0 ? Math.round((actual / t) * 1000) / 10 : 0;
}

/** Fills actual and progress of plan values about to be saved. */
export const planRule: EntityRule = {
  name: 'planActual',
  async run({ trx, values }) {
    if (!values) return values;
    const actual = await planActual(trx as Db, values);
    return { ...values, actual, progress: progress(actual, values.target) };
  },
};

/** Recomputes every stored plan; returns how many were refreshed. */
export async function refreshPlans(db: Db): Promise<number> {
  const u = db as unknown as Untyped;
  const plans = (await u.selectFrom(PLANS).selectAll().execute()) as Row[];
  for (const plan of plans) {
    const actual = await planActual(db, plan);
    await u
      .updateTable(PLANS)
      .set({ actual, progress: progress(actual, plan.target) })
      .where('id', '=', plan.id as number)
      .execute();
  }
  return plans.length;
}
