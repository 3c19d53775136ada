/** System tables, by Kysely's Migrator with the migrations in code. */
import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Dialect } from './types';
import { managementMigration } from '../management/migration';
import { attachmentRowsMigration, attachmentsMigration } from '../attachments/migration';
import { scrubTemporaryPasswords } from '../auth/scrubMigration';
import { gridViewsMigration } from '../gridViews/migration';
import { rolesMigration } from '../security/rolesMigration';
import { lifecyclePermissionsMigration } from '../security/lifecycleMigration';
import { numberingMigration } from '../numbering/migration';
import { ledgerAccountDailyMigration, ledgerMigration } from '../accounting/ledgerTables';
import { stockMigration } from '../inventory/stockTables';
import { automationsMigration } from '../automations/tables';
import { importLeaseMigration, importMigration } from '../imports/migration';

// Migrations must accept any database shape: the Migrator passes an untyped Kysely.
type AnyDb = Kysely<unknown>;

function idColumn(dialect: Dialect) {
  return dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
}

function initial(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('users')
        .addColumn('id', idColumn(dialect), (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('username', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('display_name', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('is_vendor', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_customer', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('party_id', 'bigint')
        .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('role_permissions')
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('entity', 'text', (c) => c.notNull())
        .addColumn('can_view', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('can_create', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('can_edit', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('can_delete', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('can_export', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('can_print', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('pk_role_permissions', ['role', 'entity'])
        .execute();
      await db.schema
        .createTable('menu_access')
        .addColumn('who', 'text', (c) => c.notNull())
        .addColumn('entity', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('pk_menu_access', ['who', 'entity'])
        .execute();
      await db.schema
        .createTable('refresh_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('family_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .addColumn('revoked_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('ix_refresh_tokens_family')
        .on('refresh_tokens')
        .column('family_id')
        .execute();
      await db.schema.createIndex('ix_refresh_tokens_user').on('refresh_tokens').column('user_id').execute();
      await db.schema
        .createTable('rate_limits')
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('pk_rate_limits', ['key', 'window_start'])
        .execute();
      await db.schema
        .createTable('ui_logs')
        .addColumn('id', idColumn(dialect), (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('user_id', 'bigint')
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('log', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('audit_log')
        .addColumn('id', idColumn(dialect), (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('user_id', 'bigint')
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('entity', 'text', (c) => c.notNull())
        .addColumn('row_id', 'bigint', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('diff', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('ix_audit_log_entity_row')
        .on('audit_log')
        .columns(['entity', 'row_id'])
        .execute();
      await sql`select 1`.execute(db);
    },
  };
}

/** Tenants each user may work in (header `tenant`, docs/api.md). */
const userTenants: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('user_tenants')
      .addColumn('user_id', 'bigint', (c) => c.notNull())
      .addColumn('tenant', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('pk_user_tenants', ['user_id', 'tenant'])
      .execute();
  },
};

/** Low-code (docs/lowcode-api.md): definition versions, field permissions, menu layout. */
function lowcode(dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('definition_versions')
        .addColumn('id', idColumn(dialect), (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('entity_key', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('definition', 'text', (c) => c.notNull())
        .addColumn('published_by', 'bigint')
        .addColumn('published_at', 'text', (c) => c.notNull())
        .addColumn('comment', 'text')
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(0))
        .addUniqueConstraint('uq_definition_versions', ['entity_key', 'version'])
        .execute();
      await db.schema
        .createTable('field_permissions')
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('entity', 'text', (c) => c.notNull())
        .addColumn('field', 'text', (c) => c.notNull())
        .addColumn('mode', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('pk_field_permissions', ['role', 'entity', 'field'])
        .execute();
      await db.schema
        .createTable('menu_layout')
        .addColumn('entity', 'text', (c) => c.primaryKey())
        .addColumn('module', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}

class InCodeProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return {
      '0001_system_tables': initial(this.dialect),
      '0002_user_tenants': userTenants,
      '0003_lowcode': lowcode(this.dialect),
      '0004_management': managementMigration,
      '0005_attachments': attachmentsMigration(this.dialect),
      '0006_attachment_rows': attachmentRowsMigration(this.dialect),
      '0007_scrub_temporary_passwords': scrubTemporaryPasswords,
      '0008_grid_views': gridViewsMigration(),
      '0009_lifecycle_permissions': lifecyclePermissionsMigration(),
      '0010_numbering': numberingMigration(),
      '0011_ledger': ledgerMigration(this.dialect),
      '0012_ledger_account_daily': ledgerAccountDailyMigration(),
      '0013_stock': stockMigration(this.dialect),
      '0014_roles_row_rules': rolesMigration(),
      '0015_automations': automationsMigration(this.dialect),
      '0016_import': importMigration(),
      '0017_import_lease': importLeaseMigration(),
    };
  }
}

/** The migrations in code, by name (in order). */
export async function migrationsInCode(dialect: Dialect): Promise<Record<string, Migration>> {
  return new InCodeProvider(dialect).getMigrations();
}

/**
 * Takes the database back down to `name` (its later migrations' `down`, newest first); tests use
 * it to make a database of an earlier version. Every migration from 0007 on has a `down`
 * (tests/server/accountSecurity.test.ts checks it).
 */
export async function migrateDownTo(db: Kysely<unknown>, dialect: Dialect, name: string): Promise<void> {
  const migrator = new Migrator({ db, provider: new InCodeProvider(dialect) });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

export async function migrate(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const migrator = new Migrator({ db, provider: new InCodeProvider(dialect) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
