/**
 * The counters of numbering series (runtime/shared/numbering.ts): one row per entity and series
 * (the pattern with its year and branch resolved), holding the next counter to give. The numbering
 * step (server/entities/write/steps/numbering.ts) takes and increments it inside the write's
 * transaction.
 */
import { type Kysely, type Migration } from 'kysely';

export const SERIES_TABLE = 'numbering_series';

export function numberingMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable(SERIES_TABLE)
        .addColumn('entity', 'text', (c) => c.notNull())
        .addColumn('series', 'text', (c) => c.notNull())
        .addColumn('next_value', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('pk_numbering_series', ['entity', 'series'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable(SERIES_TABLE).execute();
    },
  };
}
