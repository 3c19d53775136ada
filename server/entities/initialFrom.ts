/**
 * Lookup values a new record gets from the server when none is given (FieldMeta.initialFrom): the
 * row whose code (the lookup's `codeField`) is the value of a `systemConfig.setting` row, else,
 * with `first`, the first row by code (then id), e.g. an invoice's warehouse. Applied on Create by
 * the initialValues step (and so shown by a Preview); the form leaves such a field empty.
 */
import type { EntityDefinition } from '../../runtime/shared/definition';
import type { Registry } from '../definitions/registry';
import type { Untyped } from '../db/untyped';
import type { Row } from './rows';

export const SETTING_ENTITY = 'systemConfig.setting';

const absent = (v: unknown): boolean => v === undefined || v === null || v === '';

async function settingValue(db: Untyped, registry: Registry, key: string): Promise<string | null> {
  const settings = registry.byEntityKey(SETTING_ENTITY);
  if (!settings) return null;
  const row = (await db
    .selectFrom(settings.table)
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst()) as { value?: unknown } | undefined;
  const v = typeof row?.value === 'string' ? row.value.trim() : '';
  return v === '' ? null : v;
}

/** `values` with the fields declaring `initialFrom` filled where empty (the input is not changed). */
export async function withServerInitials(
  db: Untyped,
  registry: Registry,
  def: Pick<EntityDefinition, 'fields' | 'schema'>,
  values: Row,
): Promise<Row> {
  let out: Row | null = null;
  for (const [name, meta] of Object.entries(def.fields)) {
    const from = meta.initialFrom;
    const lookup = meta.lookup;
    if (!from || !lookup || !Object.hasOwn(def.schema.properties, name) || !absent(values[name])) continue;
    const target = registry.byEntityKey(lookup.entity);
    if (!target) continue;
    const code =
      lookup.codeField && Object.hasOwn(target.def.schema.properties, lookup.codeField)
        ? lookup.codeField
        : null;
    let id: unknown;
    const wanted = from.setting ? await settingValue(db, registry, from.setting) : null;
    if (wanted !== null && code) {
      const row = (await db
        .selectFrom(target.table)
        .select('id')
        .where(code, '=', wanted)
        .executeTakeFirst()) as { id?: unknown } | undefined;
      id = row?.id;
    }
    if (id === undefined && from.first) {
      let q = db.selectFrom(target.table).select('id');
      if (code) q = q.orderBy(code);
      const row = (await q.orderBy('id').limit(1).executeTakeFirst()) as { id?: unknown } | undefined;
      id = row?.id;
    }
    if (id === undefined || id === null) continue;
    out ??= { ...values };
    out[name] = Number(id);
  }
  return out ?? values;
}
