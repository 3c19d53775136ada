/**
 * Display texts of lookup fields for a page of GetList rows: each row gets `{field}__display`
 * (the looked-up row's display field) next to the stored id. One batched query per lookup field
 * and page. The looked-up entity's rules apply: without `view` on it, or when the row is outside
 * the user's row scope there, no text is sent (the grid then shows the id).
 */
import { sql } from 'kysely';
import { lookupDisplayKey } from '../../runtime/shared/definition';
import type { AppContext, CurrentUser } from '../context';
import type { Entity } from '../definitions/registry';
import type { Untyped } from '../db/untyped';
import { permissionsByEntity } from '../security/permissions';
import { scopeCondition } from './repository';
import type { Row } from './rows';

export async function addLookupDisplays(
  ctx: AppContext,
  entity: Entity,
  user: CurrentUser,
  rows: Row[],
): Promise<Row[]> {
  const lookups = Object.entries(entity.def.fields).filter(([name, meta]) => {
    return meta.lookup && name in entity.def.schema.properties;
  });
  if (lookups.length === 0 || rows.length === 0) return rows;
  const perms = await permissionsByEntity(ctx, user);
  for (const [name, meta] of lookups) {
    const { entity: key, displayField } = meta.lookup!;
    const target = ctx.registry.byEntityKey(key);
    if (!target || !perms.get(key)?.view) continue;
    if (!(displayField in target.def.schema.properties)) continue;
    const ids = [...new Set(rows.map((r) => r[name]).filter((v): v is number => typeof v === 'number'))];
    if (ids.length === 0) continue;
    let q = (ctx.db as unknown as Untyped)
      .selectFrom(target.table)
      .select(['id', sql.ref(displayField).as('text')])
      .where('id', 'in', ids);
    const scope = scopeCondition(target, user);
    if (scope) q = q.where(scope);
    const found = (await q.execute()) as { id: unknown; text: unknown }[];
    const texts = new Map(found.map((f) => [Number(f.id), f.text == null ? '' : String(f.text)]));
    for (const r of rows) {
      const text = typeof r[name] === 'number' ? texts.get(r[name] as number) : undefined;
      if (text !== undefined) r[lookupDisplayKey(name)] = text;
    }
  }
  return rows;
}
