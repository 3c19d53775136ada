/**
 * The general ledger as two system tables, written only by ledgerStore.ts inside the write
 * transaction that finalises (or cancels) an accounting voucher:
 *
 * - `ledger_entries`: one row per line of a final voucher, with the voucher's date, branch and
 *   source document copied beside the line's account and detail accounts, so ledgers and
 *   statements read one indexed table instead of joining vouchers to their lines.
 * - `ledger_daily`: debit and credit totals per account, detail accounts, branch and day, kept by
 *   an atomic increment in the same transaction as the entries (exact under concurrent posting on
 *   both databases). Balances over any date range (trial balance, balance sheet, party balances)
 *   sum these rows: at most one per key and day, whatever the number of lines.
 *
 * - `ledger_account_daily`: the same totals per account, branch and day only (no detail accounts),
 *   kept by the same increment in the same transaction. Reports that neither filter nor group by a
 *   detail account (trial balance, statements, an account's ledger totals) sum these: one row per
 *   account, branch and day, however many parties the lines name.
 *
 * Detail and branch columns of `ledger_daily` hold 0 for "none" (they are part of its primary key).
 */
import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../db/types';

export const LEDGER_ENTRIES = 'ledger_entries';
export const LEDGER_DAILY = 'ledger_daily';
export const LEDGER_ACCOUNT_DAILY = 'ledger_account_daily';

/** Columns of `ledger_entries` as stored (amounts are integers of Rial). */
export interface LedgerEntryRow {
  id: number;
  voucher_id: number;
  line_no: number;
  /** ISO date (YYYY-MM-DD) of the voucher. */
  date: string;
  account_id: number;
  detail1_id: number | null;
  detail2_id: number | null;
  branch_id: number | null;
  debit: number;
  credit: number;
  description: string | null;
  /** `module.name` of the document the voucher was posted from (null for a manual voucher). */
  source_entity: string | null;
  source_id: number | null;
}

/** Columns of `ledger_account_daily`: totals per account, branch and day (0 = no branch). */
export interface LedgerAccountDailyRow {
  account_id: number;
  branch_id: number;
  date: string;
  debit: number;
  credit: number;
}

/** Columns of `ledger_daily`: totals per key and day (0 = no detail / no branch). */
export interface LedgerDailyRow {
  account_id: number;
  detail1_id: number;
  detail2_id: number;
  branch_id: number;
  date: string;
  debit: number;
  credit: number;
}

export function ledgerMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable(LEDGER_ENTRIES)
        .addColumn('id', dialect === 'postgres' ? 'bigserial' : 'integer', (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('voucher_id', 'bigint', (c) => c.notNull())
        .addColumn('line_no', 'integer', (c) => c.notNull())
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('account_id', 'bigint', (c) => c.notNull())
        .addColumn('detail1_id', 'bigint')
        .addColumn('detail2_id', 'bigint')
        .addColumn('branch_id', 'bigint')
        .addColumn('debit', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('credit', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('description', 'text')
        .addColumn('source_entity', 'text')
        .addColumn('source_id', 'bigint')
        .execute();
      const index = (name: string, columns: string[]) =>
        db.schema.createIndex(name).on(LEDGER_ENTRIES).columns(columns).execute();
      await index('ix_ledger_entries_account_date', ['account_id', 'date']);
      await index('ix_ledger_entries_detail1_date', ['detail1_id', 'date']);
      await index('ix_ledger_entries_voucher', ['voucher_id']);
      await index('ix_ledger_entries_source', ['source_entity', 'source_id']);
      await index('ix_ledger_entries_date', ['date']);

      await db.schema
        .createTable(LEDGER_DAILY)
        .addColumn('account_id', 'bigint', (c) => c.notNull())
        .addColumn('detail1_id', 'bigint', (c) => c.notNull())
        .addColumn('detail2_id', 'bigint', (c) => c.notNull())
        .addColumn('branch_id', 'bigint', (c) => c.notNull())
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('debit', 'bigint', (c) => c.notNull())
        .addColumn('credit', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('pk_ledger_daily', [
          'account_id',
          'detail1_id',
          'detail2_id',
          'branch_id',
          'date',
        ])
        .execute();
      await db.schema.createIndex('ix_ledger_daily_date').on(LEDGER_DAILY).columns(['date']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable(LEDGER_DAILY).execute();
      await db.schema.dropTable(LEDGER_ENTRIES).execute();
    },
  };
}

/**
 * `ledger_account_daily` (0012): created and filled from `ledger_daily` (the databases of 0011
 * already hold a ledger), exact: integer sums of the same rows.
 */
export function ledgerAccountDailyMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable(LEDGER_ACCOUNT_DAILY)
        .addColumn('account_id', 'bigint', (c) => c.notNull())
        .addColumn('branch_id', 'bigint', (c) => c.notNull())
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('debit', 'bigint', (c) => c.notNull())
        .addColumn('credit', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('pk_ledger_account_daily', ['account_id', 'branch_id', 'date'])
        .execute();
      await db.schema
        .createIndex('ix_ledger_account_daily_date')
        .on(LEDGER_ACCOUNT_DAILY)
        .columns(['date'])
        .execute();
      await fillAccountDaily(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable(LEDGER_ACCOUNT_DAILY).execute();
    },
  };
}

/** Fills `ledger_account_daily` from `ledger_daily` (an empty table: the migration, a rebuild). */
export async function fillAccountDaily(db: Kysely<unknown>): Promise<void> {
  await sql`insert into ${sql.table(LEDGER_ACCOUNT_DAILY)} (account_id, branch_id, date, debit, credit)
    select account_id, branch_id, date, sum(debit), sum(credit) from ${sql.table(LEDGER_DAILY)}
    group by account_id, branch_id, date`.execute(db);
}
