/** Role permissions per entity; vendor/customer users additionally need the entity in their menu_access. */
import { ENTITY_ACTIONS, type EntityAction, type EntityPermissions } from '../../runtime/shared/definition';
import type { Kysely } from 'kysely';
import type { AppContext, CurrentUser } from '../context';
import type { SystemTables } from '../db/types';
import { forbidden } from '../http/errors';
import { cached } from './accessCache';
import { applyWriteRule } from './writeRule';

const NONE: EntityPermissions = {
  view: false,
  create: false,
  edit: false,
  delete: false,
  export: false,
  print: false,
  finalise: false,
  cancel: false,
  import: false,
};

export function partyKind(user: CurrentUser): 'vendor' | 'customer' | null {
  if (user.isVendor) return 'vendor';
  if (user.isCustomer) return 'customer';
  return null;
}

/** Entities granted to the user's role or to the user itself (`user:<id>`) in menu_access. */
export async function menuAccess(
  ctx: AppContext,
  user: Pick<CurrentUser, 'id' | 'role'>,
  db: Kysely<SystemTables> = ctx.db,
): Promise<Set<string>> {
  const rows = await cached(db, ['menu_access'], `menu:${user.role}\u0000${user.id}`, () =>
    db
      .selectFrom('menu_access')
      .select('entity')
      .where('who', 'in', [user.role, `user:${user.id}`])
      .execute(),
  );
  return new Set(rows.map((r) => r.entity));
}

/**
 * All permissions of the user's role, by entity key; vendor/customer limited to their menu_access.
 * `db` is a write's transaction when asked from inside one (read there, uncached).
 */
export async function permissionsByEntity(
  ctx: AppContext,
  user: CurrentUser,
  db: Kysely<SystemTables> = ctx.db,
): Promise<Map<string, EntityPermissions>> {
  const rows = await cached(db, ['role_permissions'], `perms:${user.role}`, () =>
    db.selectFrom('role_permissions').selectAll().where('role', '=', user.role).execute(),
  );
  const allowed = partyKind(user) ? await menuAccess(ctx, user, db) : null;
  const out = new Map<string, EntityPermissions>();
  for (const r of rows) {
    if (allowed && !allowed.has(r.entity)) continue;
    // the definition's write rule (logs: server only; settings: admin only) overrides the grants
    out.set(
      r.entity,
      applyWriteRule(ctx.registry.byEntityKey(r.entity)?.def, user.role, {
        view: Boolean(r.can_view),
        create: Boolean(r.can_create),
        edit: Boolean(r.can_edit),
        delete: Boolean(r.can_delete),
        export: Boolean(r.can_export),
        print: Boolean(r.can_print),
        finalise: Boolean(r.can_finalise),
        cancel: Boolean(r.can_cancel),
        import: Boolean(r.can_import),
      }),
    );
  }
  return out;
}

export async function entityPermissions(
  ctx: AppContext,
  user: CurrentUser,
  key: string,
  db: Kysely<SystemTables> = ctx.db,
): Promise<EntityPermissions> {
  return (await permissionsByEntity(ctx, user, db)).get(key) ?? { ...NONE };
}

export async function requirePermission(
  ctx: AppContext,
  user: CurrentUser,
  key: string,
  action: EntityAction,
): Promise<void> {
  const perms = await entityPermissions(ctx, user, key);
  if (!perms[action]) throw forbidden();
}

export { ENTITY_ACTIONS };
