/**
 * The year-end vouchers of a fiscal year, built from the ledger's balances at its last day (pure;
 * yearEnd.ts reads the balances and posts what this builds). The Iranian practice, per branch
 * (a voucher carries one branch, so each branch's balances balance on their own):
 *
 * 1. بستن حساب‌های موقت (kind `closing`, the year's last day): every profit-and-loss balance, per
 *    account and detail accounts, on the other side; the year's result to current earnings
 *    (سود و زیان جاری), whose whole balance then moves to retained earnings (سود و زیان انباشته).
 * 2. سند اختتامیه (kind `closing`, the same day): every balance-sheet balance left, per account and
 *    detail accounts, on the other side, so every account stands at zero after the year.
 * 3. سند افتتاحیه (kind `opening`, the next year's first day): the balance-sheet balances of 2 on
 *    their own side again.
 *
 * After the pair, sums over all history are right at any day, so the reports read the whole
 * ledger: a report at the year's last day leaves that day's closing vouchers out, and a range
 * starting on the next year's first day counts its opening voucher as the opening balance
 * (server/reportDefs/ledger/common.ts).
 */
import type { BuiltLine, BuiltVoucher } from './postingBuilder';

/** One balance of the ledger: debit − credit of an account (and its detail accounts) in a branch. */
export interface LedgerBalance {
  branch: number | null;
  account: number;
  detail1: number | null;
  detail2: number | null;
  /** Debit − credit, exact. */
  net: bigint;
}

/** What the builder needs to know of the accounts. */
export interface YearEndChart {
  /** An account's statement: profit and loss accounts are closed, the others carried forward. */
  isProfitLoss(account: number): boolean;
  /** The account's code (the lines' order). */
  code(account: number): string;
  currentEarnings: number;
  retainedEarnings: number;
}

/** Descriptions of the vouchers and their lines (stored texts, in Persian). */
export interface YearEndTexts {
  temporary: string;
  permanent: string;
  opening: string;
  /** A closed profit-and-loss line. */
  closeLine: string;
  /** The year's result on current earnings. */
  resultLine: string;
  /** Current earnings moved to retained earnings. */
  transferLine: string;
  /** A balance-sheet line of the closing voucher. */
  permanentLine: string;
  /** A line of the opening voucher. */
  openingLine: string;
}

export interface YearEndVoucher {
  kind: 'closing' | 'opening';
  built: BuiltVoucher;
}

const keyOf = (b: Pick<LedgerBalance, 'account' | 'detail1' | 'detail2'>) =>
  `${b.account}|${b.detail1 ?? 0}|${b.detail2 ?? 0}`;

function amount(v: bigint): number {
  const n = Number(v);
  if (!Number.isSafeInteger(n)) throw new Error(`year-end amount beyond 2^53: ${v}`);
  return n;
}

/** A line taking `net` (debit − credit) on its own side; `reverse` puts it on the other. */
function line(
  b: Omit<LedgerBalance, 'branch' | 'net'>,
  net: bigint,
  reverse: boolean,
  text: string,
): BuiltLine {
  const signed = reverse ? -net : net;
  return {
    account: b.account,
    detail1: b.detail1,
    detail2: b.detail2,
    debit: signed > 0n ? amount(signed) : 0,
    credit: signed < 0n ? amount(-signed) : 0,
    description: text,
  };
}

function voucher(date: string, branch: number | null, description: string, lines: BuiltLine[]): BuiltVoucher {
  return {
    date,
    branch,
    description,
    lines,
    totalDebit: lines.reduce((a, l) => a + l.debit, 0),
    totalCredit: lines.reduce((a, l) => a + l.credit, 0),
  };
}

/** The closing and opening vouchers of one branch's balances. */
function branchVouchers(
  branch: number | null,
  balances: LedgerBalance[],
  chart: YearEndChart,
  days: { end: string; nextStart: string },
  texts: YearEndTexts,
): YearEndVoucher[] {
  const order = (a: BuiltLine, b: BuiltLine) =>
    chart.code(a.account).localeCompare(chart.code(b.account)) ||
    (a.detail1 ?? 0) - (b.detail1 ?? 0) ||
    (a.detail2 ?? 0) - (b.detail2 ?? 0);
  const profitLoss = balances.filter((b) => chart.isProfitLoss(b.account) && b.net !== 0n);
  // the balance sheet after the temporary accounts are closed, per account and detail accounts
  const sheet = new Map<string, Omit<LedgerBalance, 'branch'>>();
  const move = (account: number, delta: bigint) => {
    const key = keyOf({ account, detail1: null, detail2: null });
    const at = sheet.get(key) ?? { account, detail1: null, detail2: null, net: 0n };
    sheet.set(key, { ...at, net: at.net + delta });
  };
  for (const b of balances)
    if (!chart.isProfitLoss(b.account)) {
      const key = keyOf(b);
      sheet.set(key, { ...b, net: (sheet.get(key)?.net ?? 0n) + b.net });
    }
  const out: YearEndVoucher[] = [];
  const none = { detail1: null, detail2: null };
  // 1. temporary accounts to current earnings, current earnings to retained earnings
  const temporary = profitLoss.map((b) => line(b, b.net, true, texts.closeLine)).sort(order);
  const result = profitLoss.reduce((a, b) => a + b.net, 0n); // debit − credit: a profit is negative
  if (result !== 0n) {
    temporary.push(line({ account: chart.currentEarnings, ...none }, result, false, texts.resultLine));
    move(chart.currentEarnings, result);
  }
  const current = sheet.get(keyOf({ account: chart.currentEarnings, ...none }))?.net ?? 0n;
  if (current !== 0n && chart.currentEarnings !== chart.retainedEarnings) {
    temporary.push(line({ account: chart.currentEarnings, ...none }, current, true, texts.transferLine));
    temporary.push(line({ account: chart.retainedEarnings, ...none }, current, false, texts.transferLine));
    move(chart.currentEarnings, -current);
    move(chart.retainedEarnings, current);
  }
  if (temporary.length)
    out.push({ kind: 'closing', built: voucher(days.end, branch, texts.temporary, temporary) });
  // 2. every balance-sheet balance closed; 3. opened again on the next year's first day
  const open = [...sheet.values()].filter((b) => b.net !== 0n);
  if (open.length) {
    const closing = open.map((b) => line(b, b.net, true, texts.permanentLine)).sort(order);
    const opening = open.map((b) => line(b, b.net, false, texts.openingLine)).sort(order);
    out.push({ kind: 'closing', built: voucher(days.end, branch, texts.permanent, closing) });
    out.push({ kind: 'opening', built: voucher(days.nextStart, branch, texts.opening, opening) });
  }
  return out;
}

/** The year-end vouchers of the balances at the year's last day, branch by branch (none first). */
export function buildYearEnd(
  balances: readonly LedgerBalance[],
  chart: YearEndChart,
  days: { end: string; nextStart: string },
  texts: YearEndTexts,
): YearEndVoucher[] {
  const byBranch = new Map<number | null, LedgerBalance[]>();
  for (const b of balances) byBranch.set(b.branch, [...(byBranch.get(b.branch) ?? []), b]);
  const branches = [...byBranch.keys()].sort((a, b) => (a ?? 0) - (b ?? 0));
  return branches.flatMap((branch) => branchVouchers(branch, byBranch.get(branch)!, chart, days, texts));
}
