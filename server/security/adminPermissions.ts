/**
 * Role permission rows, and the admin role's rows kept complete at start-up and after a publish:
 * admin may do everything on every definition, including ones added later.
 */
import type { Kysely } from 'kysely';
import { ENTITY_ACTIONS } from '../../runtime/shared/definition';
import type { Registry } from '../definitions/registry';
import type { RolePermissionsTable, SystemTables } from '../db/types';

/** One role_permissions row granting `actions` on `entity` to `role`. */
export function permissionRow(
  role: string,
  entity: string,
  actions: readonly string[],
): RolePermissionsTable {
  const has = (a: string) => (actions.includes(a) ? 1 : 0);
  return {
    role,
    entity,
    can_view: has('view'),
    can_create: has('create'),
    can_edit: has('edit'),
    can_delete: has('delete'),
    can_export: has('export'),
    can_print: has('print'),
    can_finalise: has('finalise'),
    can_cancel: has('cancel'),
    can_import: has('import'),
  };
}

/** The admin role may do everything on every definition, including ones added later. */
export async function syncAdminPermissions(db: Kysely<SystemTables>, registry: Registry): Promise<void> {
  const have = new Set(
    (await db.selectFrom('role_permissions').select('entity').where('role', '=', 'admin').execute()).map(
      (r) => r.entity,
    ),
  );
  const missing = registry
    .all()
    .filter((e) => !have.has(e.key))
    // logs and histories (`writes: "server"`): admin views them, the definition keeps them unwritable
    .map((e) =>
      permissionRow(
        'admin',
        e.key,
        ENTITY_ACTIONS.filter(
          (a) =>
            e.def.writes !== 'server' ||
            !['create', 'edit', 'delete', 'finalise', 'cancel', 'import'].includes(a),
        ),
      ),
    );
  if (missing.length) await db.insertInto('role_permissions').values(missing).execute();
}
