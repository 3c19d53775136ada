/**
 * `stock.balance`: what is on hand at a date, per item × warehouse: the quantity and its value
 * (the stock ledger's entries up to that day, so any past date is exact) and the average cost;
 * rows with neither quantity nor value are left out. Parameters: date (required), warehouse, item.
 * A row drills to the item's kardex in that warehouse.
 */
import { MILLI, mulDivRound } from '../../../runtime/shared/stock';
import type { Untyped } from '../../db/untyped';
import { STOCK_ENTRIES } from '../../inventory/stockTables';
import { money } from '../money';
import type { ReportSource, SourceCall, SourceRow } from '../source';
import { big, idParam, loadItems, optionProblems, sumText, units, warehouseNames } from './common';

const FIELDS = [
  'itemId',
  'itemCode',
  'itemName',
  'category',
  'warehouseId',
  'warehouseName',
  'quantity',
  'value',
  'averageCost',
] as const;

export interface Holding {
  item: number;
  warehouse: number;
  quantity: bigint;
  value: bigint;
}

/** What each item × warehouse holds at the end of `date` (entries up to it), non-zero only. */
export async function holdingsAt(call: SourceCall, date: string): Promise<Holding[]> {
  let q = (call.ctx.db as unknown as Untyped)
    .selectFrom(STOCK_ENTRIES)
    .select(['item_id', 'warehouse_id', sumText('quantity').as('q'), sumText('value').as('v')])
    .where('date', '<=', date)
    .groupBy(['item_id', 'warehouse_id']);
  const warehouse = idParam(call, 'warehouse');
  const item = idParam(call, 'item');
  if (warehouse !== null) q = q.where('warehouse_id', '=', warehouse);
  if (item !== null) q = q.where('item_id', '=', item);
  const rows = (await q.execute()) as Record<string, unknown>[];
  return rows
    .map((r) => ({
      item: Number(r.item_id),
      warehouse: Number(r.warehouse_id),
      quantity: big(r.q),
      value: big(r.v),
    }))
    .filter((h) => h.quantity !== 0n || h.value !== 0n);
}

async function run(call: SourceCall) {
  const date = call.params.date as string;
  const holdings = await holdingsAt(call, date);
  const items = await loadItems(
    call,
    holdings.map((h) => h.item),
  );
  const names = await warehouseNames(call);
  const rows: SourceRow[] = holdings.map((h) => {
    const info = items.get(h.item);
    return {
      itemId: h.item,
      itemCode: info?.code ?? '',
      itemName: info?.name ?? String(h.item),
      category: info?.category ?? '',
      warehouseId: h.warehouse,
      warehouseName: names.get(h.warehouse) ?? String(h.warehouse),
      quantity: units(h.quantity),
      value: money(h.value),
      averageCost: h.quantity > 0n ? money(mulDivRound(h.value, MILLI, h.quantity)) : null,
    };
  });
  rows.sort(
    (a, b) =>
      String(a.itemCode).localeCompare(String(b.itemCode)) ||
      String(a.itemName).localeCompare(String(b.itemName), 'fa') ||
      String(a.warehouseName).localeCompare(String(b.warehouseName), 'fa'),
  );
  return { rows, totals: { value: money(holdings.reduce((s, h) => s + h.value, 0n)) } };
}

export const stockBalance: ReportSource = {
  name: 'stock.balance',
  params: { date: 'date', warehouse: 'lookup', item: 'lookup' },
  requiredParams: ['date'],
  fields: () => FIELDS,
  optionProblems: (options) => optionProblems(options, ['codeField', 'categoryField']),
  reads: () => [],
  run,
};
