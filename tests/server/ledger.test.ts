/**
 * The ledger (#24, docs/accounting.md): the standard chart with its detail groups and settings,
 * floating detail accounts of master rows, vouchers checked against the chart (postable accounts,
 * detail accounts by group), the ledger written when a voucher is final and taken out when it is
 * cancelled, and postings: finalising a document posts one balanced voucher in the same
 * transaction, cancelling posts its reversal, a posting that cannot be made is refused with its
 * Persian reason and leaves nothing behind; posted vouchers are the server's; the daily totals stay
 * equal to the entries under concurrent finalisations; an analyst publishes a document type that
 * posts. On SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { EntityRow } from '../../runtime/shared/definition';
import type { ListPage } from '../../runtime/shared/envelope';
import type { Untyped } from '../../server/db/untyped';
import {
  fillAccountDaily,
  LEDGER_ACCOUNT_DAILY,
  LEDGER_DAILY,
  LEDGER_ENTRIES,
} from '../../server/accounting/ledgerTables';
import { t } from '../../server/i18n';
import { ledgerOfFinalVouchers, postInBulk } from '../../server/accounting/bulkPosting';
import { ACCOUNT_SETTINGS } from '../../server/accounting/standardChart';
import { DIALECTS, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

type Row = EntityRow & Record<string, unknown> & { lines?: Record<string, unknown>[] };
type Answer = { BusinessErrors?: string[] };

const PERSIAN = /[\u0600-\u06FF]/;
const SYSTEM = new Set(['id', 'version', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy']);

/** An API row as Create/Update values. */
function valuesOf(row: Row): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([k]) => !SYSTEM.has(k) && !k.endsWith('__display')));
}

/** A document type an analyst publishes: a petty-cash expense that posts (expense against a cash box). */
const PETTY = {
  name: 'pettyExpense',
  module: 'treasury',
  title: { fa: 'هزینه‌های تنخواه', en: 'Petty expenses' },
  displayField: 'number',
  lifecycle: {},
  numbering: { field: 'number', pattern: 'PE-{year}-{counter:4}', on: 'finalise' },
  period: { field: 'date' },
  schema: {
    type: 'object',
    properties: {
      number: { type: 'string', maxLength: 20 },
      date: { type: 'string', format: 'date' },
      cashBox: { type: 'integer', minimum: 1 },
      amount: { type: 'integer', minimum: 1 },
      paid: { type: 'integer', minimum: 0 },
      description: { type: 'string', maxLength: 200 },
    },
    required: ['date', 'amount', 'paid'],
  },
  fields: {
    number: { label: { fa: 'شماره' } },
    date: { label: { fa: 'تاریخ' } },
    cashBox: { label: { fa: 'صندوق' }, lookup: { entity: 'treasury.cashBox', displayField: 'title' } },
    amount: { label: { fa: 'مبلغ هزینه' }, money: true },
    paid: { label: { fa: 'پرداختی از صندوق' }, money: true },
    description: { label: { fa: 'شرح' } },
  },
  list: { columns: ['number', 'date', 'amount'] },
  menu: { order: 90 },
  posting: {
    description: { fa: 'هزینه تنخواه {{number}} — {{cashBox__display}}' },
    lines: [
      { id: 'expense', account: { code: '8206' }, debit: { var: 'amount' } },
      {
        id: 'cash',
        account: { setting: 'accounting.account.cash' },
        details: [{ field: 'cashBox' }],
        credit: { var: 'paid' },
      },
    ],
  },
};

