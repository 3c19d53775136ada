/** Role permission rows and menu access for the operations seeders. */
import type { Kysely } from 'kysely';
import type { EntityAction } from '../../../runtime/shared/definition';
import type { SystemTables } from '../../db/types';
import { permissionRow } from '../../security/adminPermissions';

/** Sets `role`'s actions on `entity` (replacing any row the core seed made). */
export async function grant(
  db: Kysely<SystemTables>,
  role: string,
  entity: string,
  actions: readonly EntityAction[],
): Promise<void> {
  await db.deleteFrom('role_permissions').where('role', '=', role).where('entity', '=', entity).execute();
  await db
    .insertInto('role_permissions')
    .values(permissionRow(role, entity, actions))
    .execute();
}

/** Menu item `entity` for vendor or customer users. */
export async function menuFor(
  db: Kysely<SystemTables>,
  who: 'vendor' | 'customer',
  entity: string,
): Promise<void> {
  await db.insertInto('menu_access').values({ who, entity }).execute();
}
