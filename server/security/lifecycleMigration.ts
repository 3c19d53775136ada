/**
 * Migration 0009_lifecycle_permissions: the entity actions `finalise` and `cancel` of documents with
 * a lifecycle (runtime/shared/lifecycle.ts) get their role_permissions columns, each granted where
 * the role may edit today, so no role loses or gains what it could do before.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export function lifecyclePermissionsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const column of ['can_finalise', 'can_cancel'])
        await db.schema
          .alterTable('role_permissions')
          .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
      await sql`update role_permissions set can_finalise = can_edit, can_cancel = can_edit`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      for (const column of ['can_finalise', 'can_cancel'])
        await db.schema.alterTable('role_permissions').dropColumn(column).execute();
    },
  };
}
