/**
 * Display texts of lookup fields (docs/api.md, Lookup display texts): GetList and Export rows get
 * `{field}__display` next to the stored id, report groups their label. One batched query per lookup
 * field and page. The looked-up entity's rules for the caller apply: without `view` on it, or for
 * a row outside the caller's row scope there, no text at all (the grid then shows the id); when its
 * display field is hidden from the caller's role, the text is `#{id}`.
 */
import { sql } from 'kysely';
import { lookupDisplayKey } from '../../runtime/shared/definition';
import type { AppContext, CurrentUser } from '../context';
import type { Entity } from '../definitions/registry';
import type { Untyped } from '../db/untyped';
import { permissionsByEntity } from '../security/permissions';
import { fieldModes, hiddenOf } from '../security/fieldAccess';
import { ID_MAX } from './columns';
import { rowAccessCondition } from './scope';
import type { Row } from './rows';

/** The text shown for a looked-up row whose display field is hidden from the caller. */
export const hiddenDisplayText = (id: number): string => `#${id}`;

/** Display texts of the rows `ids` of a lookup's entity, as the caller may see them. */
export async function lookupTexts(
  ctx: AppContext,
  user: CurrentUser,
  lookup: { entity: string; displayField: string },
  ids: number[],
): Promise<Map<number, string>> {
  const texts = new Map<number, string>();
  const target = ctx.registry.byEntityKey(lookup.entity);
  // ids beyond the id column's range name no row (and would be an error on PostgreSQL's `serial`)
  const wanted = [...new Set(ids.filter((id) => Number.isInteger(id) && id > 0 && id <= ID_MAX))];
  if (!target || wanted.length === 0) return texts;
  if (!(await permissionsByEntity(ctx, user)).get(target.key)?.view) return texts;
  const { displayField } = lookup;
  if (!Object.hasOwn(target.def.schema.properties, displayField)) return texts;
  const hidden = hiddenOf(await fieldModes(ctx, user, target)).has(displayField);
  // a hidden display field is not even read: the row's existence (in scope) is all that is asked
  let q = (ctx.db as unknown as Untyped)
    .selectFrom(target.table)
    .select(['id', (hidden ? sql`null` : sql.ref(displayField)).as('text')])
    .where('id', 'in', wanted);
  const scope = await rowAccessCondition(ctx.db, target, user);
  if (scope) q = q.where(scope);
  const found = (await q.execute()) as { id: unknown; text: unknown }[];
  for (const f of found) {
    const id = Number(f.id);
    texts.set(id, hidden ? hiddenDisplayText(id) : f.text == null ? '' : String(f.text));
  }
  return texts;
}

export async function addLookupDisplays(
  ctx: AppContext,
  entity: Entity,
  user: CurrentUser,
  rows: Row[],
): Promise<Row[]> {
  const lookups = Object.entries(entity.def.fields).filter(([name, meta]) => {
    return meta.lookup && Object.hasOwn(entity.def.schema.properties, name);
  });
  if (lookups.length === 0 || rows.length === 0) return rows;
  for (const [name, meta] of lookups) {
    const ids = rows.map((r) => r[name]).filter((v): v is number => typeof v === 'number');
    const texts = await lookupTexts(ctx, user, meta.lookup!, ids);
    if (texts.size === 0) continue;
    for (const r of rows) {
      const text = typeof r[name] === 'number' ? texts.get(r[name] as number) : undefined;
      if (text !== undefined) r[lookupDisplayKey(name)] = text;
    }
  }
  return rows;
}
