/**
 * Writes the general ledger (ledgerTables.ts): the entries of a voucher that became final, and
 * their removal when it is cancelled, each inside the caller's transaction (the write pipeline's),
 * with the daily totals (per detail accounts, and per account only) moved by the same amounts in the
 * same transaction. The totals are changed by one atomic
 * `INSERT … ON CONFLICT DO UPDATE SET debit = debit + excluded.debit`, so concurrent postings of the
 * same account and day add up exactly on SQLite and PostgreSQL (the conflicting row is locked until
 * the transaction ends; every transaction takes the rows in the same order, the detailed table
 * first, so none waits on another in a circle).
 */
import { sql } from 'kysely';
import type { Untyped } from '../db/untyped';
import { LEDGER_ACCOUNT_DAILY, LEDGER_DAILY, LEDGER_ENTRIES } from './ledgerTables';

/** One line of a final voucher as the ledger keeps it. */
export interface LedgerEntry {
  voucherId: number;
  lineNo: number;
  date: string;
  accountId: number;
  detail1Id: number | null;
  detail2Id: number | null;
  branchId: number | null;
  /** Integers of Rial; one of the two is 0. */
  debit: number;
  credit: number;
  description: string | null;
  sourceEntity: string | null;
  sourceId: number | null;
}

/** Rows per INSERT (13 columns each: well under both databases' parameter limits). */
const CHUNK = 500;

interface DailyKey {
  account_id: number;
  detail1_id: number;
  detail2_id: number;
  branch_id: number;
  date: string;
}

function dailyKey(e: LedgerEntry): DailyKey {
  return {
    account_id: e.accountId,
    detail1_id: e.detail1Id ?? 0,
    detail2_id: e.detail2Id ?? 0,
    branch_id: e.branchId ?? 0,
    date: e.date,
  };
}

/** Sums entries per daily key (`sign` -1 takes them away). */
function dailyDeltas(
  entries: readonly LedgerEntry[],
  sign: 1 | -1,
): (DailyKey & { debit: number; credit: number })[] {
  const byKey = new Map<string, DailyKey & { debit: number; credit: number }>();
  for (const e of entries) {
    const key = dailyKey(e);
    const id = `${key.account_id}|${key.detail1_id}|${key.detail2_id}|${key.branch_id}|${key.date}`;
    const row = byKey.get(id) ?? { ...key, debit: 0, credit: 0 };
    row.debit += sign * e.debit;
    row.credit += sign * e.credit;
    byKey.set(id, row);
  }
  // a fixed order: two transactions touching the same keys lock them in the same order (no deadlock)
  return [...byKey.values()].sort(
    (a, b) =>
      a.account_id - b.account_id ||
      a.detail1_id - b.detail1_id ||
      a.detail2_id - b.detail2_id ||
      a.branch_id - b.branch_id ||
      a.date.localeCompare(b.date),
  );
}

/** The same deltas per account, branch and day (the detail accounts summed away), in key order. */
function accountDeltas(
  deltas: readonly (DailyKey & { debit: number; credit: number })[],
): { account_id: number; branch_id: number; date: string; debit: number; credit: number }[] {
  const byKey = new Map<
    string,
    { account_id: number; branch_id: number; date: string; debit: number; credit: number }
  >();
  for (const d of deltas) {
    const id = `${d.account_id}|${d.branch_id}|${d.date}`;
    const row = byKey.get(id) ?? {
      account_id: d.account_id,
      branch_id: d.branch_id,
      date: d.date,
      debit: 0,
      credit: 0,
    };
    row.debit += d.debit;
    row.credit += d.credit;
    byKey.set(id, row);
  }
  return [...byKey.values()].sort(
    (a, b) => a.account_id - b.account_id || a.branch_id - b.branch_id || a.date.localeCompare(b.date),
  );
}

/** Adds `rows` to the totals of `table` (keyed by `key`) in one atomic upsert per chunk. */
async function increment<R extends object>(
  db: Untyped,
  table: string,
  key: string[],
  rows: readonly R[],
): Promise<void> {
  for (let at = 0; at < rows.length; at += CHUNK)
    await db
      .insertInto(table)
      .values(rows.slice(at, at + CHUNK))
      .onConflict((oc) =>
        oc.columns(key).doUpdateSet({
          debit: sql`${sql.ref(`${table}.debit`)} + excluded.debit`,
          credit: sql`${sql.ref(`${table}.credit`)} + excluded.credit`,
        }),
      )
      .execute();
}

async function moveDaily(db: Untyped, entries: readonly LedgerEntry[], sign: 1 | -1): Promise<void> {
  const deltas = dailyDeltas(entries, sign);
  await increment(db, LEDGER_DAILY, ['account_id', 'detail1_id', 'detail2_id', 'branch_id', 'date'], deltas);
  await increment(db, LEDGER_ACCOUNT_DAILY, ['account_id', 'branch_id', 'date'], accountDeltas(deltas));
}

/** Adds a final voucher's lines to the ledger (in the caller's transaction). */
export async function addEntries(db: Untyped, entries: readonly LedgerEntry[]): Promise<void> {
  if (!entries.length) return;
  const rows = entries.map((e) => ({
    voucher_id: e.voucherId,
    line_no: e.lineNo,
    date: e.date,
    account_id: e.accountId,
    detail1_id: e.detail1Id,
    detail2_id: e.detail2Id,
    branch_id: e.branchId,
    debit: e.debit,
    credit: e.credit,
    description: e.description,
    source_entity: e.sourceEntity,
    source_id: e.sourceId,
  }));
  for (let at = 0; at < rows.length; at += CHUNK)
    await db
      .insertInto(LEDGER_ENTRIES)
      .values(rows.slice(at, at + CHUNK))
      .execute();
  await moveDaily(db, entries, 1);
}

/** The ledger entries of one voucher, as written by addEntries. */
export async function voucherEntries(db: Untyped, voucherId: number): Promise<LedgerEntry[]> {
  const rows = (await db
    .selectFrom(LEDGER_ENTRIES)
    .selectAll()
    .where('voucher_id', '=', voucherId)
    .orderBy('line_no')
    .execute()) as Record<string, unknown>[];
  const id = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return rows.map((r) => ({
    voucherId: Number(r.voucher_id),
    lineNo: Number(r.line_no),
    date: String(r.date),
    accountId: Number(r.account_id),
    detail1Id: id(r.detail1_id),
    detail2Id: id(r.detail2_id),
    branchId: id(r.branch_id),
    debit: Number(r.debit),
    credit: Number(r.credit),
    description: r.description === null ? null : String(r.description),
    sourceEntity: r.source_entity === null ? null : String(r.source_entity),
    sourceId: id(r.source_id),
  }));
}

/**
 * Takes a cancelled voucher out of the ledger (in the caller's transaction): its entries are
 * deleted and the daily totals reduced by them. The voucher row itself stays, cancelled.
 */
export async function removeVoucher(db: Untyped, voucherId: number): Promise<void> {
  const entries = await voucherEntries(db, voucherId);
  if (!entries.length) return;
  await moveDaily(db, entries, -1);
  await db.deleteFrom(LEDGER_ENTRIES).where('voucher_id', '=', voucherId).execute();
}
