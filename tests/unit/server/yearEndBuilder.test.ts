/**
 * The pure year-end builder (server/accounting/yearEndBuilder.ts): per branch, the temporary
 * accounts closed into current earnings and on to retained earnings, the closing voucher of every
 * balance-sheet balance (per account and detail accounts), the next year's opening voucher of the
 * same balances; each voucher balanced; a loss on the other sides; nothing for an empty branch.
 */
import { describe, expect, it } from 'vitest';
import {
  buildYearEnd,
  type LedgerBalance,
  type YearEndTexts,
} from '../../../server/accounting/yearEndBuilder';

// accounts: 1 cash, 2 receivable, 3 payable, 4 capital, 5 retained, 6 current, 7 sales, 8 rent
const CODES: Record<number, string> = {
  1: '1101',
  2: '1201',
  3: '3101',
  4: '5101',
  5: '5301',
  6: '5302',
  7: '6101',
  8: '8201',
};
const chart = {
  isProfitLoss: (a: number) => a >= 7,
  code: (a: number) => CODES[a] ?? '',
  currentEarnings: 6,
  retainedEarnings: 5,
};
const TEXTS: YearEndTexts = {
  temporary: 'T',
  permanent: 'P',
  opening: 'O',
  closeLine: 'close',
  resultLine: 'result',
  transferLine: 'transfer',
  permanentLine: 'end',
  openingLine: 'start',
};
const DAYS = { end: '2027-03-20', nextStart: '2027-03-21' };
const b = (
  branch: number | null,
  account: number,
  net: bigint,
  detail1: number | null = null,
): LedgerBalance => ({ branch, account, detail1, detail2: null, net });
/** Debit − credit per account (and detail) of a voucher's lines. */
const nets = (lines: { account: number; detail1: number | null; debit: number; credit: number }[]) =>
  Object.fromEntries(lines.map((l) => [`${l.account}/${l.detail1 ?? 0}`, l.debit - l.credit]));

describe('year-end vouchers', () => {
  it('closes P&L into current then retained earnings, closes and reopens the balance sheet, per branch', () => {
    const balances = [
      // no branch: capital 1000 in cash; a sale of 300 on credit to party 11 and 200 to party 12; rent 120 paid
      b(null, 1, 1000n - 120n),
      b(null, 2, 300n, 11),
      b(null, 2, 200n, 12),
      b(null, 4, -1000n),
      b(null, 7, -500n),
      b(null, 8, 120n),
      // branch 9: a loss: rent 50 owed, nothing sold
      b(9, 8, 50n),
      b(9, 3, -50n, 13),
    ];
    const out = buildYearEnd(balances, chart, DAYS, TEXTS);
    expect(out.map((v) => [v.kind, v.built.branch, v.built.description, v.built.date])).toEqual([
      ['closing', null, 'T', DAYS.end],
      ['closing', null, 'P', DAYS.end],
      ['opening', null, 'O', DAYS.nextStart],
      ['closing', 9, 'T', DAYS.end],
      ['closing', 9, 'P', DAYS.end],
      ['opening', 9, 'O', DAYS.nextStart],
    ]);
    for (const v of out) {
      expect(v.built.totalDebit, v.built.description).toBe(v.built.totalCredit);
      expect(v.built.lines.every((l) => l.debit > 0 !== l.credit > 0)).toBe(true);
    }
    const [temp, perm, open, lossTemp, lossPerm, lossOpen] = out.map((v) => v.built);
    // profit 380: sales and rent closed, 380 credited to current earnings, then moved to retained
    expect(temp!.lines.map((l) => [CODES[l.account], l.debit, l.credit, l.description])).toEqual([
      ['6101', 500, 0, 'close'],
      ['8201', 0, 120, 'close'],
      ['5302', 0, 380, 'result'],
      ['5302', 380, 0, 'transfer'],
      ['5301', 0, 380, 'transfer'],
    ]);
    // the balance sheet after it: cash 880, parties 300 and 200, capital 1000 and retained 380 (credit)
    const sheet = { '1/0': 880, '2/11': 300, '2/12': 200, '4/0': -1000, '5/0': -380 };
    expect(nets(open!.lines)).toEqual(sheet);
    expect(nets(perm!.lines)).toEqual(Object.fromEntries(Object.entries(sheet).map(([k, n]) => [k, -n])));
    expect(open!.lines.map((l) => CODES[l.account])).toEqual(['1101', '1201', '1201', '5101', '5301']);
    // branch 9's loss of 50: debited to current earnings, then to retained earnings
    expect(nets(lossTemp!.lines.filter((l) => l.description !== 'transfer'))).toEqual({
      '8/0': -50,
      '6/0': 50,
    });
    expect(nets(lossOpen!.lines)).toEqual({ '3/13': -50, '5/0': 50 });
    expect(nets(lossPerm!.lines)).toEqual({ '3/13': 50, '5/0': -50 });
  });

  it('carries an earlier current-earnings balance to retained earnings and writes nothing for zero balances', () => {
    const out = buildYearEnd([b(null, 6, -70n), b(null, 1, 70n), b(null, 7, 0n)], chart, DAYS, TEXTS);
    expect(out[0]!.built.lines.map((l) => [CODES[l.account], l.debit, l.credit])).toEqual([
      ['5302', 70, 0],
      ['5301', 0, 70],
    ]);
    expect(nets(out[2]!.built.lines)).toEqual({ '1/0': 70, '5/0': -70 });
    expect(buildYearEnd([b(null, 1, 0n)], chart, DAYS, TEXTS)).toEqual([]);
  });
});
