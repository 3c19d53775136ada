/**
 * Field permissions (table field_permissions, docs/lowcode-api.md): per role, entity and field,
 * `hidden` (left out of definitions and of every answered row, refused on write) or `readOnly`
 * (its stored value kept on Update, dropped on Create, marked readOnly in GetDefinition). They
 * apply to the document's own fields.
 */
import { LOOKUP_DISPLAY_SUFFIX, type Lang } from '../../runtime/shared/definition';
import type { AppContext, CurrentUser } from '../context';
import type { Entity } from '../definitions/registry';
import { badRequest, invalid } from '../http/errors';
import { t } from '../i18n';
import { getRow } from '../entities/repository';
import type { Row } from '../entities/rows';
import { cached } from './accessCache';

export type FieldMode = 'hidden' | 'readOnly';
export const FIELD_MODES: readonly FieldMode[] = ['hidden', 'readOnly'];

/** The user's role's field modes on one entity (only fields of its current definition). */
export async function fieldModes(
  ctx: AppContext,
  user: CurrentUser,
  entity: Pick<Entity, 'key' | 'def'>,
): Promise<Map<string, FieldMode>> {
  const rows = await cached(ctx.db, ['field_permissions'], `fields:${user.role}\u0000${entity.key}`, () =>
    ctx.db
      .selectFrom('field_permissions')
      .select(['field', 'mode'])
      .where('role', '=', user.role)
      .where('entity', '=', entity.key)
      .execute(),
  );
  const out = new Map<string, FieldMode>();
  for (const r of rows)
    if (r.field in entity.def.schema.properties && (r.mode === 'hidden' || r.mode === 'readOnly'))
      out.set(r.field, r.mode);
  return out;
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

/** An answer of Get/GetList/Create/Update (a row, or a page of rows) without the hidden fields. */
export function stripAnswer(data: unknown, hidden: Set<string>): unknown {
  if (hidden.size === 0 || !isRow(data)) return data;
  if (Array.isArray(data.rows) && 'lastRow' in data)
    return { ...data, rows: data.rows.map((r) => (isRow(r) ? stripRow(r, hidden) : r)) };
  return stripRow(data, hidden);
}

/**
 * `values` of a Create/Update as the role may write them: a hidden field sent → 417 on it; on
 * Update hidden and read-only fields take their stored values (so required ones stay valid), on
 * Create read-only fields are dropped.
 */
export async function guardValues(
  ctx: AppContext,
  entity: Entity,
  user: CurrentUser,
  modes: Map<string, FieldMode>,
  action: 'create' | 'update',
  body: Row,
  lang: Lang,
): Promise<unknown> {
  const values = body.values;
  if (modes.size === 0 || !isRow(values)) return values;
  const refused = [...modes]
    .filter(([f, m]) => m === 'hidden' && values[f] !== undefined && values[f] !== null)
    .map(([f]) => ({ FieldName: f, Message: t(lang, 'errors.FieldNotWritable') }));
  if (refused.length) throw invalid(refused);
  const out: Row = { ...values };
  if (action === 'create') {
    for (const [f] of modes) delete out[f];
    return out;
  }
  if (typeof body.id !== 'number' || !Number.isInteger(body.id) || body.id < 1) throw badRequest();
  const stored = await getRow(ctx, entity, user, body.id);
  for (const [f] of modes) {
    if (stored[f] === undefined) delete out[f];
    else out[f] = stored[f];
  }
  return out;
}
