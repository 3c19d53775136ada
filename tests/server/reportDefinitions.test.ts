/**
 * Report definitions over the general ledger (server/reportDefs/, docs/api.md «Report
 * definitions»): known vouchers are written to the ledger (ledgerStore.addEntries) on a branch of
 * their own, and every figure the shipped reports answer is checked against a plain computation
 * over those lines: trial balance at each level and its 2/4/6/8 columns, ledger and detail
 * statements with opening and running balance, aging first in first out, profit and loss, balance
 * sheet; exact sums beyond 2^53; parameter refusals; permissions, a customer's own detail account,
 * hidden fields; the XLSX file read back.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoToJalali } from '../../runtime/shared/jalali';
import type { MenuItem } from '../../runtime/shared/menu';
import type {
  ReportDefinitionAnswer,
  ReportResult,
  ReportValue,
} from '../../runtime/shared/reportDefinition';
import { addEntries, type LedgerEntry } from '../../server/accounting/ledgerStore';
import { buildApp } from '../../server/app';
import type { Untyped } from '../../server/db/untyped';
import { insertRows } from '../../server/demo/seedInsert';
import { DIALECTS, PASSWORD, SECRET, call, freshDatabase, signIn, type TestDb } from './helpers';
import { reportSchemas } from './reportFixtures';

const MAX = 9_007_199_254_740_991n; // 2^53 − 1
const FROM = '2030-03-21';
const TO = '2031-03-20';

// the chart: 4-digit groups, 6-digit generals, 8-digit subsidiaries (code prefixes = the tree)
const ACCOUNTS: [code: string, name: string, kind: string, statement?: string][] = [
  ['9901', 'دارایی‌های آزمون', 'asset', 'balanceSheet'],
  ['990101', 'موجودی نقد آزمون', 'asset'],
  ['99010101', 'صندوق آزمون', 'asset'],
  ['99010102', 'بانک آزمون', 'asset'],
  ['990102', 'دریافتنی‌های آزمون', 'asset'],
  ['99010201', 'حساب‌های دریافتنی آزمون', 'asset'],
  ['9902', 'بدهی‌های آزمون', 'liability', 'balanceSheet'],
  ['990201', 'پرداختنی‌های آزمون', 'liability'],
  ['99020101', 'حساب‌های پرداختنی آزمون', 'liability'],
  ['9903', 'حقوق مالکانه آزمون', 'equity', 'balanceSheet'],
  ['990301', 'سرمایه و سود آزمون', 'equity'],
  ['99030101', 'سرمایه آزمون', 'equity'],
  ['99030102', 'سود انباشته آزمون', 'equity'],
  ['9904', 'درآمدهای آزمون', 'income', 'profitLoss'],
  ['990401', 'فروش آزمون', 'income'],
  ['99040101', 'فروش کالا آزمون', 'income'],
  ['9905', 'هزینه‌های آزمون', 'expense', 'profitLoss'],
  ['990501', 'هزینه‌های عملیاتی آزمون', 'expense'],
  ['99050101', 'هزینه اجاره آزمون', 'expense'],
];
const CASH = '99010101';
const BANK = '99010102';
const REC = '99010201';
const PAY = '99020101';
const CAP = '99030101';
const RE = '99030102';
const SALES = '99040101';
const RENT = '99050101';
const DETAILS = ['D1', 'D2', 'DV'] as const;
type DetailKey = (typeof DETAILS)[number];

type Line = [account: string, detail: DetailKey | null, debit: bigint, credit: bigint];
interface Voucher {
  date: string;
  lines: Line[];
  kind?: string;
}
const sale = (date: string, d: DetailKey, n: bigint): Voucher => ({
  date,
  lines: [
    [REC, d, n, 0n],
    [SALES, null, 0n, n],
  ],
});
const receipt = (date: string, d: DetailKey, n: bigint): Voucher => ({
  date,
  lines: [
    [CASH, null, n, 0n],
    [REC, d, 0n, n],
  ],
});

const VOUCHERS: Voucher[] = [
  {
    date: '2030-01-10',
    lines: [
      [CASH, null, 1_000_000_000n, 0n],
      [CAP, null, 0n, 1_000_000_000n],
    ],
  },
  sale('2030-02-01', 'D1', 300_000n),
  sale('2030-04-01', 'D1', 500_000n),
  sale('2030-05-15', 'D2', 700_000n),
  receipt('2030-06-01', 'D1', 400_000n),
  sale('2030-06-15', 'D2', 80_000n),
  {
    date: '2030-06-10',
    lines: [
      [RENT, null, 200_000n, 0n],
      [CASH, null, 0n, 200_000n],
    ],
  },
  {
    date: '2030-07-01',
    lines: [
      [RENT, null, 50_000n, 0n],
      [PAY, 'DV', 0n, 50_000n],
    ],
  },
  sale('2030-07-10', 'D2', 150_000n),
  sale('2030-08-01', 'D1', 100_000n),
  receipt('2030-08-20', 'D2', 200_000n),
  // two postings of 2^53 − 1 on two days: their sum is exact only as a decimal string
  {
    date: '2030-09-01',
    lines: [
      [BANK, null, MAX, 0n],
      [CAP, null, 0n, MAX],
    ],
  },
  {
    date: '2030-09-02',
    lines: [
      [BANK, null, MAX, 0n],
      [CAP, null, 0n, MAX],
    ],
  },
  // after the range: never in its figures
  sale('2031-04-01', 'D1', 999_000n),
];

/** The year-end closing voucher: every P&L balance of the year into retained earnings. */
function closingVoucher(): Voucher {
  const sums = new Map<string, bigint>();
  for (const v of VOUCHERS)
    for (const [a, , d, c] of v.lines)
      if ((a === SALES || a === RENT) && v.date <= TO) sums.set(a, (sums.get(a) ?? 0n) + d - c);
  const lines: Line[] = [];
  let profit = 0n;
  for (const [a, net] of sums) {
    lines.push(net > 0n ? [a, null, 0n, net] : [a, null, -net, 0n]);
    profit -= net;
  }
  lines.push(profit > 0n ? [RE, null, 0n, profit] : [RE, null, -profit, 0n]);
  return { date: TO, lines, kind: 'closing' };
}

