/**
 * The `stock.onHand` aggregate (server/entities/aggregates.ts): an item's quantity on hand in all
 * warehouses, summed from the stock balances (one grouped read per page of items).
 */
import { sql } from 'kysely';
import type { Untyped } from '../db/untyped';
import { STOCK_ITEM_ENTITY, fromMilli } from '../../runtime/shared/stock';
import { STOCK_BALANCES } from './stockTables';

export const onHandAggregate = {
  name: 'stock.onHand',
  entity: STOCK_ITEM_ENTITY,
  async load(db: Untyped, ids: readonly number[]): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    if (ids.length === 0) return out;
    const rows = (await db
      .selectFrom(STOCK_BALANCES)
      .select(['item_id', sql<string>`cast(sum(quantity) as text)`.as('q')])
      .where('item_id', 'in', [...new Set(ids)])
      .groupBy('item_id')
      .execute()) as { item_id: unknown; q: unknown }[];
    for (const r of rows)
      out.set(Number(r.item_id), fromMilli(BigInt(String(r.q ?? '0').replace(/\.0+$/, ''))));
    return out;
  },
};
