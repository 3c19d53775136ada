/**
 * The check of a definition's row action (`rowActions`) on its server route: the action must be
 * declared, the user hold its entity permission and, when the action names `roles`, have one of
 * them (403 otherwise), whatever the client showed.
 */
import type { RowAction } from '../../runtime/shared/definition';
import type { AppContext, CurrentUser } from '../context';
import type { Entity } from '../definitions/registry';
import { forbidden, unknownEntity } from '../http/errors';
import { entityPermissions } from '../security/permissions';

/** The entity of `key` and its row action `name`, when `user` may run it (403 / 404 otherwise). */
export async function allowedRowAction(
  ctx: AppContext,
  user: CurrentUser,
  key: string,
  name: string,
): Promise<{ entity: Entity; action: RowAction }> {
  const entity = ctx.registry.byEntityKey(key);
  if (!entity) throw unknownEntity();
  const action = entity.def.rowActions?.find((a) => a.name === name);
  if (!action) throw forbidden();
  if (action.roles && !action.roles.includes(user.role)) throw forbidden();
  if (!(await entityPermissions(ctx, user, key))[action.permission]) throw forbidden();
  return { entity, action };
}
