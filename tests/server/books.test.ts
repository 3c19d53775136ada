/**
 * The demo company's books read right (#24, docs/accounting.md «The demo's books»), on the small
 * demo: 1405 opens with its opening voucher (V-1405-000001: the cash boxes' and bank accounts'
 * opening balances and the opening inventory against capital); the trial balance balances in every
 * column and agrees with the ledger and the detail statements; the balance sheet balances with the
 * year's profit, which is the profit and loss's; finalising an invoice changes the trial balance by
 * exactly its totals and the cost of the stock it takes, and cancelling it nets to zero. On SQLite and PostgreSQL.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityRow } from '../../runtime/shared/definition';
import type { ListPage } from '../../runtime/shared/envelope';
import type { ReportResult, ReportValue } from '../../runtime/shared/reportDefinition';
import { DIALECTS, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

type Row = EntityRow & Record<string, unknown> & { lines?: Record<string, unknown>[] };

const SYSTEM = new Set(['id', 'version', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy']);
const valuesOf = (row: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(row).filter(([k]) => !SYSTEM.has(k) && !k.endsWith('__display')));
const big = (v: ReportValue | undefined): bigint => (v === null || v === undefined ? 0n : BigInt(v));
const Y1405 = { from: '2026-03-21', to: '2027-03-20' };
const FIGURES = ['opening', 'turnover', 'closing'] as const;

describe.each(DIALECTS)("the demo's books on %s", (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  let admin = '';
  let staff = '';

  const list = async (path: string, filterModel: object = {}) =>
    (await call<ListPage<Row>>(app, `${path}/GetList`, admin, { startRow: 0, endRow: 1000, filterModel }))
      .body.Data.rows;
  const eq = (filter: string) => ({ filterType: 'text', type: 'equals', filter });
  const report = async (name: string, params: Record<string, unknown>) => {
    const res = await call<ReportResult>(app, 'Report/Definition/Run', admin, {
      report: `accounting.${name}`,
      params,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.Data;
  };
  const trialBalance = () => report('trialBalance', { range: Y1405, level: '3', columns: '8' });
  /** A trial balance's rows by account code. */
  const byCode = (data: ReportResult) => new Map(data.rows.map((r) => [String(r.accountCode), r]));
  const net = (row: Record<string, ReportValue> | undefined, figure: (typeof FIGURES)[number]) =>
    big(row?.[`${figure}Debit`]) - big(row?.[`${figure}Credit`]);
  const total = (data: ReportResult, label: string) => big(data.rows.find((r) => r.label === label)?.amount);

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url);
    admin = (await signIn(app, 'admin')).access_token;
    staff = (await signIn(app, 'staff')).access_token;
  }, 240_000);
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  it('opens 1405 with its opening voucher: cash boxes, banks and inventory against capital', async () => {
    const [opening, ...more] = await list('Accounting/Voucher', { kind: eq('opening') });
    expect(more).toEqual([]);
    expect(opening).toMatchObject({
      number: 'V-1405-000001',
      date: Y1405.from,
      docState: 'final',
      status: 'approved',
    });
    const tb = byCode(await trialBalance());
    const sum = (rows: Row[]) => rows.reduce((a, r) => a + BigInt(Number(r.openingBalance ?? 0)), 0n);
    // the year's opening balances are the opening voucher (dated the range's first day)
    expect(net(tb.get('1101'), 'opening')).toBe(sum(await list('Treasury/CashBox')));
    expect(net(tb.get('1102'), 'opening')).toBe(sum(await list('Treasury/BankAccount')));
    const inventory = net(tb.get('1301'), 'opening');
    expect(inventory).toBeGreaterThan(0n);
    expect(-net(tb.get('5101'), 'opening')).toBe(
      net(tb.get('1101'), 'opening') + net(tb.get('1102'), 'opening') + inventory,
    );
    // a bank account's statement opens with its own opening balance
    const [bank] = await list('Treasury/BankAccount');
    const statement = await report('detailStatement', { detail: bank!.detailAccount, range: Y1405 });
    expect(big(statement.rows[0]!.balance)).toBe(BigInt(Number(bank!.openingBalance)));
  });

  it('the trial balance balances and agrees with the ledger and the detail statements', async () => {
    const data = await trialBalance();
    for (const figure of FIGURES)
      expect(big(data.totals[`${figure}Debit`]), figure).toBe(big(data.totals[`${figure}Credit`]));
    expect(big(data.totals.turnoverDebit)).toBeGreaterThan(0n);
    const tb = byCode(data);
    // (VAT payable 3201 moves only by taxed goods: the small demo's final invoices sell exempt
    // staples, docs/tax.md; tests/server/tax.test.ts ties it to the invoices)
    for (const code of ['1101', '1102', '1201', '5101', '6101', '1301']) {
      const row = tb.get(code)!;
      const [account] = await list('Accounting/Account', { code: eq(code) });
      const ledger = await report('ledger', { account: account!.id, range: Y1405 });
      expect(big(ledger.rows[0]!.balance), code).toBe(net(row, 'opening'));
      expect(big(ledger.totals.debit), code).toBe(big(row.turnoverDebit));
      expect(big(ledger.totals.credit), code).toBe(big(row.turnoverCredit));
      expect(big(ledger.totals.balance), code).toBe(net(row, 'closing'));
    }
    // the receivable's turnover is the sum of its customers' statements on it
    const [receivable] = await list('Accounting/Account', { code: eq('1201') });
    let debit = 0n;
    let credit = 0n;
    for (const customer of await list('Sales/Customer')) {
      const st = await report('detailStatement', {
        detail: customer.detailAccount,
        account: receivable!.id,
        range: Y1405,
      });
      debit += big(st.totals.debit);
      credit += big(st.totals.credit);
    }
    expect(debit).toBe(big(tb.get('1201')!.turnoverDebit));
    expect(credit).toBe(big(tb.get('1201')!.turnoverCredit));
    expect(debit).toBeGreaterThan(0n);
  });

  it('the inventory account holds what the stock ledger values: opening stock, receipts, sales, issues and counts all post', async () => {
    const tb = byCode(await trialBalance());
    const res = await call<ReportResult>(app, 'Report/Definition/Run', admin, {
      report: 'inventory.valuation',
      params: { date: Y1405.to, groupBy: 'warehouse' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const value = big(res.body.Data.totals.value);
    expect(value).toBeGreaterThan(0n);
    expect(net(tb.get('1301'), 'closing')).toBe(value);
    // the opening voucher carries the opening stock documents' value
    const openings = await list('Inventory/StockMove', { kind: eq('opening') });
    expect(openings.length).toBeGreaterThan(0);
    expect(openings.every((m) => m.docState === 'final')).toBe(true);
  });

  it("the balance sheet balances with the year's profit, the profit and loss's", async () => {
    const sheet = await report('balanceSheet', { asOf: Y1405.to, level: '2' });
    const assets = total(sheet, 'جمع دارایی‌ها');
    expect(assets).toBeGreaterThan(0n);
    expect(total(sheet, 'جمع بدهی‌ها و حقوق مالکانه')).toBe(assets);
    const pl = await report('profitLoss', { range: Y1405, level: '2' });
    expect(total(sheet, 'سود (زیان) دوره جاری')).toBe(total(pl, 'سود (زیان) خالص'));
    // the assets are the trial balance's asset accounts
    const tb = byCode(await report('trialBalance', { range: Y1405, level: '1', columns: '2' }));
    expect(net(tb.get('1'), 'closing') + net(tb.get('2'), 'closing')).toBe(assets);
  });

  it('finalising an invoice changes the trial balance by exactly its totals and the cost of the stock it takes; cancelling it nets to zero', async () => {
    const [source] = await list('Sales/Invoice', { docState: eq('draft') });
    const full = (await call<Row>(app, 'Sales/Invoice/Get', staff, { id: source!.id })).body.Data;
    const made = await call<Row>(app, 'Sales/Invoice/Create', staff, {
      values: {
        ...valuesOf(full),
        date: '2026-08-15',
        lines: (full.lines ?? []).map((l) => ({
          item: l.item,
          quantity: l.quantity,
          unitPrice: l.unitPrice,
        })),
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const stockValue = async () => {
      const res = await call<ReportResult>(app, 'Report/Definition/Run', admin, {
        report: 'inventory.valuation',
        params: { date: Y1405.to, groupBy: 'warehouse' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return big(res.body.Data.totals.value);
    };
    const before = byCode(await trialBalance());
    const valueBefore = await stockValue();
    const done = await call<Row>(app, 'Sales/Invoice/Finalise', staff, {
      id: made.body.Data.id,
      version: made.body.Data.version,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const invoice = done.body.Data;
    const after = byCode(await trialBalance());
    const moved = (
      a: Map<string, Record<string, ReportValue>>,
      b: Map<string, Record<string, ReportValue>>,
    ) =>
      new Map(
        [...new Set([...a.keys(), ...b.keys()])]
          .map((code) => [code, net(b.get(code), 'closing') - net(a.get(code), 'closing')] as const)
          .filter(([, n]) => n !== 0n),
      );
    const grand = BigInt(Number(invoice.grandTotal));
    const tax = BigInt(Number(invoice.tax));
    // the cost of sales is what the stock ledger took out, at moving-average cost
    const cost = valueBefore - (await stockValue());
    expect(cost).toBeGreaterThan(0n);
    expect(moved(before, after)).toEqual(
      new Map([
        ['1201', grand],
        ['1301', -cost],
        ['3201', -tax],
        ['6101', -(grand - tax)],
        ['7101', cost],
      ]),
    );
    expect(big(after.get('1201')!.turnoverDebit) - big(before.get('1201')!.turnoverDebit)).toBe(grand);
    const cancelled = await call<Row>(app, 'Sales/Invoice/Cancel', staff, {
      id: invoice.id,
      version: invoice.version,
      reason: 'ثبت اشتباه فاکتور',
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const undone = byCode(await trialBalance());
    expect(moved(before, undone)).toEqual(new Map());
    expect(await stockValue()).toBe(valueBefore);
    // the reversal shows in the turnover, dated as the voucher it reverses
    expect(big(undone.get('1201')!.turnoverCredit) - big(before.get('1201')!.turnoverCredit)).toBe(grand);
  });
});
