/**
 * What the stock report sources share: the items and warehouses the stock ledger's ids point at
 * (their code, name and the item fields a report groups or compares by, named by the definition's
 * options with the shipped item's fields as defaults), and exact quantities (thousandths as
 * BigInt, answered as numbers of units) and values (Rial as BigInt, answered as ReportValue).
 */
import { sql } from 'kysely';
import { STOCK_ITEM_ENTITY, STOCK_WAREHOUSE_ENTITY, fromMilli } from '../../../runtime/shared/stock';
import type { Untyped } from '../../db/untyped';
import type { SourceCall } from '../source';
import { big } from '../money';

/** Item fields the sources read, by option name, with their defaults (inventory.item's). */
export const ITEM_FIELD_OPTIONS = {
  codeField: 'code',
  categoryField: 'category',
  reorderField: 'reorderPoint',
  activeField: 'active',
} as const;

export type ItemFieldOption = keyof typeof ITEM_FIELD_OPTIONS;

export function optionProblems(options: Record<string, unknown>, allowed: readonly string[]): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(options)) {
    if (!allowed.includes(k)) out.push(`/options/${k}: unknown option`);
    else if (k in ITEM_FIELD_OPTIONS && (typeof v !== 'string' || !/^[a-z][A-Za-z0-9]{0,62}$/.test(v)))
      out.push(`/options/${k}: a field name`);
  }
  return out;
}

export interface ItemInfo {
  id: number;
  code: string;
  name: string;
  category: string;
  reorderPoint: number | null;
  active: boolean;
}

/** The field an option names on inventory.item, when the item has it. */
function itemField(call: SourceCall, option: ItemFieldOption): string | null {
  const entity = call.ctx.registry.byEntityKey(STOCK_ITEM_ENTITY);
  const name = (call.def.options?.[option] as string | undefined) ?? ITEM_FIELD_OPTIONS[option];
  return entity && Object.hasOwn(entity.def.schema.properties, name) ? name : null;
}

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

/** The items `ids` (every item when null), by id. */
export async function loadItems(
  call: SourceCall,
  ids: readonly number[] | null,
): Promise<Map<number, ItemInfo>> {
  const out = new Map<number, ItemInfo>();
  const entity = call.ctx.registry.byEntityKey(STOCK_ITEM_ENTITY);
  if (!entity || (ids !== null && ids.length === 0)) return out;
  const fields = {
    code: itemField(call, 'codeField'),
    category: itemField(call, 'categoryField'),
    reorder: itemField(call, 'reorderField'),
    active: itemField(call, 'activeField'),
  };
  const name = entity.def.displayField;
  const columns = [...new Set(['id', name, ...Object.values(fields).filter((f): f is string => f !== null)])];
  let q = (call.ctx.db as unknown as Untyped).selectFrom(entity.table).select(columns);
  if (ids !== null) q = q.where('id', 'in', [...new Set(ids)]);
  for (const r of (await q.execute()) as Record<string, unknown>[]) {
    const reorder = fields.reorder ? r[fields.reorder] : null;
    out.set(Number(r.id), {
      id: Number(r.id),
      code: fields.code ? text(r[fields.code]) : '',
      name: text(r[name]),
      category: fields.category ? text(r[fields.category]) : '',
      reorderPoint: reorder === null || reorder === undefined ? null : Number(reorder),
      active: fields.active ? r[fields.active] !== false && r[fields.active] !== 0 : true,
    });
  }
  return out;
}

/** Warehouse names (code — name) by id. */
export async function warehouseNames(call: SourceCall): Promise<Map<number, string>> {
  const entity = call.ctx.registry.byEntityKey(STOCK_WAREHOUSE_ENTITY);
  const out = new Map<number, string>();
  if (!entity) return out;
  const name = entity.def.displayField;
  const code = Object.hasOwn(entity.def.schema.properties, 'code') ? 'code' : null;
  const rows = (await (call.ctx.db as unknown as Untyped)
    .selectFrom(entity.table)
    .select(code && code !== name ? ['id', name, code] : ['id', name])
    .execute()) as Record<string, unknown>[];
  for (const r of rows) out.set(Number(r.id), text(r[name]));
  return out;
}

export function idParam(call: SourceCall, name: string): number | null {
  const v = call.params[name];
  return typeof v === 'number' ? v : null;
}

/** A sum column read exactly (as text). */
export const sumText = (column: string) => sql<string>`cast(coalesce(sum(${sql.ref(column)}), 0) as text)`;

/** Thousandths as a number of units. */
export const units = (milli: bigint): number => fromMilli(milli);

export { big };
