/**
 * Field permissions (table field_permissions, docs/lowcode-api.md): per role, entity and field,
 * `hidden` (left out of definitions and of every answered row, refused on write) or `readOnly`
 * (its stored value kept on Update, dropped on Create, marked readOnly in GetDefinition). They
 * apply to the document's own fields and to its line fields, keyed `{child}.{field}` (lineFields.ts,
 * lineGuard.ts).
 */
import { LOOKUP_DISPLAY_SUFFIX, type Lang } from '../../runtime/shared/definition';
import type { Kysely } from 'kysely';
import type { AppContext, CurrentUser } from '../context';
import type { SystemTables } from '../db/types';
import type { Entity } from '../definitions/registry';
import { invalid } from '../http/errors';
import { fieldMessage } from '../i18n';
import type { Row } from '../entities/rows';
import { cached } from './accessCache';
import {
  isPermissionField,
  lineFieldsOf,
  splitChildKey,
  stripRowLines,
  withDerivedHidden,
  type FieldMode,
} from './lineFields';
import { guardLineValues, refusedLineCells } from './lineGuard';
import { partyReadOnly } from './partyWrite';

export type { FieldMode };
export { FIELD_MODES } from '../../runtime/shared/fieldModes';

/**
 * The user's role's field modes on one entity (only fields of its current definition; line fields
 * as `{child}.{field}`, with the computed line fields that read a hidden one hidden too). `db` is a
 * write's transaction when asked from inside one (on SQLite its one connection until commit; read
 * there, uncached).
 */
export async function fieldModes(
  ctx: AppContext,
  user: CurrentUser,
  entity: Pick<Entity, 'key' | 'def'>,
  db: Kysely<SystemTables> = ctx.db,
): Promise<Map<string, FieldMode>> {
  const rows = await cached(db, ['field_permissions'], `fields:${user.role}\u0000${entity.key}`, () =>
    db
      .selectFrom('field_permissions')
      .select(['field', 'mode'])
      .where('role', '=', user.role)
      .where('entity', '=', entity.key)
      .execute(),
  );
  const out = new Map<string, FieldMode>();
  for (const r of rows)
    if (isPermissionField(entity.def, r.field) && (r.mode === 'hidden' || r.mode === 'readOnly'))
      out.set(r.field, r.mode);
  // company-controlled fields of a party's own row (scope.partyEditable, partyWrite.ts)
  for (const f of partyReadOnly(entity.def, user)) if (!out.has(f)) out.set(f, 'readOnly');
  return withDerivedHidden(entity.def, out);
}

export function hiddenOf(modes: Map<string, FieldMode>): Set<string> {
  return new Set([...modes].filter(([, m]) => m === 'hidden').map(([f]) => f));
}

/** A row without the hidden fields (and their lookup display texts `{field}__display`). */
export function stripRow(row: Row, hidden: Set<string>): Row {
  if (hidden.size === 0) return row;
  const out: Row = {};
  for (const [k, v] of Object.entries(row)) {
    const base = k.endsWith(LOOKUP_DISPLAY_SUFFIX) ? k.slice(0, -LOOKUP_DISPLAY_SUFFIX.length) : k;
    if (!hidden.has(base)) out[k] = v;
  }
  return out;
}

function isRow(v: unknown): v is Row {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * An answer of Get/GetList/Create/Update (a row, or a page of rows) without the hidden fields, its
 * lines without the hidden line fields (`{child}.{field}` in `hidden`).
 */
export function stripAnswer(data: unknown, hidden: Set<string>): unknown {
  if (hidden.size === 0 || !isRow(data)) return data;
  const lines = lineFieldsOf(hidden);
  const strip = (r: Row) => stripRowLines(stripRow(r, hidden), lines);
  if (Array.isArray(data.rows) && 'lastRow' in data)
    return { ...data, rows: data.rows.map((r) => (isRow(r) ? strip(r) : r)) };
  return strip(data);
}

/**
 * `values` of a Create/Update as the role may write them: a hidden field sent → 417 on it (a hidden
 * line field: on its cell); on Update (`stored`: the row with its lines, as stored) hidden and
 * read-only fields take their stored values (so required ones stay valid), on Create (`stored`
 * null) read-only fields are dropped; line fields: lineGuard.ts. Run by the write pipeline's
 * fieldModes step (entities/write/steps/fieldModes.ts).
 */
export function guardValues(
  entity: Entity,
  modes: Map<string, FieldMode>,
  values: unknown,
  stored: Row | null,
  lang: Lang,
): unknown {
  if (modes.size === 0 || !isRow(values)) return values;
  const own = [...modes].filter(([f]) => !splitChildKey(f));
  const refused = own
    .filter(([f, m]) => m === 'hidden' && values[f] !== undefined && values[f] !== null)
    .map(([f]) => fieldMessage(lang, f, 'errors.FieldNotWritable'));
  const cells = refusedLineCells(modes, values, lang);
  if (refused.length || cells.length) throw invalid(refused, cells);
  if (!stored) {
    const out = { ...guardLineValues(entity, modes, values, null) };
    for (const [f] of own) delete out[f];
    return out;
  }
  const out = { ...guardLineValues(entity, modes, values, stored) };
  for (const [f] of own) {
    if (stored[f] === undefined) delete out[f];
    else out[f] = stored[f];
  }
  return out;
}
