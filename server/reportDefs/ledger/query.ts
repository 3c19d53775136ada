/**
 * SQL pieces over the general ledger (server/accounting/ledgerTables.ts), composed by the ledger
 * sources: the filter of a report (accounts, detail account, branch, days) as conditions, the
 * four sums of a balance (debit/credit before the range and within it) read from `ledger_daily`
 * (one row per key and day, whatever the number of lines), and the same sums of vouchers of some
 * kinds read from `ledger_entries` (to leave e.g. the closing voucher out of a profit and loss).
 * Sums are cast to text and added as BigInt (exact on both databases). Identifiers are the ledger
 * tables' own and the voucher entity's column names (definition whitelist); values are bound.
 */
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { LEDGER_ACCOUNT_DAILY, LEDGER_DAILY, LEDGER_ENTRIES } from '../../accounting/ledgerTables';
import type { Untyped } from '../../db/untyped';
import { big } from '../money';

export interface LedgerFilter {
  /** Only these accounts (null: every account; []: none). */
  accounts: readonly number[] | null;
  /** Lines carrying this detail account, at either detail level. */
  detail: number | null;
  branch: number | null;
}

/** Days, ISO and inclusive; `from` null: from the first entry (no opening). */
export interface Days {
  from: string | null;
  to: string;
}

type Cond = RawBuilder<SqlBool>;

/** The filter's conditions on a ledger table aliased `t` (ledger_daily keeps 0 for "none"). */
export function filterConditions(t: string, f: LedgerFilter, to: string, from?: string): Cond[] {
  const col = (c: string) => sql.ref(`${t}.${c}`);
  const out: Cond[] = [sql<SqlBool>`${col('date')} <= ${to}`];
  if (from !== undefined) out.push(sql<SqlBool>`${col('date')} >= ${from}`);
  if (f.accounts !== null)
    out.push(
      f.accounts.length
        ? sql<SqlBool>`${col('account_id')} in (${sql.join(f.accounts.map((id) => sql`${id}`))})`
        : sql<SqlBool>`1 = 0`,
    );
  if (f.detail !== null)
    out.push(sql<SqlBool>`(${col('detail1_id')} = ${f.detail} or ${col('detail2_id')} = ${f.detail})`);
  if (f.branch !== null) out.push(sql<SqlBool>`${col('branch_id')} = ${f.branch}`);
  return out;
}

export function allOf(conds: Cond[]): Cond {
  return sql<SqlBool>`(${sql.join(conds, sql` and `)})`;
}

/** `cast(sum(x) as text)`: exact on both databases, whatever the size. */
const sumText = (expr: RawBuilder<unknown>) => sql<string>`cast(sum(${expr}) as text)`;

/** Debit/credit before `from` (od, oc) and from it on (td, tc), of the rows aliased `t`. */
function sideSums(t: string, from: string | null) {
  const col = (c: string) => sql.ref(`${t}.${c}`);
  const before = (c: string) =>
    from === null ? sql`0` : sql`case when ${col('date')} < ${from} then ${col(c)} else 0 end`;
  const within = (c: string) =>
    from === null ? sql`${col(c)}` : sql`case when ${col('date')} >= ${from} then ${col(c)} else 0 end`;
  return [
    sumText(before('debit')).as('od'),
    sumText(before('credit')).as('oc'),
    sumText(within('debit')).as('td'),
    sumText(within('credit')).as('tc'),
  ];
}

/** What a balance is grouped by: the account, the (level-1) detail account, or both. */
export interface GroupBy {
  account: boolean;
  detail: boolean;
}

export interface Sums {
  accountId: number;
  /** 0 when not grouped by detail or the line has none. */
  detailId: number;
  /** Debit and credit before the range (opening) and within it (turnover). */
  od: bigint;
  oc: bigint;
  td: bigint;
  tc: bigint;
}

function groupColumns(t: string, by: GroupBy): string[] {
  return [...(by.account ? [`${t}.account_id`] : []), ...(by.detail ? [`${t}.detail1_id`] : [])];
}

function readSums(rows: Record<string, unknown>[]): Sums[] {
  return rows.map((r) => ({
    accountId: Number(r.account_id ?? 0),
    detailId: Number(r.detail1_id ?? 0),
    od: big(r.od),
    oc: big(r.oc),
    td: big(r.td),
    tc: big(r.tc),
  }));
}

