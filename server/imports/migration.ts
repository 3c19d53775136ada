/**
 * Migration 0016_import: the `import` entity permission (granted to the admin role, as every
 * permission; other roles get it from the admin), the import jobs and the source rows each job has
 * committed (written in the same transaction as the row: a restarted job skips them, docs/import.md).
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const JOBS_TABLE = 'import_jobs';
export const JOB_ROWS_TABLE = 'import_job_rows';

export function importMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('role_permissions')
        .addColumn('can_import', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`update role_permissions set can_import = 1 where role = 'admin'`.execute(db);
      await db.schema
        .createTable(JOBS_TABLE)
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('entity', 'text', (c) => c.notNull())
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('mode', 'text', (c) => c.notNull())
        .addColumn('key_field', 'text')
        .addColumn('mapping', 'text', (c) => c.notNull())
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('lang', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('written', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('errors', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('ix_import_jobs_user')
        .on(JOBS_TABLE)
        .columns(['user_id', 'entity', 'created_at'])
        .execute();
      await db.schema
        .createTable(JOB_ROWS_TABLE)
        .addColumn('job_id', 'text', (c) => c.notNull())
        .addColumn('source_row', 'integer', (c) => c.notNull())
        .addColumn('record_id', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('pk_import_job_rows', ['job_id', 'source_row'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable(JOB_ROWS_TABLE).execute();
      await db.schema.dropTable(JOBS_TABLE).execute();
      await db.schema.alterTable('role_permissions').dropColumn('can_import').execute();
    },
  };
}

/**
 * Migration 0017_import_lease: the process running a job holds a lease on it (`lease_owner`, until
 * `lease_until`, epoch ms), renewed after every batch; another process (a cluster, several servers)
 * starts a `running` job only once its lease has run out, so no job runs twice at once (run.ts).
 */
export function importLeaseMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable(JOBS_TABLE).addColumn('lease_owner', 'text').execute();
      await db.schema
        .alterTable(JOBS_TABLE)
        .addColumn('lease_until', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable(JOBS_TABLE).dropColumn('lease_until').execute();
      await db.schema.alterTable(JOBS_TABLE).dropColumn('lease_owner').execute();
    },
  };
}
