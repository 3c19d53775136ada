/**
 * `stock.kardex` (کاردکس): the stock card of an item, in one warehouse or all. An opening row (on
 * hand and its value before `range.from`), then the entries of the range in date order with the
 * document (title and number, entity and id for the drill-down), quantity and value in and out,
 * the unit cost of the move, and the running quantity, value and average cost. At most
 * `options.limit` entries (default 2000, at most 10000) with `truncated`; the totals (in, out and
 * the closing balance) are over the whole range whatever the cap. Exact: sums as BigInt.
 * Parameters: item (required), range (required), warehouse.
 */
import { sql } from 'kysely';
import { localText } from '../../../runtime/shared/definition';
import { ROW_KIND_FIELD } from '../../../runtime/shared/reportDefinition';
import { MILLI, mulDivRound } from '../../../runtime/shared/stock';
import type { Untyped } from '../../db/untyped';
import { t } from '../../i18n';
import { STOCK_ENTRIES } from '../../inventory/stockTables';
import { money } from '../money';
import type { ReportSource, SourceCall, SourceRow } from '../source';
import { big, idParam, optionProblems, units, warehouseNames } from './common';

export const DEFAULT_LIMIT = 2000;
export const MAX_LIMIT = 10_000;

const FIELDS = [
  'entryId',
  'date',
  'sourceEntity',
  'sourceId',
  'sourceTitle',
  'sourceNumber',
  'warehouseId',
  'warehouseName',
  'inQuantity',
  'outQuantity',
  'unitCost',
  'inValue',
  'outValue',
  'balanceQuantity',
  'balanceValue',
  'averageCost',
] as const;

function limitOf(call: SourceCall): number {
  const n = Number(call.def.options?.limit ?? DEFAULT_LIMIT);
  return Number.isInteger(n) && n > 0 ? Math.min(n, MAX_LIMIT) : DEFAULT_LIMIT;
}

/** Rial a unit of `value` over `milli` thousandths (null without a quantity). */
function perUnit(value: bigint, milli: bigint): number | string | null {
  if (milli === 0n) return null;
  const q = milli < 0n ? -milli : milli;
  const v = milli < 0n ? -value : value;
  return money(mulDivRound(v, MILLI, q));
}

async function run(call: SourceCall) {
  const { ctx, lang } = call;
  const item = idParam(call, 'item');
  const warehouse = idParam(call, 'warehouse');
  const range = call.params.range as { from: string; to: string };
  const db = ctx.db as unknown as Untyped;
  const base = () => {
    let q = db.selectFrom(STOCK_ENTRIES).where('item_id', '=', item ?? 0);
    if (warehouse !== null) q = q.where('warehouse_id', '=', warehouse);
    return q;
  };
  const [sums] = (await base()
    .select([
      sql<string>`cast(coalesce(sum(case when date < ${range.from} then quantity else 0 end), 0) as text)`.as(
        'oq',
      ),
      sql<string>`cast(coalesce(sum(case when date < ${range.from} then value else 0 end), 0) as text)`.as(
        'ov',
      ),
      sql<string>`cast(coalesce(sum(case when date >= ${range.from} and quantity > 0 then quantity else 0 end), 0) as text)`.as(
        'iq',
      ),
      sql<string>`cast(coalesce(sum(case when date >= ${range.from} and quantity < 0 then -quantity else 0 end), 0) as text)`.as(
        'uq',
      ),
      sql<string>`cast(coalesce(sum(case when date >= ${range.from} and quantity > 0 then value else 0 end), 0) as text)`.as(
        'iv',
      ),
      sql<string>`cast(coalesce(sum(case when date >= ${range.from} and quantity < 0 then -value else 0 end), 0) as text)`.as(
        'uv',
      ),
    ])
    .where('date', '<=', range.to)
    .execute()) as Record<string, unknown>[];
  const openQ = big(sums?.oq);
  const openV = big(sums?.ov);
  const limit = limitOf(call);
  const raw = (await base()
    .select([
      'id',
      'date',
      'warehouse_id',
      'source_entity',
      'source_id',
      'source_number',
      sql<string>`cast(quantity as text)`.as('quantity'),
      sql<string>`cast(value as text)`.as('value'),
    ])
    .where('date', '>=', range.from)
    .where('date', '<=', range.to)
    .orderBy('date')
    .orderBy('id')
    .limit(limit + 1)
    .execute()) as Record<string, unknown>[];
  const truncated = raw.length > limit;
  const names = await warehouseNames(call);
  const average = (v: bigint, q: bigint) => (q > 0n ? perUnit(v, q) : null);
  const rows: SourceRow[] = [
    {
      [ROW_KIND_FIELD]: 'opening',
      date: range.from,
      sourceNumber: t(lang, 'reportDefs.opening'),
      balanceQuantity: units(openQ),
      balanceValue: money(openV),
      averageCost: average(openV, openQ),
    },
  ];
  let q = openQ;
  let v = openV;
  for (const r of raw.slice(0, limit)) {
    const quantity = big(r.quantity);
    const value = big(r.value);
    q += quantity;
    v += value;
    const entity = String(r.source_entity);
    const source = ctx.registry.byEntityKey(entity);
    const number = r.source_number === null || r.source_number === undefined ? '' : String(r.source_number);
    rows.push({
      entryId: Number(r.id),
      date: String(r.date).slice(0, 10),
      sourceEntity: entity,
      sourceId: Number(r.source_id),
      sourceTitle: source ? localText(source.def.title, lang) : entity,
      sourceNumber: number || `#${Number(r.source_id)}`,
      warehouseId: Number(r.warehouse_id),
      warehouseName: names.get(Number(r.warehouse_id)) ?? String(r.warehouse_id),
      inQuantity: quantity > 0n ? units(quantity) : null,
      outQuantity: quantity < 0n ? units(-quantity) : null,
      unitCost: perUnit(value, quantity),
      inValue: quantity > 0n ? money(value) : null,
      outValue: quantity < 0n ? money(-value) : null,
      balanceQuantity: units(q),
      balanceValue: money(v),
      averageCost: average(v, q),
    });
  }
  const closeQ = openQ + big(sums?.iq) - big(sums?.uq);
  const closeV = openV + big(sums?.iv) - big(sums?.uv);
  const totals: SourceRow = {
    inQuantity: units(big(sums?.iq)),
    outQuantity: units(big(sums?.uq)),
    inValue: money(big(sums?.iv)),
    outValue: money(big(sums?.uv)),
    balanceQuantity: units(closeQ),
    balanceValue: money(closeV),
    averageCost: average(closeV, closeQ),
  };
  return { rows, totals, truncated };
}

export const stockKardex: ReportSource = {
  name: 'stock.kardex',
  params: { item: 'lookup', warehouse: 'lookup', range: 'dateRange' },
  requiredParams: ['item', 'range'],
  fields: () => FIELDS,
  optionProblems(options) {
    const out = optionProblems(options, ['limit']);
    const limit = options.limit;
    if (
      limit !== undefined &&
      !(Number.isInteger(limit) && (limit as number) > 0 && (limit as number) <= MAX_LIMIT)
    )
      out.push(`/options/limit: must be an integer from 1 to ${MAX_LIMIT}`);
    return out;
  },
  reads: () => [],
  run,
};
