/**
 * Reading the tax codes a document's lines use (runtime/shared/tax.ts): the codes' entity is the
 * one the line's code field looks up (no entity is named here); its rows hold `code` and `exempt`,
 * its `rates` lines the date-effective rates. The codes of the lines' items come from the item's
 * entity (the one the line's item field looks up), the default from the declaration's setting.
 */
import {
  TAX_CODE_FIELDS,
  defaultCodeSetting,
  type TaxCode,
  type TaxDefinition,
} from '../../runtime/shared/tax';
import type { EntityDefinition } from '../../runtime/shared/definition';
import { settingValues } from '../accounting/chart';
import type { Entity, Registry } from '../definitions/registry';
import type { Untyped } from '../db/untyped';
import type { Row } from '../entities/rows';

const F = TAX_CODE_FIELDS;

const idOf = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v !== '' ? Number(v) : NaN;
  return Number.isInteger(n) && n > 0 ? n : null;
};
const truthy = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true';
const isoDay = (v: unknown): string | null =>
  v === null || v === undefined || v === ''
    ? null
    : String(v instanceof Date ? v.toISOString() : v).slice(0, 10);

/** The entity a field of the document's lines looks up (undefined when it is not a lookup). */
export function lineLookup(def: EntityDefinition, spec: TaxDefinition, field: string): string | undefined {
  return def.children?.[spec.lines]?.fields[field]?.lookup?.entity;
}

/** The tax codes' entity of a declaration, from the line's code field. */
export function codeEntity(
  registry: Registry,
  def: EntityDefinition,
  spec: TaxDefinition,
): Entity | undefined {
  const key = lineLookup(def, spec, spec.code);
  return key ? registry.byEntityKey(key) : undefined;
}

/** Tax codes by id (with their rates), of the ids given, and the id of the default code, if any. */
export async function loadCodes(
  db: Untyped,
  codes: Entity,
  ids: readonly number[],
  defaultCode: string | null,
): Promise<{ byId: Map<number, TaxCode>; defaultId: number | null }> {
  const byId = new Map<number, TaxCode>();
  const wanted = [...new Set(ids)];
  let q = db.selectFrom(codes.table).select(['id', F.code, F.exempt]);
  if (defaultCode)
    q = q.where((eb) => eb.or([eb('id', 'in', wanted.length ? wanted : [0]), eb(F.code, '=', defaultCode)]));
  else q = q.where('id', 'in', wanted.length ? wanted : [0]);
  const rows = (await q.execute()) as Row[];
  let defaultId: number | null = null;
  for (const r of rows) {
    const id = Number(r.id);
    byId.set(id, { id, code: String(r[F.code]), exempt: truthy(r[F.exempt]), rates: [] });
    if (defaultCode && String(r[F.code]) === defaultCode) defaultId = id;
  }
  const rates = codes.children.find((c) => c.name === F.rates);
  if (rates && byId.size > 0) {
    const lines = (await db
      .selectFrom(rates.table)
      .select(['parent_id', F.validFrom, F.validTo, F.rate, F.levy])
      .where('parent_id', 'in', [...byId.keys()])
      .execute()) as Row[];
    for (const l of lines) {
      const from = isoDay(l[F.validFrom]);
      if (!from) continue;
      byId.get(Number(l.parent_id))?.rates.push({
        validFrom: from,
        validTo: isoDay(l[F.validTo]),
        rate: Number(l[F.rate] ?? 0),
        levy: l[F.levy] === null || l[F.levy] === undefined ? null : Number(l[F.levy]),
      });
    }
  }
  return { byId, defaultId };
}

/** The tax code of each item among `items` (by id; items without one are left out). */
export async function itemCodes(
  db: Untyped,
  registry: Registry,
  def: EntityDefinition,
  spec: TaxDefinition,
  items: readonly number[],
): Promise<Map<number, number>> {
  const key = lineLookup(def, spec, spec.item);
  const entity = key ? registry.byEntityKey(key) : undefined;
  const out = new Map<number, number>();
  if (!entity || items.length === 0) return out;
  const rows = (await db
    .selectFrom(entity.table)
    .select(['id', spec.itemCode])
    .where('id', 'in', [...new Set(items)])
    .execute()) as Row[];
  for (const r of rows) {
    const code = idOf(r[spec.itemCode]);
    if (code !== null) out.set(Number(r.id), code);
  }
  return out;
}

/** The default code's `code` the declaration's setting holds ('' when none). */
export async function defaultCodeOf(db: Untyped, spec: TaxDefinition): Promise<string> {
  const key = defaultCodeSetting(spec);
  return (await settingValues(db, [key])).get(key) ?? '';
}

export { idOf };
