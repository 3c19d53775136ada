/** The table of saved grid views (runtime/shared/gridViews.ts): one row per user, entity and name. */
import { type Kysely, type Migration } from 'kysely';

export function gridViewsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('grid_views')
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('entity', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('pk_grid_views', ['user_id', 'entity', 'name'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('grid_views').execute();
    },
  };
}
