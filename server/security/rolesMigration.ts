/**
 * Migration 0014_roles_row_rules: roles with their labels (`roles`), the row rules of a role on an
 * entity (`row_rules`, runtime/shared/rowRules.ts, as JSON text) and the attributes of a user the
 * rules compare with (`user_attributes`, e.g. branch, warehouse). The roles users and permissions
 * already name become rows of `roles` (labelled by their key until an admin names them).
 */
import { sql, type Kysely, type Migration } from 'kysely';

export function rolesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('roles')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('label_fa', 'text', (c) => c.notNull())
        .addColumn('label_en', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .createTable('row_rules')
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('entity', 'text', (c) => c.notNull())
        .addColumn('rules', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('pk_row_rules', ['role', 'entity'])
        .execute();
      await db.schema
        .createTable('user_attributes')
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('pk_user_attributes', ['user_id', 'name'])
        .execute();
      await sql`insert into roles (key, label_fa, label_en, description)
        select distinct role, role, role, '' from (select role from users union select role from role_permissions) r`.execute(
        db,
      );
    },
    async down(db: Kysely<unknown>) {
      for (const t of ['user_attributes', 'row_rules', 'roles']) await db.schema.dropTable(t).execute();
    },
  };
}