/**
 * Opening and turnover sums from the daily totals: per account, branch and day
 * (`ledger_account_daily`) when neither the filter nor the grouping names a detail account, else
 * per detail accounts too (`ledger_daily`). Both are kept in the same transactions: the same sums.
 */
export async function dailySums(db: Untyped, f: LedgerFilter, days: Days, by: GroupBy): Promise<Sums[]> {
  const groups = groupColumns('d', by);
  const table = f.detail === null && !by.detail ? LEDGER_ACCOUNT_DAILY : LEDGER_DAILY;
  let q = db
    .selectFrom(`${table} as d`)
    .select([...groups, ...sideSums('d', days.from)])
    .where(allOf(filterConditions('d', f, days.to)));
  if (groups.length) q = q.groupBy(groups);
  return readSums((await q.execute()) as Record<string, unknown>[]);
}

/** The voucher table and its `kind` column, for leaving vouchers of some kinds out. */
export interface VoucherKinds {
  table: string;
  kindColumn: string;
  kinds: readonly string[];
}

/**
 * The ids of the vouchers of the kinds (a subquery): the entries are then read by their voucher
 * index, never joined whole to the vouchers (the year-end vouchers are few among many).
 */
export function vouchersOfKinds(db: Untyped, vouchers: VoucherKinds) {
  return db
    .selectFrom(`${vouchers.table} as v`)
    .select('v.id')
    .where(sql.ref(`v.${vouchers.kindColumn}`), 'in', [...vouchers.kinds]);
}

/** The same sums over the entries of vouchers of the given kinds only. */
export async function voucherKindSums(
  db: Untyped,
  f: LedgerFilter,
  days: Days,
  by: GroupBy,
  vouchers: VoucherKinds,
): Promise<Sums[]> {
  if (!vouchers.kinds.length) return [];
  const groups = groupColumns('e', by);
  let q = db
    .selectFrom(`${LEDGER_ENTRIES} as e`)
    .select([...groups, ...sideSums('e', days.from)])
    .where(allOf(filterConditions('e', f, days.to)))
    .where('e.voucher_id', 'in', vouchersOfKinds(db, vouchers));
  if (groups.length) q = q.groupBy(groups);
  return readSums((await q.execute()) as Record<string, unknown>[]);
}

/**
 * Debit and credit (as `td`, `tc`) of the entries dated `day` of vouchers of the given kinds: the
 * year-end vouchers of a report's first or last day (common.ts balanceSums).
 */
export async function voucherKindDaySums(
  db: Untyped,
  f: LedgerFilter,
  day: string,
  by: GroupBy,
  vouchers: VoucherKinds,
): Promise<Sums[]> {
  if (!vouchers.kinds.length) return [];
  const groups = groupColumns('e', by);
  let q = db
    .selectFrom(`${LEDGER_ENTRIES} as e`)
    .select([...groups, ...sideSums('e', null)])
    .where(allOf(filterConditions('e', f, day, day)))
    .where('e.voucher_id', 'in', vouchersOfKinds(db, vouchers));
  if (groups.length) q = q.groupBy(groups);
  return readSums((await q.execute()) as Record<string, unknown>[]);
}

/** `a` with the turnover of `b` moved into the opening (od += td, oc += tc), key by key. */
export function turnoverToOpening(a: Sums[], b: Sums[]): Sums[] {
  if (!b.length) return a;
  const key = (s: Sums) => `${s.accountId}|${s.detailId}`;
  const out = new Map(a.map((s) => [key(s), { ...s }]));
  for (const s of b) {
    const row = out.get(key(s)) ?? { ...s, od: 0n, oc: 0n, td: 0n, tc: 0n };
    row.od += s.td;
    row.oc += s.tc;
    row.td -= s.td;
    row.tc -= s.tc;
    out.set(key(s), row);
  }
  return [...out.values()];
}

/** `a − b` key by key (account and detail). */
export function subtractSums(a: Sums[], b: Sums[]): Sums[] {
  if (!b.length) return a;
  const key = (s: Sums) => `${s.accountId}|${s.detailId}`;
  const out = new Map(a.map((s) => [key(s), { ...s }]));
  for (const s of b) {
    const row = out.get(key(s)) ?? { ...s, od: 0n, oc: 0n, td: 0n, tc: 0n };
    row.od -= s.od;
    row.oc -= s.oc;
    row.td -= s.td;
    row.tc -= s.tc;
    out.set(key(s), row);
  }
  return [...out.values()];
}
