/**
 * Closing a fiscal year (#24, docs/accounting.md «Year-end»): Accounting/FiscalPeriod/Close posts
 * the year-end vouchers (the profit-and-loss accounts closed into current then retained earnings,
 * the closing «اختتامیه» of the balance sheet, the next year's opening «افتتاحیه») and marks the
 * year closed; refused to non-admins, while the year before is open, while drafts dated in the
 * year remain (how many, which kinds) and without a next period. The reports stay right after it:
 * the year's trial balance, profit and loss and balance sheet are what they were, and the next
 * year's opening balances are the closed year's balance-sheet balances, counted once.
 * Reopen cancels the year-end vouchers while the next year has no other final voucher. On the
 * small demo company, with years 1406 and 1407 of its own, on SQLite and PostgreSQL.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityDefinition, EntityRow } from '../../runtime/shared/definition';
import type { ListPage } from '../../runtime/shared/envelope';
import { jalaliToIso } from '../../runtime/shared/jalali';
import type { ReportResult, ReportValue } from '../../runtime/shared/reportDefinition';
import { LEDGER_ENTRIES } from '../../server/accounting/ledgerTables';
import type { Untyped } from '../../server/db/untyped';
import { t } from '../../server/i18n';
import { DIALECTS, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

type Row = EntityRow & Record<string, unknown> & { lines?: Record<string, unknown>[] };
type Answer = { BusinessErrors?: string[] };

const SYSTEM = new Set(['id', 'version', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy']);
const valuesOf = (row: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(row).filter(([k]) => !SYSTEM.has(k) && !k.endsWith('__display')));
const iso = (jalali: string) => jalaliToIso(jalali)!;
const big = (v: ReportValue | undefined): bigint => (v === null || v === undefined ? 0n : BigInt(v));
const dayBefore = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

const Y1406 = { title: 'سال مالی ۱۴۰۶', startDate: iso('1406/01/01'), endDate: dayBefore(iso('1407/01/01')) };
const Y1407 = { title: 'سال مالی ۱۴۰۷', startDate: iso('1407/01/01'), endDate: dayBefore(iso('1408/01/01')) };

describe.each(DIALECTS)('year-end on %s', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  let admin = '';
  let staff = '';
  let sql: Untyped;
  let y1406: Row;
  let customer: Row;
  /** Accounts by id: code and statement. */
  const accounts = new Map<number, { code: string; statement: string }>();
  const idOf = (code: string) => [...accounts].find(([, a]) => a.code === code)![0];

  const list = async (path: string, filterModel: object = {}) =>
    (await call<ListPage<Row>>(app, `${path}/GetList`, admin, { startRow: 0, endRow: 1000, filterModel }))
      .body.Data.rows;
  const eq = (filter: string | number) =>
    typeof filter === 'number'
      ? { filterType: 'number', type: 'equals', filter }
      : { filterType: 'text', type: 'equals', filter };
  const errors = (body: { Data: unknown }) => (body.Data as Answer | null)?.BusinessErrors ?? [];
  const get = async (path: string, id: number) =>
    (await call<Row>(app, `${path}/Get`, admin, { id })).body.Data;
  const action = (name: 'Close' | 'Reopen', period: Row, who = () => admin) =>
    call<Row>(app, `Accounting/FiscalPeriod/${name}`, who(), { id: period.id, version: period.version });
  const fresh = async (period: Row) => get('Accounting/FiscalPeriod', period.id);
  const report = async (name: string, params: Record<string, unknown>) => {
    const res = await call<ReportResult>(app, 'Report/Definition/Run', admin, {
      report: `accounting.${name}`,
      params,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.Data;
  };
  const yearRange = (y: typeof Y1406) => ({ from: y.startDate, to: y.endDate });
  /** Debit − credit per account code of a trial balance's columns (`opening` or `closing`). */
  const nets = (data: ReportResult, figure: 'opening' | 'closing') =>
    new Map(
      data.rows
        .map((r) => [String(r.accountCode), big(r[`${figure}Debit`]) - big(r[`${figure}Credit`])] as const)
        .filter(([, n]) => n !== 0n),
    );
  const trialBalance = (y: typeof Y1406) =>
    report('trialBalance', { range: yearRange(y), level: '3', columns: '8' });
  const yearEndVouchers = async (period: Row) =>
    (
      await list('Accounting/Voucher', {
        sourceEntity: eq('accounting.fiscalPeriod'),
        sourceId: eq(period.id),
      })
    ).sort((a, b) => a.id - b.id);

  /** A new draft invoice dated `date`, from a demo draft's customer and lines. */
  const newInvoice = async (date: string) => {
    const [source] = await list('Sales/Invoice', { docState: eq('draft') });
    const full = await get('Sales/Invoice', source!.id);
    const made = await call<Row>(app, 'Sales/Invoice/Create', staff, {
      values: {
        ...valuesOf(full),
        customer: customer.id,
        date,
        lines: (full.lines ?? []).map((l) => ({
          item: l.item,
          quantity: l.quantity,
          unitPrice: l.unitPrice,
        })),
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    return made.body.Data;
  };
  const finalise = async (path: string, row: Row) => {
    const res = await call<Row>(app, `${path}/Finalise`, staff, { id: row.id, version: row.version });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.Data;
  };
  /** Creates a manual voucher dated `date`: rent paid from a bank account (a draft). */
  const rentVoucherRaw = async (date: string, amount: number) => {
    const [bank] = await list('Treasury/BankAccount');
    return call<Row>(app, 'Accounting/Voucher/Create', staff, {
      values: {
        date,
        description: 'اجاره انبار',
        lines: [
          { account: idOf('8201'), debit: amount, credit: 0 },
          { account: idOf('1102'), detail1: bank!.detailAccount, debit: 0, credit: amount },
        ],
      },
    });
  };
  const rentVoucher = async (date: string, amount: number) => {
    const made = await rentVoucherRaw(date, amount);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    return made.body.Data;
  };
  /** A draft voucher submitted by staff, approved by admin and finalised. */
  const approveAndFinalise = async (draft: Row) => {
    let row = draft;
    for (const [status, who] of [
      ['submitted', staff],
      ['approved', admin],
    ] as const) {
      const got = (await call<Row>(app, 'Accounting/Voucher/Get', who, { id: row.id })).body.Data;
      const res = await call<Row>(app, 'Accounting/Voucher/Update', who, {
        id: got.id,
        version: got.version,
        values: { ...valuesOf(got), status, lines: (got.lines ?? []).map(valuesOf) },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      row = res.body.Data;
    }
    return finalise('Accounting/Voucher', row);
  };

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url);
    sql = app.ctx.db as unknown as Untyped;
    admin = (await signIn(app, 'admin')).access_token;
    staff = (await signIn(app, 'staff')).access_token;
    for (const a of await list('Accounting/Account'))
      accounts.set(a.id, { code: String(a.code), statement: String(a.statement ?? '') });
    // a customer none of the demo's cheques names: a cheque sits in notes receivable (1202, its
    // statement) beside the receivable the aging reads (docs/treasury.md), so the year's carried
    // balance below is its receivable alone
    const withCheques = new Set((await list('Treasury/Cheque')).map((c) => c.customer));
    customer = (await list('Sales/Customer')).find((c) => !withCheques.has(c.id))!;
    const created = await call<Row>(app, 'Accounting/FiscalPeriod/Create', admin, { values: Y1406 });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    y1406 = created.body.Data;
  }, 240_000);
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  it('is offered to the admin only; the server refuses anyone else', async () => {
    const def = async (token: string) =>
      (
        await call<EntityDefinition>(app, 'Meta/Entity/GetDefinition', token, {
          module: 'accounting',
          name: 'fiscalPeriod',
        })
      ).body.Data;
    expect((await def(admin)).rowActions?.map((a) => a.name)).toEqual(['close', 'reopen']);
    expect((await def(staff)).rowActions ?? []).toEqual([]);
    expect((await action('Close', y1406, () => staff)).status).toBe(403);
    expect((await action('Reopen', y1406, () => staff)).status).toBe(403);
  });

  it('refuses while the year before is open, and without the next year', async () => {
    const early = await action('Close', y1406);
    expect(early.status).toBe(417);
    expect(errors(early.body)).toEqual([
      t('fa', 'yearEnd.previousOpen', { year: Y1406.title, previous: 'سال مالی ۱۴۰۵' }),
    ]);
    // the demo's 1405 locked (its documents stay as they are: a lock, not a year-end)
    const y1405 = (await list('Accounting/FiscalPeriod')).find((p) => p.startDate === iso('1405/01/01'));
    const locked = await call(app, 'Accounting/FiscalPeriod/Update', admin, {
      id: y1405!.id,
      version: y1405!.version,
      values: { ...valuesOf(y1405!), closed: true },
    });
    expect(locked.status, JSON.stringify(locked.body)).toBe(200);
    const none = await action('Close', y1406);
    expect(none.status).toBe(417);
    expect(errors(none.body)).toEqual([
      t('fa', 'yearEnd.noNextPeriod', { year: Y1406.title, start: '1407/01/01' }),
    ]);
    expect(errors(none.body)[0]).toContain('۱۴۰۷/۰۱/۰۱');
    const created = await call<Row>(app, 'Accounting/FiscalPeriod/Create', admin, { values: Y1407 });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
  });

  it('refuses while drafts dated in the year remain, naming how many of which kinds', async () => {
    const invoice = await newInvoice(iso('1406/03/10'));
    const rent = await rentVoucher(iso('1406/05/01'), 40_000_000);
    const refused = await action('Close', await fresh(y1406));
    expect(refused.status).toBe(417);
    const [reason, ...more] = errors(refused.body);
    expect(more).toEqual([]);
    expect(reason).toContain(Y1406.title);
    expect(reason).toContain('۲ سند پیش‌نویس');
    expect(reason).toContain('فاکتورهای فروش: ۱');
    expect(reason).toContain('اسناد حسابداری: ۱');
    // the year's activity made final: an invoice, part of it received, the rent paid
    const final = await finalise('Sales/Invoice', invoice);
    const [box] = await list('Treasury/CashBox');
    const receipt = await call<Row>(app, 'Treasury/Receipt/Create', staff, {
      values: { date: iso('1406/06/01'), party: customer.id, amount: 1_000_000, cashBox: box!.id },
    });
    expect(receipt.status, JSON.stringify(receipt.body)).toBe(200);
    await finalise('Treasury/Receipt', receipt.body.Data);
    await approveAndFinalise(rent);
    expect(Number(final.grandTotal)).toBeGreaterThan(1_000_000);
  });

  it('closes the year: balanced vouchers of exactly the P&L balances, the next year opened with the balance sheet', async () => {
    const before = await trialBalance(Y1406);
    const pl = await report('profitLoss', { range: yearRange(Y1406), level: '3' });
    const sheet = await report('balanceSheet', { asOf: Y1406.endDate, level: '3' });
    const closed = await action('Close', await fresh(y1406));
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.Data.closed).toBe(true);

    const vouchers = await yearEndVouchers(y1406);
    expect(vouchers.map((v) => v.kind)).toEqual(['closing', 'closing', 'opening']);
    for (const v of vouchers) {
      expect(v).toMatchObject({ docState: 'final', status: 'approved' });
      expect(v.date).toBe(v.kind === 'opening' ? Y1407.startDate : Y1406.endDate);
      expect(v.totalDebit).toBe(v.totalCredit);
      expect(Number(v.totalDebit)).toBeGreaterThan(0);
      const lines = (await get('Accounting/Voucher', v.id)).lines ?? [];
      expect(lines.reduce((a, l) => a + Number(l.debit), 0)).toBe(v.totalDebit);
      expect(lines.reduce((a, l) => a + Number(l.credit), 0)).toBe(v.totalCredit);
    }
    // the first closes every P&L balance (all history up to the year's end) and nothing else of the P&L
    const closing = nets(before, 'closing');
    const isPl = (code: string) => accounts.get(idOf(code))!.statement === 'profitLoss';
    const temporary = (await get('Accounting/Voucher', vouchers[0]!.id)).lines ?? [];
    const closedPl = new Map<string, bigint>();
    for (const l of temporary) {
      const code = accounts.get(Number(l.account))!.code;
      if (isPl(code))
        closedPl.set(code, (closedPl.get(code) ?? 0n) + BigInt(Number(l.debit) - Number(l.credit)));
    }
    const plBalances = new Map([...closing].filter(([code]) => isPl(code)));
    expect(plBalances.size).toBeGreaterThan(1);
    expect(closedPl).toEqual(new Map([...plBalances].map(([code, n]) => [code, -n])));
    const profit = [...plBalances.values()].reduce((a, n) => a - n, 0n);

    // the year's own reports are what they were: its closing vouchers (dated its last day) left out
    expect((await trialBalance(Y1406)).rows).toEqual(before.rows);
    expect((await report('profitLoss', { range: yearRange(Y1406), level: '3' })).rows).toEqual(pl.rows);
    expect((await report('balanceSheet', { asOf: Y1406.endDate, level: '3' })).rows).toEqual(sheet.rows);

    // the next year opens with the balance-sheet balances, counted once: the year's profit in
    // retained earnings, current earnings and the P&L accounts at zero
    const expected = new Map([...closing].filter(([code]) => !isPl(code)));
    const current = expected.get('5302') ?? 0n;
    expected.delete('5302');
    const retained = (expected.get('5301') ?? 0n) - profit + current;
    if (retained === 0n) expected.delete('5301');
    else expected.set('5301', retained);
    const next = await trialBalance(Y1407);
    expect(nets(next, 'opening')).toEqual(expected);
    expect(big(next.totals.openingDebit)).toBe(big(next.totals.openingCredit));
    expect(big(next.totals.turnoverDebit)).toBe(0n);
    // the balance sheet on the next year's first day: the same totals, the profit now retained
    const total = (data: ReportResult, label: string) =>
      big(data.rows.find((r) => r.label === label)!.amount);
    const opened = await report('balanceSheet', { asOf: Y1407.startDate, level: '3' });
    for (const label of ['جمع دارایی‌ها', 'جمع بدهی‌ها و حقوق مالکانه'])
      expect(total(opened, label), label).toBe(total(sheet, label));
    expect(total(opened, 'سود (زیان) دوره جاری')).toBe(0n);
    expect(total(sheet, 'سود (زیان) دوره جاری')).toBe(profit);
    // a party's statement of the next year opens with its balance at the year's end
    const party = customer.detailAccount as number;
    const statement = async (y: typeof Y1406) =>
      report('detailStatement', { detail: party, range: yearRange(y) });
    const ended = big((await statement(Y1406)).totals.balance);
    expect(ended).not.toBe(0n);
    expect(big((await statement(Y1407)).rows[0]!.balance)).toBe(ended);
    // its receivables keep their own dates in the aging: the year-end pair is left out
    const aging = await report('partyAging', { asOf: iso('1407/01/15'), detail: party });
    const [aged] = aging.rows;
    expect(big(aged!.balance)).toBe(ended);
    expect(big(aged!.daysOver90)).toBe(ended);
    expect(big(aged!.days0to30)).toBe(0n);

    // the year is closed: nothing more is dated in it
    const late = await rentVoucherRaw(iso('1406/10/01'), 5_000_000);
    expect(late.status).toBe(417);
    expect(errors(late.body)[0]).toContain(Y1406.title);
    // its vouchers are the year-end's: reopening the year takes them out, not a user's cancel
    const [temporaryVoucher] = vouchers;
    const userCancel = await call(app, 'Accounting/Voucher/Cancel', admin, {
      id: temporaryVoucher!.id,
      version: temporaryVoucher!.version,
      reason: 'ابطال دستی سند',
    });
    expect(errors(userCancel.body)).toEqual([
      t('fa', 'posting.voucherOfYearEnd', { source: `دوره‌های مالی ${Y1406.title}` }),
    ]);
    const again = await action('Close', await fresh(y1406));
    expect(errors(again.body)).toEqual([t('fa', 'yearEnd.alreadyClosed', { year: Y1406.title })]);
  });

  it('reopens while the next year has no other final vouchers, and refuses once it has', async () => {
    const own = await yearEndVouchers(y1406);
    const reopened = await action('Reopen', await fresh(y1406));
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
    expect(reopened.body.Data.closed).toBe(false);
    for (const v of own) {
      expect((await get('Accounting/Voucher', v.id)).docState).toBe('cancelled');
      const entries = await sql
        .selectFrom(LEDGER_ENTRIES)
        .select('id')
        .where('voucher_id', '=', v.id)
        .execute();
      expect(entries).toEqual([]);
    }
    // without its year-end the next year opens with the raw history: every account, P&L included
    expect(nets(await trialBalance(Y1407), 'opening')).toEqual(nets(await trialBalance(Y1406), 'closing'));
    const notClosed = await action('Reopen', await fresh(y1406));
    expect(errors(notClosed.body)).toEqual([t('fa', 'yearEnd.notClosed', { year: Y1406.title })]);

    // closed again; then an invoice of the new year is final: reopening is refused
    expect((await action('Close', await fresh(y1406))).status).toBe(200);
    expect((await yearEndVouchers(y1406)).filter((v) => v.docState === 'final')).toHaveLength(3);
    await finalise('Sales/Invoice', await newInvoice(iso('1407/02/01')));
    const refused = await action('Reopen', await fresh(y1406));
    expect(refused.status).toBe(417);
    expect(errors(refused.body)).toEqual([
      t('fa', 'yearEnd.nextYearHasVouchers', { year: Y1406.title, next: Y1407.title, count: 1 }),
    ]);
    expect((await fresh(y1406)).closed).toBe(true);
  });
});
