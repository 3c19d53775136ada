/**
 * Fills the line fields of a definition's `stock.onHand` (runtime/shared/stock.ts) with the
 * quantity on hand of each line's item in its warehouse at the end of the document's date, read
 * from the stock ledger in one grouped query, then computes the lines' and the document's computed
 * fields again (a count's difference follows its system quantity).
 */
import { sql } from 'kysely';
import type { EntityDefinition } from '../../runtime/shared/definition';
import { applyComputed } from '../../runtime/shared/rules';
import { fromMilli } from '../../runtime/shared/stock';
import type { Untyped } from '../db/untyped';
import type { Lines } from '../entities/document';
import type { Row } from '../entities/rows';
import { stockDate, warehouseOf } from './stockPlan';
import { STOCK_ENTRIES } from './stockTables';

const asId = (v: unknown): number | null =>
  typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null;

/** On hand (thousandths) per "item|warehouse" at the end of `date`, for the pairs asked. */
export async function onHandMap(
  db: Untyped,
  pairs: readonly { item: number; warehouse: number }[],
  date: string,
): Promise<Map<string, bigint>> {
  const out = new Map<string, bigint>();
  if (pairs.length === 0) return out;
  const rows = (await db
    .selectFrom(STOCK_ENTRIES)
    .select(['item_id', 'warehouse_id', sql<string>`cast(sum(quantity) as text)`.as('q')])
    .where('item_id', 'in', [...new Set(pairs.map((p) => p.item))])
    .where('warehouse_id', 'in', [...new Set(pairs.map((p) => p.warehouse))])
    .where('date', '<=', date)
    .groupBy(['item_id', 'warehouse_id'])
    .execute()) as Record<string, unknown>[];
  for (const r of rows)
    out.set(
      `${Number(r.item_id)}|${Number(r.warehouse_id)}`,
      BigInt(String(r.q ?? '0').replace(/\.0+$/, '')),
    );
  return out;
}

/** The document with its on-hand fields filled in by `onHand` (thousandths per "item|warehouse"). */
export function withOnHand(
  def: EntityDefinition,
  values: Row,
  lines: Lines,
  onHand: (item: number, warehouse: number) => bigint,
): { values: Row; lines: Lines } {
  const fills = def.stock?.onHand ?? [];
  if (fills.length === 0) return { values, lines };
  const out: Lines = { ...lines };
  for (const fill of fills) {
    const rule = def.children?.[fill.forEach]?.rules;
    out[fill.forEach] = (out[fill.forEach] ?? []).map((line) => {
      const item = asId(line[fill.item]);
      const warehouse = warehouseOf(fill.warehouse, values, line);
      const filled = { ...line, [fill.field]: item && warehouse ? fromMilli(onHand(item, warehouse)) : 0 };
      return rule ? applyComputed(rule, filled) : filled;
    });
  }
  if (!def.rules) return { values, lines: out };
  const computed: Row = applyComputed(def.rules, { ...values, ...out });
  for (const name of Object.keys(def.children ?? {})) delete computed[name];
  return { values: computed, lines: out };
}

/** `values` and `lines` with the on-hand fields filled from the stock ledger at the document's date. */
export async function fillOnHand(
  db: Untyped,
  def: EntityDefinition,
  values: Row,
  lines: Lines,
): Promise<{ values: Row; lines: Lines }> {
  const date = stockDate(def, values);
  const pairs: { item: number; warehouse: number }[] = [];
  for (const fill of def.stock?.onHand ?? [])
    for (const line of lines[fill.forEach] ?? []) {
      const item = asId(line[fill.item]);
      const warehouse = warehouseOf(fill.warehouse, values, line);
      if (item && warehouse) pairs.push({ item, warehouse });
    }
  const found = date ? await onHandMap(db, pairs, date) : new Map<string, bigint>();
  return withOnHand(def, values, lines, (item, warehouse) => found.get(`${item}|${warehouse}`) ?? 0n);
}