describe.each(DIALECTS)('ledger and postings on %s', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  let staff = '';
  let admin = '';
  let analyst = '';
  let customer = '';
  let sql: Untyped;

  const list = async (path: string, filterModel: object = {}, who = () => admin) =>
    (
      await call<ListPage<Row>>(app, `${path}/GetList`, who(), {
        startRow: 0,
        endRow: 500,
        filterModel,
      })
    ).body.Data.rows;
  const eq = (filter: string | number) =>
    typeof filter === 'number'
      ? { filterType: 'number', type: 'equals', filter }
      : { filterType: 'text', type: 'equals', filter };
  const accountId = async (code: string) => (await list('Accounting/Account', { code: eq(code) }))[0]!.id;
  const errors = (body: { Data: unknown }) => (body.Data as Answer | null)?.BusinessErrors ?? [];
  const vouchersOf = async (entity: string, id: number) =>
    (await list('Accounting/Voucher', { sourceEntity: eq(entity), sourceId: eq(id) })).sort(
      (a, b) => a.id - b.id,
    );
  const entriesOf = async (voucherId: number) =>
    (await sql
      .selectFrom(LEDGER_ENTRIES)
      .selectAll()
      .where('voucher_id', '=', voucherId)
      .orderBy('line_no')
      .execute()) as Record<string, unknown>[];
  /** Σ debit − Σ credit per account over the entries of a source document. */
  const netOfSource = async (entity: string, id: number) => {
    const rows = (await sql
      .selectFrom(LEDGER_ENTRIES)
      .select(['account_id', 'debit', 'credit'])
      .where('source_entity', '=', entity)
      .where('source_id', '=', id)
      .execute()) as { account_id: unknown; debit: unknown; credit: unknown }[];
    const net = new Map<number, number>();
    for (const r of rows)
      net.set(
        Number(r.account_id),
        (net.get(Number(r.account_id)) ?? 0) + Number(r.debit) - Number(r.credit),
      );
    return net;
  };
  /** The totals of `table` per account, branch and day (detail accounts summed away), non-zero. */
  const byDay = async (table: string) =>
    new Map(
      (
        (await sql
          .selectFrom(table)
          .select((eb) => [
            'account_id',
            'branch_id',
            'date',
            eb.fn.sum<string>('debit').as('d'),
            eb.fn.sum<string>('credit').as('c'),
          ])
          .groupBy(['account_id', 'branch_id', 'date'])
          .execute()) as { account_id: unknown; branch_id: unknown; date: unknown; d: unknown; c: unknown }[]
      )
        .filter((r) => Number(r.d) !== 0 || Number(r.c) !== 0)
        .map((r) => [`${Number(r.account_id)}|${Number(r.branch_id)}|${String(r.date)}`, `${r.d}/${r.c}`]),
    );
  /**
   * The ledger's tables agree: per account, Σ daily totals = Σ entries; per account, branch and
   * day, the account totals = the detailed daily totals.
   */
  const ledgerAgrees = async () => {
    const sums = async (table: string) =>
      new Map(
        (
          (await sql
            .selectFrom(table)
            .select((eb) => [
              'account_id',
              eb.fn.sum<string>('debit').as('d'),
              eb.fn.sum<string>('credit').as('c'),
            ])
            .groupBy('account_id')
            .execute()) as { account_id: unknown; d: unknown; c: unknown }[]
        ).map((r) => [Number(r.account_id), `${Number(r.d)}/${Number(r.c)}`]),
      );
    // a voucher taken out leaves its daily rows at zero
    const daily = new Map([...(await sums(LEDGER_DAILY))].filter(([, v]) => v !== '0/0'));
    expect(daily).toEqual(await sums(LEDGER_ENTRIES));
    expect(await byDay(LEDGER_ACCOUNT_DAILY)).toEqual(await byDay(LEDGER_DAILY));
  };

  /** A new draft invoice (a copy of a demo draft's customer and lines). */
  const newInvoice = async (number = 'X') => {
    const [source] = await list('Sales/Invoice', { docState: eq('draft') });
    const full = (await call<Row>(app, 'Sales/Invoice/Get', staff, { id: source!.id })).body.Data;
    const made = await call<Row>(app, 'Sales/Invoice/Create', staff, {
      values: {
        ...valuesOf(full),
        number,
        date: '2026-06-10',
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
  const finalise = (path: string, row: Row, who = () => staff) =>
    call<Row>(app, `${path}/Finalise`, who(), { id: row.id, version: row.version });
  const cancel = (path: string, row: Row, who = () => staff) =>
    call<Row>(app, `${path}/Cancel`, who(), { id: row.id, version: row.version, reason: 'ثبت اشتباه سند' });

  /** A draft voucher through its workflow: submitted by staff, approved by admin (then it may be finalised). */
  const approve = async (draft: Row): Promise<Row> => {
    const move = async (row: Row, status: string, who: string) => {
      const got = (await call<Row>(app, 'Accounting/Voucher/Get', who, { id: row.id })).body.Data;
      const res = await call<Row>(app, 'Accounting/Voucher/Update', who, {
        id: got.id,
        version: got.version,
        values: { ...valuesOf(got), status, lines: (got.lines ?? []).map((l) => valuesOf(l as Row)) },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.Data;
    };
    return move(await move(draft, 'submitted', staff), 'approved', admin);
  };

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url);
    sql = app.ctx.db as unknown as Untyped;
    staff = (await signIn(app, 'staff')).access_token;
    admin = (await signIn(app, 'admin')).access_token;
    analyst = (await signIn(app, 'analyst')).access_token;
    customer = (await signIn(app, 'customer')).access_token;
  }, 240_000);
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  it('seeds the standard chart, its detail groups and the default-account settings', async () => {
    const receivable = (await list('Accounting/Account', { code: eq('1201') }))[0]!;
    expect(receivable).toMatchObject({ level: 3, kind: 'asset', nature: 'debit', statement: 'balanceSheet' });
    const persons = (await list('Accounting/DetailGroup', { code: eq('1') }))[0]!;
    expect(persons.name).toBe('اشخاص');
    expect(receivable.detail1Group).toBe(persons.id);
    const sales = (await list('Accounting/Account', { code: eq('6101') }))[0]!;
    expect(sales).toMatchObject({ level: 3, kind: 'income', statement: 'profitLoss' });
    expect(sales.detail1Group).toBeUndefined();
    const settings = await list('SystemConfig/Setting', {
      key: { filterType: 'text', type: 'startsWith', filter: 'accounting.account.' },
    });
    expect(settings.find((s) => s.key === 'accounting.account.receivable')?.value).toBe('1201');
    // every default account is a seeded setting, naming an account of the chart
    expect(settings.map((s) => s.key).sort()).toEqual(
      Object.keys(ACCOUNT_SETTINGS)
        .map((name) => `accounting.account.${name}`)
        .sort(),
    );
    expect(settings.find((s) => s.key === 'accounting.account.stockIssue')?.value).toBe('8207');
    // the pickers' filters (lookup `filter`): a voucher line offers active subsidiary accounts only,
    // an account's parent groups and general accounts only
    const voucherDef = (
      await call<{ children: { lines: { fields: { account: { lookup: { filter: object } } } } } }>(
        app,
        'Meta/Entity/GetDefinition',
        staff,
        { module: 'accounting', name: 'voucher' },
      )
    ).body.Data;
    const postable = await list('Accounting/Account', voucherDef.children.lines.fields.account.lookup.filter);
    expect(postable.length).toBeGreaterThan(40);
    expect(postable.every((a) => a.level === 3 && a.active === true)).toBe(true);
    const parents = await list('Accounting/Account', {
      level: { filterType: 'number', type: 'lessThan', filter: 3 },
    });
    expect(parents.length).toBeGreaterThan(20);
    expect(parents.every((a) => Number(a.level) < 3)).toBe(true);
    // the settings grid names them in Persian
    const def = (
      await call<{ fields: Record<string, { enumLabels?: Record<string, { fa: string }> }> }>(
        app,
        'Meta/Entity/GetDefinition',
        admin,
        { module: 'systemConfig', name: 'setting' },
      )
    ).body.Data;
    expect(def.fields.key?.enumLabels?.['accounting.account.receivable']?.fa).toMatch(PERSIAN);
  });

  it('keeps one floating detail account per master row: backfilled, created, renamed, read-only', async () => {
    const customers = await list('Sales/Customer');
    expect(customers.every((c) => typeof c.detailAccount === 'number')).toBe(true);
    const banks = await list('Treasury/BankAccount');
    const bankDetail = (
      await call<Row>(app, 'Accounting/DetailAccount/Get', admin, { id: banks[0]!.detailAccount })
    ).body.Data;
    expect(bankDetail).toMatchObject({
      sourceEntity: 'treasury.bankAccount',
      sourceId: banks[0]!.id,
      name: banks[0]!.title,
    });
    expect(String(bankDetail.code)).toMatch(/^2\d{5}$/);

    const source = (await call<Row>(app, 'Sales/Customer/Get', staff, { id: customers[0]!.id })).body.Data;
    const made = await call<Row>(app, 'Sales/Customer/Create', staff, {
      values: { ...valuesOf(source), code: `C-L-${dialect}`, name: 'بازرگانی دفتر کل', detailAccount: 1 },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const detailId = made.body.Data.detailAccount as number;
    expect(detailId).not.toBe(1);
    const detail = (await call<Row>(app, 'Accounting/DetailAccount/Get', admin, { id: detailId })).body.Data;
    expect(detail).toMatchObject({
      name: 'بازرگانی دفتر کل',
      sourceEntity: 'sales.customer',
      sourceId: made.body.Data.id,
    });
    expect(String(detail.code)).toMatch(/^1\d{5}$/);
    // renamed with the row; the field stays the server's whatever is sent
    const renamed = await call<Row>(app, 'Sales/Customer/Update', staff, {
      id: made.body.Data.id,
      version: made.body.Data.version,
      values: { ...valuesOf(made.body.Data), name: 'بازرگانی دفتر معین', detailAccount: 1 },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.Data.detailAccount).toBe(detailId);
    expect(
      (await call<Row>(app, 'Accounting/DetailAccount/Get', admin, { id: detailId })).body.Data.name,
    ).toBe('بازرگانی دفتر معین');
    const def = (
      await call<{
        fields: Record<string, { lookup?: { entity: string } }>;
        schema: { properties: Record<string, { readOnly?: boolean }> };
      }>(app, 'Meta/Entity/GetDefinition', staff, { module: 'sales', name: 'customer' })
    ).body.Data;
    expect(def.fields.detailAccount?.lookup?.entity).toBe('accounting.detailAccount');
    expect(def.schema.properties.detailAccount?.readOnly).toBe(true);
    // a floating detail account stays in its group and keeps its source, whatever a user sends
    const [banksGroup] = await list('Accounting/DetailGroup', { code: eq('2') });
    const stored = (await call<Row>(app, 'Accounting/DetailAccount/Get', admin, { id: detailId })).body.Data;
    const moved = await call<Row>(app, 'Accounting/DetailAccount/Update', admin, {
      id: detailId,
      version: stored.version,
      values: { ...valuesOf(stored), detailGroup: banksGroup!.id, sourceId: 1 },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.Data).toMatchObject({ detailGroup: detail.detailGroup, sourceId: made.body.Data.id });
    // deleted with the row
    const removed = await call(app, 'Sales/Customer/Delete', staff, {
      id: renamed.body.Data.id,
      version: renamed.body.Data.version,
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect((await call(app, 'Accounting/DetailAccount/Get', admin, { id: detailId })).status).toBe(404);
  });

  it('voucher lines: only active subsidiary accounts, detail accounts exactly as the account asks (417 on the cell)', async () => {
    const [receivable, sales, general] = [
      await accountId('1201'),
      await accountId('6101'),
      await accountId('12'),
    ];
    const customers = await list('Sales/Customer');
    const banks = await list('Treasury/BankAccount');
    const personDetail = customers[0]!.detailAccount as number;
    const bankDetail = banks[0]!.detailAccount as number;
    const voucher = (lines: Record<string, unknown>[]) =>
      call<Row>(app, 'Accounting/Voucher/Create', staff, {
        values: { number: 'x', date: '2026-06-01', description: 'سند دستی آزمایشی', lines },
      });
    const cells = (body: {
      TableMessageTexts?: { RowIndex: number; FieldName: string; Message: string }[];
    }) => (body.TableMessageTexts ?? []).map((c) => `${c.RowIndex}.${c.FieldName}`);
    const notPostable = await voucher([
      { account: general, debit: 500, credit: 0 },
      { account: sales, debit: 0, credit: 500 },
    ]);
    expect(notPostable.status).toBe(417);
    expect(cells(notPostable.body)).toEqual(['0.account']);
    expect(notPostable.body.TableMessageTexts?.[0]?.Message).toMatch(PERSIAN);
    const missing = await voucher([
      { account: receivable, debit: 500, credit: 0 },
      { account: sales, debit: 0, credit: 500 },
    ]);
    expect(missing.status).toBe(417);
    expect(cells(missing.body)).toEqual(['0.detail1']);
    const wrongGroup = await voucher([
      { account: receivable, detail1: bankDetail, debit: 500, credit: 0 },
      { account: sales, detail1: personDetail, debit: 0, credit: 500 },
    ]);
    expect(wrongGroup.status).toBe(417);
    expect(cells(wrongGroup.body)).toEqual(['0.detail1', '1.detail1']);
    const good = await voucher([
      { account: receivable, detail1: personDetail, debit: 500, credit: 0 },
      { account: sales, debit: 0, credit: 500, kind: undefined },
    ]);
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    expect(good.body.Data.kind).toBe('manual');
    // a manual voucher is finalised once approved (lifecycle.finaliseFrom): staff submits, admin approves
    const early = await finalise('Accounting/Voucher', good.body.Data);
    expect(early.status).toBe(417);
    expect(errors(early.body)[0]).toContain('«تأییدشده»');
    const approved = await approve(good.body.Data);
    expect(approved).toMatchObject({ status: 'approved', docState: 'draft' });
    // final: in the ledger; cancelled: out of it
    const final = await finalise('Accounting/Voucher', approved);
    expect(final.status, JSON.stringify(final.body)).toBe(200);
    const entries = await entriesOf(final.body.Data.id);
    expect(
      entries.map((e) => [
        Number(e.account_id),
        Number(e.detail1_id ?? 0),
        Number(e.debit),
        Number(e.credit),
      ]),
    ).toEqual([
      [receivable, personDetail, 500, 0],
      [sales, 0, 0, 500],
    ]);
    const cancelled = await cancel('Accounting/Voucher', final.body.Data);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await entriesOf(final.body.Data.id)).toEqual([]);
    await ledgerAgrees();
  });

  it('finalising an invoice posts one balanced voucher: receivable = grand total, sales, VAT', async () => {
    const invoice = await newInvoice();
    const done = await finalise('Sales/Invoice', invoice);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const final = done.body.Data;
    const [voucher, ...more] = await vouchersOf('sales.invoice', final.id);
    expect(more).toEqual([]);
    // a voucher the server posts is final in the approved state (the voucher's finaliseFrom)
    expect(voucher).toMatchObject({
      kind: 'posted',
      docState: 'final',
      status: 'approved',
      date: final.date,
      sourceId: final.id,
    });
    expect(String(voucher!.number)).toMatch(/^V-1405-\d{6}$/);
    expect(String(voucher!.description)).toContain(String(final.number));
    const customerRow = (await call<Row>(app, 'Sales/Customer/Get', staff, { id: final.customer })).body.Data;
    const grand = Number(final.grandTotal);
    const net = Number(final.total) - Number(final.discount ?? 0);
    expect(grand).toBe(net + Number(final.tax));
    const entries = await entriesOf(voucher!.id);
    const stock = (await sql
      .selectFrom('stock_entries')
      .select(['value'])
      .where('source_entity', '=', 'sales.invoice')
      .where('source_id', '=', final.id)
      .execute()) as { value: unknown }[];
    const cost = -stock.reduce((a, e) => a + Number(e.value), 0);
    expect(cost).toBeGreaterThan(0);
    expect(
      entries.map((e) => [
        Number(e.account_id),
        e.detail1_id === null ? null : Number(e.detail1_id),
        Number(e.debit),
        Number(e.credit),
      ]),
    ).toEqual([
      [await accountId('1201'), customerRow.detailAccount, grand, 0],
      [await accountId('6101'), null, 0, net],
      [await accountId('3201'), null, 0, Number(final.tax)],
      // the cost of the goods, as the stock ledger took it (#25)
      [await accountId('7101'), null, cost, 0],
      [await accountId('1301'), null, 0, cost],
    ]);
    expect(
      entries.every((e) => e.source_entity === 'sales.invoice' && Number(e.source_id) === final.id),
    ).toBe(true);
    await ledgerAgrees();

    // the posted voucher is the server's: no edit, cancel or delete by a user, with the reason
    const posted = (await call<Row>(app, 'Accounting/Voucher/Get', admin, { id: voucher!.id })).body.Data;
    const reason = t('fa', 'posting.voucherFromSource', { source: `فاکتورهای فروش ${String(final.number)}` });
    const edit = await call(app, 'Accounting/Voucher/Update', admin, {
      id: posted.id,
      version: posted.version,
      values: { ...valuesOf(posted), description: 'دستکاری سند ثبت‌شده' },
    });
    expect(edit.status).toBe(417);
    expect(errors(edit.body)).toEqual([reason]);
    expect(errors((await cancel('Accounting/Voucher', posted, () => admin)).body)).toEqual([reason]);
    const del = await call(app, 'Accounting/Voucher/Delete', admin, {
      id: posted.id,
      version: posted.version,
    });
    expect(errors(del.body)).toEqual([reason]);

    // cancelling the invoice posts the reversal, dated as the voucher: every account nets to zero
    const gone = await cancel('Sales/Invoice', final);
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    const [original, reversal] = await vouchersOf('sales.invoice', final.id);
    expect(original!.id).toBe(voucher!.id);
    expect(reversal).toMatchObject({
      kind: 'reversal',
      docState: 'final',
      reverses: voucher!.id,
      date: voucher!.date,
    });
    const net0 = await netOfSource('sales.invoice', final.id);
    // receivable, sales, VAT, cost of sales, inventory
    expect(net0.size).toBe(5);
    expect([...net0.values()].every((n) => n === 0)).toBe(true);
    await ledgerAgrees();
  });

  it('a missing setting refuses the finalisation with the Persian reason; nothing is written, no number spent', async () => {
    const before = await newInvoice('Y1');
    const setting = (await list('SystemConfig/Setting', { key: eq('accounting.account.vatPayable') }))[0]!;
    const removed = await call(app, 'SystemConfig/Setting/Delete', admin, {
      id: setting.id,
      version: setting.version,
    });
    expect(removed.status).toBe(200);
    try {
      const refused = await finalise('Sales/Invoice', before);
      expect(refused.status).toBe(417);
      expect(errors(refused.body)).toEqual([
        t('fa', 'posting.settingMissing', { setting: 'accounting.account.vatPayable', line: 'vat' }),
      ]);
      const still = (await call<Row>(app, 'Sales/Invoice/Get', staff, { id: before.id })).body.Data;
      expect(still.docState).toBe('draft');
      expect(still.number).toBeUndefined();
      expect(await vouchersOf('sales.invoice', before.id)).toEqual([]);
    } finally {
      await call(app, 'SystemConfig/Setting/Create', admin, {
        values: { key: 'accounting.account.vatPayable', value: '3201' },
      });
    }
    // the series gave no number away: the next finalisation takes the one after the last
    const numbers = (
      await list('Sales/Invoice', { docState: { filterType: 'text', type: 'notEqual', filter: 'draft' } })
    )
      .map((r) => String(r.number))
      .filter((n) => n.startsWith('INV-'));
    const done = await finalise('Sales/Invoice', before);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const last = Math.max(0, ...numbers.map((n) => Number(n.slice(-6))));
    expect(Number(String(done.body.Data.number).slice(-6))).toBe(last + 1);
  });

  it('the shipped postings: a receipt, a payment, a goods receipt and a payroll run post balanced vouchers', async () => {
    const customers = await list('Sales/Customer');
    const vendors = await list('SupplyChain/Vendor');
    const boxes = await list('Treasury/CashBox');
    const banks = await list('Treasury/BankAccount');
    const receipt = await call<Row>(app, 'Treasury/Receipt/Create', staff, {
      values: {
        number: 'r',
        date: '2026-07-01',
        party: customers[1]!.id,
        amount: 7_000_000,
        cashBox: boxes[0]!.id,
      },
    });
    expect(receipt.status, JSON.stringify(receipt.body)).toBe(200);
    expect((await finalise('Treasury/Receipt', receipt.body.Data)).status).toBe(200);
    const [rv] = await vouchersOf('treasury.receipt', receipt.body.Data.id);
    expect(
      (await entriesOf(rv!.id)).map((e) => [
        Number(e.account_id),
        Number(e.detail1_id),
        Number(e.debit),
        Number(e.credit),
      ]),
    ).toEqual([
      [await accountId('1101'), boxes[0]!.detailAccount, 7_000_000, 0],
      [await accountId('1201'), customers[1]!.detailAccount, 0, 7_000_000],
    ]);
    const payment = await call<Row>(app, 'Treasury/Payment/Create', staff, {
      values: {
        number: 'p',
        date: '2026-07-02',
        party: vendors[0]!.id,
        amount: 3_000_000,
        bankAccount: banks[1]!.id,
      },
    });
    expect((await finalise('Treasury/Payment', payment.body.Data)).status).toBe(200);
    const [pv] = await vouchersOf('treasury.payment', payment.body.Data.id);
    expect(
      (await entriesOf(pv!.id)).map((e) => [
        Number(e.account_id),
        Number(e.detail1_id),
        Number(e.debit),
        Number(e.credit),
      ]),
    ).toEqual([
      [await accountId('3101'), vendors[0]!.detailAccount, 3_000_000, 0],
      [await accountId('1102'), banks[1]!.detailAccount, 0, 3_000_000],
    ]);

    const order = (await list('SupplyChain/PurchaseOrder'))[0]!;
    const po = (await call<Row>(app, 'SupplyChain/PurchaseOrder/Get', admin, { id: order.id })).body.Data;
    const gr = await call<Row>(app, 'SupplyChain/GoodsReceipt/Create', admin, {
      values: {
        number: 'g',
        // the order's lines copied by hand, so no order named (made from one: tests/server/chain.test.ts)
        vendor: po.vendor,
        date: '2026-07-03',
        lines: (po.lines ?? []).map((l) => ({ item: l.item, quantity: l.quantity, unitPrice: l.unitPrice })),
      },
    });
    expect(gr.status, JSON.stringify(gr.body)).toBe(200);
    expect(gr.body.Data.total).toBe(po.total);
    expect((await finalise('SupplyChain/GoodsReceipt', gr.body.Data, () => admin)).status).toBe(200);
    const [gv] = await vouchersOf('supplyChain.goodsReceipt', gr.body.Data.id);
    expect(
      (await entriesOf(gv!.id)).map((e) => [Number(e.account_id), Number(e.debit), Number(e.credit)]),
    ).toEqual([
      [await accountId('1301'), po.total, 0],
      [await accountId('3103'), 0, po.total],
    ]);

    const run = (await list('Salary/PayrollRun'))[0]!;
    const computed = await call<Row>(app, 'Salary/PayrollRun/Compute', admin, {
      id: run.id,
      version: run.version,
    });
    expect(computed.status, JSON.stringify(computed.body)).toBe(200);
    const paid = await finalise('Salary/PayrollRun', computed.body.Data, () => admin);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const [sv] = await vouchersOf('salary.payrollRun', run.id);
    const lines = computed.body.Data.lines ?? [];
    const sum = (f: string) => lines.reduce((s, l) => s + Number(l[f] ?? 0), 0);
    const pe = await entriesOf(sv!.id);
    const total = (id: number, side: 'debit' | 'credit') =>
      pe.filter((e) => Number(e.account_id) === id).reduce((s, e) => s + Number(e[side]), 0);
    expect(total(await accountId('8101'), 'debit')).toBe(sum('baseSalary') - sum('leaveDeduction'));
    expect(total(await accountId('3301'), 'credit')).toBe(sum('net'));
    expect(total(await accountId('3302'), 'credit')).toBe(sum('insurance'));
    expect(total(await accountId('3202'), 'credit')).toBe(sum('tax'));
    // one salary payable line per employee, with the employee's detail account
    const payable = await accountId('3301');
    expect(pe.filter((e) => Number(e.account_id) === payable).length).toBe(
      lines.filter((l) => Number(l.net) > 0).length,
    );
    expect(pe.filter((e) => Number(e.account_id) === payable).every((e) => Number(e.detail1_id) > 0)).toBe(
      true,
    );
    await ledgerAgrees();
  });

  it('many concurrent finalisations keep the daily totals equal to the entries', async () => {
    const drafts: Row[] = [];
    for (let i = 0; i < 8; i++) drafts.push(await newInvoice(`C${i}`));
    const done = await Promise.all(drafts.map((d) => finalise('Sales/Invoice', d)));
    expect(done.map((d) => d.status)).toEqual(drafts.map(() => 200));
    const numbers = new Set<string>();
    for (const d of done) {
      const [v] = await vouchersOf('sales.invoice', d.body.Data.id);
      numbers.add(String(v!.number));
    }
    expect(numbers.size).toBe(drafts.length);
    await ledgerAgrees();
  });

  it('the account totals of a ledger written before them are filled from its daily totals (migration 0012)', async () => {
    const before = await byDay(LEDGER_ACCOUNT_DAILY);
    expect(before.size).toBeGreaterThan(0);
    await sql.deleteFrom(LEDGER_ACCOUNT_DAILY).execute();
    await fillAccountDaily(sql as unknown as Kysely<unknown>);
    expect(await byDay(LEDGER_ACCOUNT_DAILY)).toEqual(before);
    await ledgerAgrees();
  });

  it('an analyst publishes a document type that posts; bad declarations answer 417 with their JSON path', async () => {
    const bothSides = JSON.parse(JSON.stringify(PETTY)) as { posting: { lines: Record<string, unknown>[] } };
    bothSides.posting.lines[0]!.credit = { var: 'amount' };
    const bad = await call(app, 'SystemConfig/Designer/Publish', analyst, { definition: bothSides });
    expect(bad.status).toBe(417);
    expect((bad.body.ServerMessageTexts ?? []).map((m) => m.FieldName)).toContain('/posting/lines/0');
    const noSetting = JSON.parse(JSON.stringify(PETTY)) as { posting: { lines: Record<string, unknown>[] } };
    noSetting.posting.lines[1]!.account = { setting: 'accounting.account.noSuch' };
    const bad2 = await call(app, 'SystemConfig/Designer/Publish', analyst, { definition: noSetting });
    expect(bad2.status).toBe(417);
    expect((bad2.body.ServerMessageTexts ?? []).map((m) => m.FieldName)).toEqual([
      '/posting/lines/1/account/setting',
    ]);

    const published = await call(app, 'SystemConfig/Designer/Publish', analyst, { definition: PETTY });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const boxes = await list('Treasury/CashBox');
    const create = (values: Record<string, unknown>) =>
      call<Row>(app, 'Treasury/PettyExpense/Create', analyst, { values });
    const ok = await create({
      date: '2026-08-01',
      cashBox: boxes[0]!.id,
      amount: 1_200_000,
      paid: 1_200_000,
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const posted = await finalise('Treasury/PettyExpense', ok.body.Data, () => analyst);
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    expect(posted.body.Data.number).toBe('PE-1405-0001');
    const [voucher] = await vouchersOf('treasury.pettyExpense', ok.body.Data.id);
    expect(voucher).toMatchObject({ kind: 'posted', totalDebit: 1_200_000, totalCredit: 1_200_000 });
    expect(String(voucher!.description)).toBe(`هزینه تنخواه PE-1405-0001 — ${String(boxes[0]!.title)}`);

    // does not balance: refused with the difference; the document stays a draft, no number is spent
    const off = await create({ date: '2026-08-02', cashBox: boxes[0]!.id, amount: 900_000, paid: 800_000 });
    const refused = await finalise('Treasury/PettyExpense', off.body.Data, () => analyst);
    expect(refused.status).toBe(417);
    expect(errors(refused.body)).toEqual([
      t('fa', 'posting.unbalanced', { debit: 900_000, credit: 800_000, difference: 100_000 }),
    ]);
    expect(errors(refused.body)[0]).toMatch(PERSIAN);
    const still = (await call<Row>(app, 'Treasury/PettyExpense/Get', analyst, { id: off.body.Data.id })).body
      .Data;
    expect(still.docState).toBe('draft');
    expect(still.number).toBeUndefined();
    // a required detail account missing (no cash box): refused, naming the line and the group
    const noBox = await create({ date: '2026-08-02', amount: 500_000, paid: 500_000 });
    const refused2 = await finalise('Treasury/PettyExpense', noBox.body.Data, () => analyst);
    expect(refused2.status).toBe(417);
    expect(errors(refused2.body)[0]).toContain('صندوق‌ها');
    expect(errors(refused2.body)[0]).toContain('cash');
    // the next one that posts takes the next number
    const fixed = await call<Row>(app, 'Treasury/PettyExpense/Update', analyst, {
      id: off.body.Data.id,
      version: off.body.Data.version,
      values: { ...valuesOf(off.body.Data), paid: 900_000 },
    });
    const second = await finalise('Treasury/PettyExpense', fixed.body.Data, () => analyst);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.Data.number).toBe('PE-1405-0002');
    await ledgerAgrees();
  });

  it('a designer may not publish a posting that reads a field hidden from its role', async () => {
    const hide = { role: 'analyst', entity: 'sales.invoice', field: 'discount', mode: 'hidden' };
    await app.ctx.db.insertInto('field_permissions').values(hide).execute();
    try {
      const invoice = (
        await call<{ definition: { posting: { lines: Record<string, unknown>[] } } }>(
          app,
          'SystemConfig/Designer/Get',
          analyst,
          { key: 'sales.invoice' },
        )
      ).body.Data.definition;
      // the shipped lines read the discount already: unchanged, they add no read
      const same = await call(app, 'SystemConfig/Designer/Plan', analyst, { definition: invoice });
      expect(same.status, JSON.stringify(same.body)).toBe(200);
      invoice.posting.lines.push({
        id: 'leak',
        account: { code: '8206' },
        debit: { var: 'discount' },
      });
      const leak = await call(app, 'SystemConfig/Designer/Plan', analyst, { definition: invoice });
      expect(leak.status).toBe(417);
      expect((leak.body.ServerMessageTexts ?? []).map((m) => m.FieldName)).toEqual([
        '/posting/lines/5/debit',
      ]);
    } finally {
      await app.ctx.db.deleteFrom('field_permissions').where('role', '=', 'analyst').execute();
    }
  });

  it('bulk posting (the demo seed): final documents get their voucher once, cancelled ones the reversal too', async () => {
    const customers = await list('Sales/Customer');
    const banks = await list('Treasury/BankAccount');
    const made: Row[] = [];
    for (const amount of [4_000_000, 5_000_000, 6_000_000]) {
      const r = await call<Row>(app, 'Treasury/Receipt/Create', staff, {
        values: { date: '2026-09-01', party: customers[2]!.id, amount, bankAccount: banks[0]!.id },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      made.push(r.body.Data);
    }
    const table = app.ctx.registry.byEntityKey('treasury.receipt')!.table;
    // written as the seed writes them: states set directly, no effect ran
    await sql
      .updateTable(table)
      .set({ docState: 'final' })
      .where('id', 'in', [made[0]!.id, made[1]!.id])
      .execute();
    await sql.updateTable(table).set({ docState: 'cancelled' }).where('id', '=', made[2]!.id).execute();
    const written = await postInBulk(sql, app.ctx, 'treasury.receipt', t('fa', 'posting.reversalPrefix'));
    expect(written).toBeGreaterThanOrEqual(4);
    for (const r of made.slice(0, 2)) {
      const [v, ...more] = await vouchersOf('treasury.receipt', r.id);
      expect(more).toEqual([]);
      expect(v).toMatchObject({ kind: 'posted', docState: 'final', totalDebit: r.amount });
      expect(String(v!.number)).toMatch(/^V-1405-\d{6}$/);
      expect((await entriesOf(v!.id)).length).toBe(2);
    }
    const [posted, reversal] = await vouchersOf('treasury.receipt', made[2]!.id);
    expect(reversal).toMatchObject({ kind: 'reversal', reverses: posted!.id, date: posted!.date });
    expect([...(await netOfSource('treasury.receipt', made[2]!.id)).values()].every((n) => n === 0)).toBe(
      true,
    );
    // once only
    expect(await postInBulk(sql, app.ctx, 'treasury.receipt', 'x')).toBe(0);
    // a manual voucher finalised in bulk gets its entries
    const [receivable, sales] = [await accountId('1201'), await accountId('6101')];
    const manual = await call<Row>(app, 'Accounting/Voucher/Create', staff, {
      values: {
        date: '2026-09-02',
        description: 'سند دستی قطعی‌شده در انبوه',
        lines: [
          { account: receivable, detail1: customers[2]!.detailAccount, debit: 700, credit: 0 },
          { account: sales, debit: 0, credit: 700 },
        ],
      },
    });
    expect(manual.status, JSON.stringify(manual.body)).toBe(200);
    const vouchers = app.ctx.registry.byEntityKey('accounting.voucher')!.table;
    await sql
      .updateTable(vouchers)
      .set({ docState: 'final' })
      .where('id', '=', manual.body.Data.id)
      .execute();
    expect(await ledgerOfFinalVouchers(sql, app.ctx)).toBe(1);
    expect((await entriesOf(manual.body.Data.id)).map((e) => Number(e.debit) + Number(e.credit))).toEqual([
      700, 700,
    ]);
    expect(await ledgerOfFinalVouchers(sql, app.ctx)).toBe(0);
    await ledgerAgrees();
  });

  it('customers and vendors read no vouchers (not exposed to them)', async () => {
    expect(
      (await call(app, 'Accounting/Voucher/GetList', customer, { startRow: 0, endRow: 10 })).status,
    ).toBe(403);
    expect(
      (await call(app, 'Accounting/DetailAccount/GetList', customer, { startRow: 0, endRow: 10 })).status,
    ).toBe(403);
    const vendor = (await signIn(app, 'vendor')).access_token;
    expect((await call(app, 'Accounting/Voucher/GetList', vendor, { startRow: 0, endRow: 10 })).status).toBe(
      403,
    );
    const menu = (await call<{ children?: { entity?: string }[] }[]>(app, 'Meta/Menu/GetMenu', customer, {}))
      .body.Data;
    expect(JSON.stringify(menu)).not.toContain('accounting.voucher');
  });
});
