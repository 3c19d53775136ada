/**
 * Sorting a list by a lookup column (docs/api.md): by the text people see, the looked-up row's
 * display field, read by a correlated subquery. The subquery carries the looked-up entity's rules
 * for the caller, so the order reveals nothing of rows or fields the caller may not read there:
 * without `view` on that entity or with its display field hidden, the list sorts by the stored id
 * (what the grid shows then); a looked-up row outside the caller's row scope sorts as having no text.
 */
import { type RawBuilder, sql } from 'kysely';
import type { LookupSpec } from '../../runtime/shared/definition';
import type { AppContext, CurrentUser } from '../context';
import type { Entity } from '../definitions/registry';
import { permissionsByEntity } from '../security/permissions';
import { readCondition, unqueryableFields } from './readAccess';
import { rowAccessCondition } from './scope';

/** Alias of the looked-up table inside the subquery (the outer table is named by its table name). */
const INNER = 'lk';

/** The ORDER BY expression of lookup field `name` of `entity`, or null to sort by the stored id. */
export async function lookupSortExpr(
  ctx: AppContext,
  entity: Entity,
  user: CurrentUser,
  name: string,
  lookup: LookupSpec,
): Promise<RawBuilder<unknown> | null> {
  const target = ctx.registry.byEntityKey(lookup.entity);
  if (!target || !Object.hasOwn(target.def.schema.properties, lookup.displayField)) return null;
  if (!(await permissionsByEntity(ctx, user)).get(target.key)?.view) return null;
  if ((await unqueryableFields(ctx, target, user)).has(lookup.displayField)) return null;
  // the row rules of the looked-up entity: their unqualified columns name the inner table
  const rules = [
    await rowAccessCondition(ctx.db, target, user),
    await readCondition(ctx, target, user),
  ].filter((c) => c !== null);
  const where = [sql`${sql.ref(`${INNER}.id`)} = ${sql.ref(`${entity.table}.${name}`)}`, ...rules];
  return sql`(select ${sql.ref(`${INNER}.${lookup.displayField}`)} from ${sql.table(target.table)} as ${sql.id(INNER)} where ${sql.join(where, sql` and `)})`;
}
