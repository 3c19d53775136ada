/**
 * A party's open balance from the general ledger, in the caller's transaction: the sum of the
 * daily totals (ledger_daily, ledgerTables.ts) of its detail account, at either level, on the named
 * accounts and every account under them, over all history — the year-end pair (closing and
 * opening vouchers) nets to zero across its two days, so the sum is the balance now whatever has
 * been closed. Summed by the database as integers and read as decimal text, so exact (BigInt)
 * whatever the number of entries on both databases.
 */
import { sql } from 'kysely';
import type { Untyped } from '../db/untyped';
import type { Registry } from '../definitions/registry';
import { loadChartFrom } from '../reportDefs/ledger/chart';
import { big } from '../reportDefs/money';
import { LEDGER_DAILY } from './ledgerTables';

/** Account codes a setting's value names (comma-separated, as the aging's sides read them). */
export function codesOf(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
}

/** The accounts of `codes` and every account under them (ids; none for codes that do not exist). */
export async function accountsUnder(
  db: Untyped,
  registry: Registry,
  codes: readonly string[],
): Promise<number[]> {
  if (codes.length === 0) return [];
  const chart = await loadChartFrom(db, registry);
  return [...new Set(chart.idsOfCodes(codes).flatMap((id) => chart.subtree(id)))];
}

/**
 * The balance of the detail account `detail` on `accounts`: debit − credit when the party's side
 * is `debit` (a receivable: what it owes), credit − debit otherwise (a payable).
 */
export async function partyBalance(
  db: Untyped,
  accounts: readonly number[],
  detail: number,
  open: 'debit' | 'credit',
): Promise<bigint> {
  if (accounts.length === 0) return 0n;
  const row = (await db
    .selectFrom(`${LEDGER_DAILY} as d`)
    .select([
      sql<string>`cast(coalesce(sum(${sql.ref('d.debit')}), 0) as text)`.as('debit'),
      sql<string>`cast(coalesce(sum(${sql.ref('d.credit')}), 0) as text)`.as('credit'),
    ])
    .where('d.account_id', 'in', [...accounts])
    .where((eb) => eb.or([eb('d.detail1_id', '=', detail), eb('d.detail2_id', '=', detail)]))
    .executeTakeFirst()) as { debit: unknown; credit: unknown } | undefined;
  const debit = big(row?.debit);
  const credit = big(row?.credit);
  return open === 'debit' ? debit - credit : credit - debit;
}
