/**
 * `stock.reorder`: active items whose quantity on hand now (in all warehouses, or in the
 * `warehouse` parameter's) is below their reorder point, with the shortfall; the items with the
 * largest shortfall first. A row drills to the item's form.
 */
import { sql } from 'kysely';
import type { Untyped } from '../../db/untyped';
import { STOCK_BALANCES } from '../../inventory/stockTables';
import { exactAdd } from '../../../runtime/shared/decimal';
import type { ReportSource, SourceCall, SourceRow } from '../source';
import { big, idParam, loadItems, optionProblems, units } from './common';

const FIELDS = ['itemId', 'itemCode', 'itemName', 'category', 'reorderPoint', 'onHand', 'shortfall'] as const;

async function run(call: SourceCall) {
  const warehouse = idParam(call, 'warehouse');
  let q = (call.ctx.db as unknown as Untyped)
    .selectFrom(STOCK_BALANCES)
    .select(['item_id', sql<string>`cast(coalesce(sum(quantity), 0) as text)`.as('q')])
    .groupBy('item_id');
  if (warehouse !== null) q = q.where('warehouse_id', '=', warehouse);
  const onHand = new Map(
    ((await q.execute()) as Record<string, unknown>[]).map((r) => [Number(r.item_id), big(r.q)]),
  );
  const items = await loadItems(call, null);
  const rows: SourceRow[] = [];
  for (const item of items.values()) {
    if (!item.active || item.reorderPoint === null || item.reorderPoint <= 0) continue;
    const have = units(onHand.get(item.id) ?? 0n);
    if (have >= item.reorderPoint) continue;
    rows.push({
      itemId: item.id,
      itemCode: item.code,
      itemName: item.name,
      category: item.category,
      reorderPoint: item.reorderPoint,
      onHand: have,
      shortfall: exactAdd(item.reorderPoint, -have),
    });
  }
  rows.sort(
    (a, b) =>
      Number(b.shortfall) - Number(a.shortfall) || String(a.itemCode).localeCompare(String(b.itemCode)),
  );
  return { rows, totals: {} };
}

export const stockReorder: ReportSource = {
  name: 'stock.reorder',
  params: { warehouse: 'lookup' },
  fields: () => FIELDS,
  optionProblems: (options) =>
    optionProblems(options, ['codeField', 'categoryField', 'reorderField', 'activeField']),
  reads: () => [],
  run,
};