const big = (v: ReportValue | undefined): bigint => (v === null || v === undefined ? 0n : BigInt(v));

/** Plain sums of the lines: debit/credit before and within [from, to] of the lines `pick` takes. */
function reference(all: Voucher[], from: string | null, to: string, pick: (l: Line, v: Voucher) => boolean) {
  const s = { od: 0n, oc: 0n, td: 0n, tc: 0n };
  for (const v of all)
    for (const l of v.lines) {
      if (v.date > to || !pick(l, v)) continue;
      if (from !== null && v.date < from) {
        s.od += l[2];
        s.oc += l[3];
      } else {
        s.td += l[2];
        s.tc += l[3];
      }
    }
  return s;
}

function expectedFigures(s: { od: bigint; oc: bigint; td: bigint; tc: bigint }) {
  const split = (n: bigint) => (n >= 0n ? [n, 0n] : [0n, -n]);
  const [openingDebit, openingCredit] = split(s.od - s.oc) as [bigint, bigint];
  const [closingDebit, closingCredit] = split(s.od - s.oc + s.td - s.tc) as [bigint, bigint];
  return {
    openingDebit,
    openingCredit,
    turnoverDebit: s.td,
    turnoverCredit: s.tc,
    totalDebit: openingDebit + s.td,
    totalCredit: openingCredit + s.tc,
    closingDebit,
    closingCredit,
  };
}

describe.each(DIALECTS)('report definitions on %s', (dialect) => {
  let db: TestDb;
  let dir: string;
  let app: FastifyInstance;
  let staff: string;
  let customer: string;
  let storekeeper: string;
  let vendor: string;
  let admin: string;
  let year: string;
  let branch: number;
  const ids = new Map<string, number>();
  const details = new Map<DetailKey, number>();
  const ALL = () => [...VOUCHERS, closingVoucher()];
  /**
   * The vouchers a report ending on `to` reads: a closing voucher dated on its last day is left
   * out (closingVoucherKinds of the trial balance, ledgers and balance sheet: the figures before
   * that day's year-end closing).
   */
  const asReported = (to: string) => ALL().filter((v) => !(v.kind === 'closing' && v.date === to));

  const run = (token: string, report: string, params: Record<string, unknown>, headers = {}) =>
    call<ReportResult>(app, 'Report/Definition/Run', token, { report, params }, headers);
  const ok = async (report: string, params: Record<string, unknown>) => {
    const res = await run(staff, report, { branch, ...params }, { selectedYear: year });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.Data;
  };

  beforeAll(async () => {
    dir = reportSchemas();
    // the ledger capped at 3 entries (a definition of the test's own)
    const ledger = JSON.parse(readFileSync(join(dir, 'reports/accounting/ledger.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    const capped: Record<string, unknown> = { ...ledger, name: 'ledgerCapped', options: { limit: 3 } };
    delete capped.menu;
    writeFileSync(join(dir, 'reports/accounting/ledgerCapped.json'), JSON.stringify(capped));
    db = await freshDatabase(dialect);
    app = await buildApp({
      logger: false,
      definitionsDir: dir,
      config: {
        databaseUrl: db.url,
        jwtSecret: Buffer.from(SECRET),
        demoPassword: PASSWORD,
        staticDir: dir,
      },
    });
    [staff, customer, storekeeper, vendor, admin] = (await Promise.all(
      ['staff', 'customer', 'storekeeper', 'vendor', 'admin'].map(
        async (u) => (await signIn(app, u)).access_token,
      ),
    )) as [string, string, string, string, string];
    const ctx = app.ctx;
    const raw = ctx.db as unknown as Untyped;
    // the chart through the account entity (its level follows the parent)
    for (const [code, name, kind, statement] of ACCOUNTS) {
      const parent = ids.get(code.length === 8 ? code.slice(0, 6) : code.slice(0, 4));
      const values = { code, name, kind, ...(statement ? { statement } : {}), ...(parent ? { parent } : {}) };
      const res = await call<{ id: number }>(app, 'Accounting/Account/Create', staff, { values });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      ids.set(code, res.body.Data.id);
    }
    const detailIds = await insertRows(
      ctx.db,
      ctx,
      'accounting.detailAccount',
      DETAILS.map((d, i) => ({ code: `T-${900 + i}`, name: `طرف حساب آزمون ${d}` })),
    );
    DETAILS.forEach((d, i) => details.set(d, detailIds[i]!));
    [branch] = (await insertRows(ctx.db, ctx, 'systemConfig.branch', [
      { title: 'شعبه آزمون گزارش', hasOperatingLicence: true },
    ])) as [number];
    const [period] = await insertRows(ctx.db, ctx, 'accounting.fiscalPeriod', [
      { title: 'سال مالی ۱۴۰۹', startDate: FROM, endDate: TO, closed: false },
    ]);
    year = String(period);
    // the receivable and payable accounts of the aging report
    const settingRows: [string, string][] = [
      ['accounting.account.receivable', '990102'],
      ['accounting.account.payable', PAY],
    ];
    for (const [key, value] of settingRows) {
      const settings = ctx.registry.byEntityKey('systemConfig.setting')!;
      const done = await raw
        .updateTable(settings.table)
        .set({ value })
        .where('key', '=', key)
        .executeTakeFirst();
      if (!Number(done.numUpdatedRows))
        await insertRows(ctx.db, ctx, 'systemConfig.setting', [{ key, value }]);
    }
    // an admin grants the customer its statement and aging (menu access of vendor/customer users)
    const grant = await call(app, 'Security/MenuAccess/Save', admin, {
      who: 'customer',
      entities: ['sales.customer', 'report:accounting.detailStatement', 'report:accounting.partyAging'],
    });
    expect(grant.status, JSON.stringify(grant.body)).toBe(200);
    // the customer user's party row holds D1
    const user = await ctx.db
      .selectFrom('users')
      .select('party_id')
      .where('username', '=', 'customer')
      .executeTakeFirstOrThrow();
    const customers = ctx.registry.byEntityKey('sales.customer')!;
    await raw
      .updateTable(customers.table)
      .set({ detailAccount: details.get('D1') })
      .where('id', '=', user.party_id)
      .execute();
    // the vouchers and their ledger entries
    let n = 0;
    for (const v of ALL()) {
      n += 1;
      const [voucherId] = (await insertRows(ctx.db, ctx, 'accounting.voucher', [
        { number: `RT-${n}`, date: v.date, description: `سند آزمون ${n}`, kind: v.kind ?? 'manual' },
      ])) as [number];
      const entries: LedgerEntry[] = v.lines.map(([account, detail, debit, credit], i) => ({
        voucherId,
        lineNo: i + 1,
        date: v.date,
        accountId: ids.get(account)!,
        detail1Id: detail ? details.get(detail)! : null,
        detail2Id: null,
        branchId: branch,
        debit: Number(debit),
        credit: Number(credit),
        description: i === 0 ? `ردیف ${n}` : null,
        sourceEntity: i === 0 && n === 2 ? 'sales.customer' : null,
        sourceId: i === 0 && n === 2 ? 1 : null,
      }));
      await ctx.db.transaction().execute((trx) => addEntries(trx as unknown as Untyped, entries));
    }
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    db?.cleanup();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  describe('trial balance', () => {
    const levels = { 1: 4, 2: 6, 3: 8 } as const;
    for (const level of [1, 2, 3] as const)
      it(`answers opening, turnover, total and closing per account at level ${level}`, async () => {
        const data = await ok('accounting.trialBalance', {
          level: String(level),
          range: { from: FROM, to: TO },
        });
        const expected = new Map<string, ReturnType<typeof expectedFigures>>();
        const codes = new Set(ACCOUNTS.map(([c]) => c).filter((c) => c.length === levels[level]));
        for (const code of codes) {
          const s = reference(asReported(TO), FROM, TO, ([a]) => a.startsWith(code));
          if (s.od !== s.oc || s.td || s.tc) expected.set(code, expectedFigures(s));
        }
        expect(data.rows.map((r) => r.accountCode)).toEqual([...expected.keys()].sort());
        for (const row of data.rows) {
          const want = expected.get(String(row.accountCode))!;
          for (const [k, v] of Object.entries(want)) expect(big(row[k]), `${row.accountCode} ${k}`).toBe(v);
          expect(row.level).toBe(level);
          expect(row.accountId).toBe(ids.get(String(row.accountCode)));
        }
        // a balanced ledger: the closing and turnover columns total the same on both sides
        expect(big(data.totals.closingDebit)).toBe(big(data.totals.closingCredit));
        expect(big(data.totals.turnoverDebit)).toBe(big(data.totals.turnoverCredit));
        expect(big(data.totals.openingDebit)).toBe(big(data.totals.openingCredit));
        expect(data.params.range).toEqual({ from: FROM, to: TO });
      });

    it('sums beyond 2^53 exactly, as decimal strings', async () => {
      const data = await ok('accounting.trialBalance', { level: '3', range: { from: FROM, to: TO } });
      const bank = data.rows.find((r) => r.accountCode === BANK)!;
      expect(bank.turnoverDebit).toBe((2n * MAX).toString());
      expect(typeof bank.turnoverDebit).toBe('string');
      const all = reference(asReported(TO), FROM, TO, () => true);
      expect(data.totals.turnoverDebit).toBe(all.td.toString());
      const cash = data.rows.find((r) => r.accountCode === CASH)!;
      expect(typeof cash.closingDebit).toBe('number');
    });

    it('shows 2, 4, 6 or 8 figure columns by the columns parameter', async () => {
      const def = await call<ReportDefinitionAnswer>(app, 'Report/Definition/Get', staff, {
        report: 'accounting.trialBalance',
      });
      expect(def.status).toBe(200);
      expect(def.body.Data.defaults.columns).toBe('4');
      const expected = {
        '2': ['closingDebit', 'closingCredit'],
        '4': ['turnoverDebit', 'turnoverCredit', 'closingDebit', 'closingCredit'],
        '6': [
          'openingDebit',
          'openingCredit',
          'turnoverDebit',
          'turnoverCredit',
          'closingDebit',
          'closingCredit',
        ],
        '8': [
          'openingDebit',
          'openingCredit',
          'turnoverDebit',
          'turnoverCredit',
          'totalDebit',
          'totalCredit',
          'closingDebit',
          'closingCredit',
        ],
      };
      for (const [columns, fields] of Object.entries(expected)) {
        const book = await exportBook({ report: 'accounting.trialBalance', params: { columns, branch } });
        const header = (book.worksheets[0]!.getRow(1).values as unknown[]).slice(1);
        const labels = fields.map((f) => def.body.Data.columns.find((c) => c.field === f)!.label.fa);
        expect(header, columns).toEqual(['کد حساب', 'نام حساب', ...labels]);
      }
    });

    it('fills the range from the selectedYear period and answers it', async () => {
      const res = await run(staff, 'accounting.trialBalance', { branch }, { selectedYear: year });
      expect(res.status).toBe(200);
      expect(res.body.Data.params).toMatchObject({ range: { from: FROM, to: TO }, level: '2', columns: '4' });
      const def = await call<ReportDefinitionAnswer>(
        app,
        'Report/Definition/Get',
        staff,
        { report: 'accounting.trialBalance' },
        { selectedYear: year },
      );
      expect(def.body.Data.defaults.range).toEqual({ from: FROM, to: TO });
    });
  });

  describe('ledger and detail statement', () => {
    it('starts with the opening balance and keeps a running balance, voucher and source per line', async () => {
      const from = '2030-05-01';
      const data = await ok('accounting.ledger', { account: ids.get('990102'), range: { from, to: TO } });
      const pick = ([a]: Line) => a.startsWith('990102');
      const s = reference(asReported(TO), from, TO, pick);
      const [opening, ...lines] = data.rows;
      expect(opening).toMatchObject({ rowKind: 'opening', balance: Number(s.od - s.oc), side: 'بدهکار' });
      const want = ALL()
        .map((v, i) => ({ v, n: i + 1 }))
        .filter(({ v }) => v.date >= from && v.date <= TO && asReported(TO).includes(v))
        .flatMap(({ v, n }) => v.lines.filter(pick).map((l) => ({ v, n, l })))
        .sort((a, b) => a.v.date.localeCompare(b.v.date) || a.n - b.n);
      expect(lines).toHaveLength(want.length);
      let balance = s.od - s.oc;
      lines.forEach((row, i) => {
        const { v, n, l } = want[i]!;
        balance += l[2] - l[3];
        expect(row).toMatchObject({
          date: v.date,
          voucherNumber: `RT-${n}`,
          accountCode: REC,
          detailId: details.get(l[1]!),
          debit: Number(l[2]),
          credit: Number(l[3]),
          balance: Number(balance),
        });
        expect(typeof row.voucherId).toBe('number');
      });
      expect(big(data.totals.debit)).toBe(s.td);
      expect(big(data.totals.credit)).toBe(s.tc);
      expect(big(data.totals.balance)).toBe(s.od - s.oc + s.td - s.tc);
      expect(data.truncated).toBeUndefined();
    });

    it("names a line's source document by its title and number, as its voucher does", async () => {
      const data = await ok('accounting.ledger', {
        account: ids.get('990102'),
        range: { from: '2030-01-01', to: TO },
      });
      const customers = app.ctx.registry.byEntityKey('sales.customer')!;
      const field = customers.def.displayField;
      const customer = (await (app.ctx.db as unknown as Untyped)
        .selectFrom(customers.table)
        .select(field)
        .where('id', '=', 1)
        .executeTakeFirstOrThrow()) as Record<string, unknown>;
      expect(data.rows.find((r) => r.voucherNumber === 'RT-2')).toMatchObject({
        sourceEntity: 'sales.customer',
        sourceId: 1,
        sourceTitle: `مشتریان ${String(customer[field])}`,
      });
      expect(data.rows.find((r) => r.voucherNumber === 'RT-3')?.sourceTitle).toBeNull();
    });

    it('agrees with the trial balance and the detail statements', async () => {
      const range = { from: FROM, to: TO };
      const tb = await ok('accounting.trialBalance', { level: '3', range, columns: '8' });
      for (const code of [CASH, BANK, REC, SALES, CAP]) {
        const row = tb.rows.find((r) => r.accountCode === code)!;
        const ledger = await ok('accounting.ledger', { account: ids.get(code), range });
        expect(big(ledger.totals.debit), code).toBe(big(row.turnoverDebit));
        expect(big(ledger.totals.credit), code).toBe(big(row.turnoverCredit));
        expect(big(ledger.totals.balance), code).toBe(big(row.closingDebit) - big(row.closingCredit));
        expect(big(ledger.rows[0]!.balance), code).toBe(big(row.openingDebit) - big(row.openingCredit));
      }
      // the receivable's figures are the sum of its parties' statements
      const rec = tb.rows.find((r) => r.accountCode === REC)!;
      let debit = 0n;
      let credit = 0n;
      for (const d of ['D1', 'D2'] as const) {
        const st = await ok('accounting.detailStatement', { detail: details.get(d), range });
        const s = reference(asReported(TO), FROM, TO, ([, dd]) => dd === d);
        expect(big(st.totals.debit), d).toBe(s.td);
        expect(big(st.totals.credit), d).toBe(s.tc);
        expect(st.rows.slice(1).every((r) => r.detailId === details.get(d))).toBe(true);
        debit += big(st.totals.debit);
        credit += big(st.totals.credit);
      }
      expect(debit).toBe(big(rec.turnoverDebit));
      expect(credit).toBe(big(rec.turnoverCredit));
    });

    it('caps the entries with truncated, its totals still over the whole range', async () => {
      const range = { from: FROM, to: TO };
      const data = await ok('accounting.ledgerCapped', { account: ids.get(REC), range });
      expect(data.truncated).toBe(true);
      expect(data.rows).toHaveLength(4);
      const s = reference(asReported(TO), FROM, TO, ([a]) => a === REC);
      expect(big(data.totals.debit)).toBe(s.td);
      expect(big(data.totals.credit)).toBe(s.tc);
      const full = await ok('accounting.ledger', { account: ids.get(REC), range });
      expect(full.rows.slice(0, 4)).toEqual(data.rows);
      expect(full.rows.length).toBeGreaterThan(4);
    });

    it('answers a running balance beyond 2^53 exactly', async () => {
      const data = await ok('accounting.ledger', { account: ids.get(BANK), range: { from: FROM, to: TO } });
      expect(data.rows.at(-1)!.balance).toBe((2n * MAX).toString());
    });
  });

  describe('statements', () => {
    it('profit and loss: income − expenses within the range, the closing voucher left out', async () => {
      const data = await ok('accounting.profitLoss', { level: '3', range: { from: FROM, to: TO } });
      const turnover = (code: string) => reference(VOUCHERS, FROM, TO, ([a]) => a === code);
      const sales = turnover(SALES).tc - turnover(SALES).td;
      const rent = turnover(RENT).td - turnover(RENT).tc;
      const byLabel = new Map(data.rows.map((r) => [r.label, r]));
      expect(data.rows.find((r) => r.accountCode === SALES)?.amount).toBe(Number(sales));
      expect(data.rows.find((r) => r.accountCode === RENT)?.amount).toBe(Number(rent));
      expect(byLabel.get('جمع درآمدها')).toMatchObject({ rowKind: 'subtotal', amount: Number(sales) });
      expect(byLabel.get('جمع هزینه‌ها')).toMatchObject({ rowKind: 'subtotal', amount: Number(rent) });
      expect(byLabel.get('سود (زیان) خالص')).toMatchObject({
        rowKind: 'total',
        amount: Number(sales - rent),
      });
      // at level 1 the same figures under the groups
      const groups = await ok('accounting.profitLoss', { level: '1', range: { from: FROM, to: TO } });
      expect(groups.rows.find((r) => r.accountCode === '9904')?.amount).toBe(Number(sales));
    });

    it('balance sheet balances, before and after the year is closed', async () => {
      // at the year's last day before its closing voucher (dated that day), after it on a later day
      for (const asOf of ['2030-12-31', TO, '2031-04-30']) {
        const data = await ok('accounting.balanceSheet', { asOf, level: '3' });
        const byLabel = new Map(data.rows.map((r) => [r.label, r]));
        const assets = big(byLabel.get('جمع دارایی‌ها')!.amount);
        const sides = big(byLabel.get('جمع بدهی‌ها و حقوق مالکانه')!.amount);
        expect(assets, asOf).toBe(sides);
        const s = reference(asReported(asOf), null, asOf, ([a]) => a.startsWith('9901'));
        expect(assets, asOf).toBe(s.td - s.tc);
        const pl = reference(
          asReported(asOf),
          null,
          asOf,
          ([a]) => a.startsWith('9904') || a.startsWith('9905'),
        );
        const profit = big(byLabel.get('سود (زیان) دوره جاری')!.amount);
        expect(profit, asOf).toBe(pl.tc - pl.td);
        // at the last day the year's result; later only what was posted after the closing
        if (asOf === TO) expect(profit).toBeGreaterThan(0n);
        if (asOf === '2031-04-30') expect(profit).toBe(999_000n);
      }
    });
  });

  describe('aging', () => {
    it('settles the oldest items first and ages what is open', async () => {
      const data = await ok('accounting.partyAging', { asOf: '2030-08-31' });
      const row = (d: DetailKey) => data.rows.find((r) => r.detailId === details.get(d));
      // D1: 300 (02-01) and 400 of 500 (04-01) settled by 400; 100 (08-01) new
      expect(row('D1')).toMatchObject({ balance: 500_000, days0to30: 100_000, daysOver90: 400_000 });
      expect(row('D1')).toMatchObject({ days31to60: 0, days61to90: 0 });
      // D2: 200 settles 200 of 700 (05-15); 80 (06-15) and 150 (07-10) open
      expect(row('D2')).toMatchObject({
        balance: 730_000,
        days0to30: 0,
        days31to60: 150_000,
        days61to90: 80_000,
        daysOver90: 500_000,
      });
      expect(row('DV')).toBeUndefined();
      expect(data.totals.balance).toBe(1_230_000);
      const payable = await ok('accounting.partyAging', { asOf: '2030-08-31', side: 'payable' });
      expect(payable.rows).toEqual([
        expect.objectContaining({ detailId: details.get('DV'), balance: 50_000, days61to90: 50_000 }),
      ]);
    });
  });

  describe('parameters', () => {
    const refused = async (report: string, params: Record<string, unknown>, field: string) => {
      const res = await run(staff, report, params, { selectedYear: year });
      expect(res.status, JSON.stringify(params)).toBe(400);
      expect(res.body.ServerMessageTexts?.map((m) => m.FieldName)).toEqual([field]);
    };

    it('answers 400 naming the parameter', async () => {
      await refused('accounting.trialBalance', { range: { from: '2030-13-01', to: TO } }, 'range');
      await refused('accounting.trialBalance', { range: { from: TO, to: FROM } }, 'range');
      await refused('accounting.trialBalance', { range: '1405' }, 'range');
      await refused('accounting.trialBalance', { level: '7' }, 'level');
      await refused('accounting.trialBalance', { columns: 3 }, 'columns');
      await refused('accounting.trialBalance', { ghost: 1 }, 'ghost');
      await refused('accounting.trialBalance', { branch: 999_999 }, 'branch');
      await refused('accounting.ledger', {}, 'account');
      await refused('accounting.ledger', { account: 'x' }, 'account');
      await refused('accounting.balanceSheet', { asOf: '2030-02-30' }, 'asOf');
      const res = await run(staff, 'accounting.ledger', { account: ids.get(CASH) });
      expect(res.status).toBe(200);
      const notObject = await call(app, 'Report/Definition/Run', staff, {
        report: 'accounting.ledger',
        params: [],
      });
      expect(notObject.status).toBe(400);
      const unknown = await run(staff, 'accounting.nothing', {});
      expect(unknown.status).toBe(404);
    });
  });

  describe('access', () => {
    it('needs view on the report entity (403), and lists reports in the menu of who may run them', async () => {
      expect((await run(storekeeper, 'accounting.trialBalance', {})).status).toBe(403);
      const get = await call(app, 'Report/Definition/Get', storekeeper, {
        report: 'accounting.trialBalance',
      });
      expect(get.status).toBe(403);
      const menu = async (token: string) =>
        (await call<MenuItem[]>(app, 'Security/Menu/GetMenu', token)).body.Data.flatMap(
          (m) => m.children ?? [],
        );
      const items = await menu(staff);
      expect(items.find((i) => i.report === 'accounting.trialBalance')).toEqual({
        route: '/accounting/report/trialBalance',
        title: 'تراز آزمایشی',
        report: 'accounting.trialBalance',
      });
      const reports = items.filter((i) => i.report).map((i) => String(i.report));
      expect(reports.filter((r) => r.startsWith('accounting.'))).toEqual([
        'accounting.trialBalance',
        'accounting.ledger',
        'accounting.detailStatement',
        'accounting.profitLoss',
        'accounting.balanceSheet',
        'accounting.partyAging',
        // docs/tax.md
        'accounting.vat',
      ]);
      // the treasury's (docs/treasury.md) and the stock ledger's (docs/inventory.md), in menu order
      expect(reports.filter((r) => r.startsWith('treasury.'))).toEqual([
        'treasury.openInvoices',
        'treasury.dueCheques',
        'treasury.reconciliation',
      ]);
      const stock = [
        'inventory.kardex',
        'inventory.stockBalance',
        'inventory.valuation',
        'inventory.belowReorder',
      ];
      expect(reports.filter((r) => r.startsWith('inventory.'))).toEqual(stock);
      expect(reports).toHaveLength(14);
      // the storekeeper views items: the stock reports, none of the books
      expect((await menu(storekeeper)).filter((i) => i.report).map((i) => i.report)).toEqual(stock);
      const en = await call<MenuItem[]>(app, 'Security/Menu/GetMenu', staff, {}, { 'accept-language': 'en' });
      const tb = en.body.Data.flatMap((m) => m.children ?? []).find(
        (i) => i.report === 'accounting.trialBalance',
      );
      expect(tb?.title).toBe('Trial balance');
      expect((await menu(customer)).filter((i) => i.report).map((i) => i.report)).toEqual([
        'accounting.detailStatement',
        'accounting.partyAging',
      ]);
      // a vendor not granted them: neither listed nor run
      expect((await menu(vendor)).some((i) => i.report)).toBe(false);
      expect((await run(vendor, 'accounting.partyAging', { asOf: '2030-08-31' })).status).toBe(403);
    });

    it('holds a customer to its own detail account', async () => {
      const range = { from: FROM, to: TO };
      const own = await run(customer, 'accounting.detailStatement', { range });
      expect(own.status).toBe(200);
      expect(own.body.Data.params.detail).toBe(details.get('D1'));
      const lines = own.body.Data.rows.slice(1);
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.every((r) => r.detailId === details.get('D1'))).toBe(true);
      const s = reference(ALL(), FROM, TO, ([, d]) => d === 'D1');
      expect(big(own.body.Data.totals.debit)).toBe(s.td);
      // naming another party, or a report without a scope: refused
      expect(
        (await run(customer, 'accounting.detailStatement', { range, detail: details.get('D2') })).status,
      ).toBe(403);
      expect((await run(customer, 'accounting.trialBalance', { range })).status).toBe(403);
      expect((await run(customer, 'accounting.ledger', { account: ids.get(REC) })).status).toBe(403);
      // the grant withdrawn: refused
      const grants = (entities: string[]) =>
        call(app, 'Security/MenuAccess/Save', admin, {
          who: 'customer',
          entities: ['sales.customer', ...entities],
        });
      await grants(['report:accounting.partyAging']);
      try {
        expect((await run(customer, 'accounting.detailStatement', { range })).status).toBe(403);
      } finally {
        await grants(['report:accounting.detailStatement', 'report:accounting.partyAging']);
      }
      const aging = await run(customer, 'accounting.partyAging', { asOf: '2030-08-31' });
      expect(aging.body.Data.rows.map((r) => r.detailId)).toEqual([details.get('D1')]);
      const def = await call<ReportDefinitionAnswer>(app, 'Report/Definition/Get', customer, {
        report: 'accounting.detailStatement',
      });
      expect(def.body.Data.params.find((p) => p.name === 'detail')).toMatchObject({ locked: true });
      expect(def.body.Data.defaults.detail).toBe(details.get('D1'));
      // a party without a detail account runs nothing
      const raw = app.ctx.db as unknown as Untyped;
      const customers = app.ctx.registry.byEntityKey('sales.customer')!;
      await raw
        .updateTable(customers.table)
        .set({ detailAccount: null })
        .where('detailAccount', '=', details.get('D1'))
        .execute();
      try {
        expect((await run(customer, 'accounting.detailStatement', { range })).status).toBe(403);
      } finally {
        const user = await app.ctx.db
          .selectFrom('users')
          .select('party_id')
          .where('username', '=', 'customer')
          .executeTakeFirstOrThrow();
        await raw
          .updateTable(customers.table)
          .set({ detailAccount: details.get('D1') })
          .where('id', '=', user.party_id)
          .execute();
      }
    });

    it('leaves out figures drawn from a field hidden from the role', async () => {
      const hide = [
        { role: 'staff', entity: 'accounting.voucher', field: 'lines.debit', mode: 'hidden' },
        { role: 'staff', entity: 'accounting.voucher', field: 'lines.account', mode: 'hidden' },
      ];
      await app.ctx.db.insertInto('field_permissions').values(hide).execute();
      try {
        const data = await ok('accounting.trialBalance', { level: '3', range: { from: FROM, to: TO } });
        expect(data.rows.length).toBeGreaterThan(0);
        for (const r of data.rows) expect(Object.keys(r).sort()).toEqual(['level']);
        expect(data.totals).toEqual({});
        const def = await call<ReportDefinitionAnswer>(app, 'Report/Definition/Get', staff, {
          report: 'accounting.trialBalance',
        });
        expect(def.body.Data.columns).toEqual([]);
        const res = await run(staff, 'accounting.ledger', { account: ids.get(CASH) }, { selectedYear: year });
        expect(res.status).toBe(400);
        expect(res.body.ServerMessageTexts?.[0]?.FieldName).toBe('account');
      } finally {
        await app.ctx.db.deleteFrom('field_permissions').where('role', '=', 'staff').execute();
      }
    });
  });

  async function exportBook(
    body: Record<string, unknown>,
    token = staff,
    headers: Record<string, string> = {},
  ) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/Report/Definition/Export',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        selectedYear: year,
        ...headers,
      },
      payload: JSON.stringify(body),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    return book;
  }

  describe('export', () => {
    it('writes a right-to-left sheet with Persian headers, numbers and the totals row', async () => {
      const params = { branch, level: '3', columns: '2', range: { from: FROM, to: TO } };
      const data = await ok('accounting.trialBalance', params);
      const book = await exportBook({ report: 'accounting.trialBalance', params });
      const sheet = book.worksheets[0]!;
      expect(sheet.name).toBe('تراز آزمایشی');
      expect(sheet.views[0]).toMatchObject({ rightToLeft: true });
      const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
      expect(values(1)).toEqual(['کد حساب', 'نام حساب', 'مانده بدهکار', 'مانده بستانکار']);
      const cash = data.rows.findIndex((r) => r.accountCode === CASH);
      expect(values(cash + 2)).toEqual([CASH, 'صندوق آزمون', data.rows[cash]!.closingDebit, 0]);
      expect(typeof values(cash + 2)[2]).toBe('number');
      const last = values(data.rows.length + 2);
      expect(last[0]).toBe('جمع');
      expect(BigInt(last[2] as number)).toBe(BigInt(Number(data.totals.closingDebit)));
      expect(sheet.rowCount).toBe(data.rows.length + 2);
      // Export needs the same rights as Run
      const res = await app.inject({
        method: 'POST',
        url: '/api/Report/Definition/Export',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${storekeeper}` },
        payload: JSON.stringify({ report: 'accounting.trialBalance', params }),
      });
      expect(res.statusCode).toBe(403);
    });

    it('writes the ledger with its opening row and dates in Jalali', async () => {
      const book = await exportBook({
        report: 'accounting.ledger',
        params: { branch, account: ids.get(REC), range: { from: '2030-05-01', to: TO } },
      });
      const sheet = book.worksheets[0]!;
      const row2 = (sheet.getRow(2).values as unknown[]).slice(1);
      expect(row2[0]).toBe(isoToJalali('2030-05-01'));
      expect(row2).toContain('مانده از قبل');
      const row3 = (sheet.getRow(3).values as unknown[]).slice(1);
      expect(row3[0]).toBe(isoToJalali('2030-05-15'));
      expect(row3[1]).toBe('RT-4');
    });
  });
});
