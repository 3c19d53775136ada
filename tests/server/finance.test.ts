/**
 * Finance rules on the real server: balanced vouchers on the chart of accounts, closed fiscal
 * periods, the account tree, discount rules and quotas on sales invoices, and lists of dated
 * documents following the selectedYear fiscal period.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EntityRow } from '../../runtime/shared/definition';
import type { ListPage } from '../../runtime/shared/envelope';
import { DIALECTS, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

type Row = EntityRow & Record<string, unknown>;

describe.each(DIALECTS)('finance on %s', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  let staff = '';
  let admin = '';
  const rows = async (path: string, body: object = {}, headers: Record<string, string> = {}) =>
    (await call<ListPage<Row>>(app, `${path}/GetList`, admin, { startRow: 0, endRow: 500, ...body }, headers))
      .body.Data;
  const create = (path: string, values: object) => call<Row>(app, `${path}/Create`, staff, { values });
  const accountId = async (code: string) =>
    (
      await rows('Accounting/Account', {
        filterModel: { code: { filterType: 'text', type: 'equals', filter: code } },
      })
    ).rows[0]!.id;

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url);
    staff = (await signIn(app, 'staff')).access_token;
    admin = (await signIn(app, 'admin')).access_token;
  });
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  it('vouchers on the chart of accounts: unbalanced → 417 BusinessErrors; balanced is stored with its totals', async () => {
    const [cash, sales] = [await accountId('8201'), await accountId('6101')];
    const voucher = (credit: number) => ({
      number: 'S-F-1',
      date: '2026-06-01',
      description: 'فروش نقدی آزمایشی',
      lines: [
        { account: cash, debit: 1000, credit: 0 },
        { account: sales, debit: 0, credit },
      ],
    });
    const bad = await create('Accounting/Voucher', voucher(900));
    expect(bad.status).toBe(417);
    expect(bad.body.Data).toEqual({
      BusinessErrors: ['جمع بدهکار و بستانکار سند برابر نیست؛ اختلاف ۱۰۰ ریال'],
    });
    // the rule blames the last line's amount, so the form can mark that cell
    expect(bad.body.TableMessageTexts).toEqual([
      {
        TableName: 'lines',
        RowIndex: 1,
        FieldName: 'credit',
        Key: 'messages.text',
        Params: { text: 'جمع بدهکار و بستانکار سند برابر نیست؛ اختلاف ۱۰۰ ریال' },
        Message: 'جمع بدهکار و بستانکار سند برابر نیست؛ اختلاف ۱۰۰ ریال',
      },
    ]);
    const good = await create('Accounting/Voucher', voucher(1000));
    expect(good.status).toBe(200);
    expect(good.body.Data).toMatchObject({ totalDebit: 1000, totalCredit: 1000 });
    const got = await call<Row>(app, 'Accounting/Voucher/Get', staff, { id: good.body.Data.id });
    expect(got.body.Data.lines).toMatchObject([{ account: cash }, { account: sales }]);
  });

  it('closing a period blocks creating, editing and deleting its vouchers', async () => {
    const [cash, sales] = [await accountId('8201'), await accountId('6101')];
    const lines = [
      { account: cash, debit: 500, credit: 0 },
      { account: sales, debit: 0, credit: 500 },
    ];
    const values = { number: 'S-F-2', date: '2026-07-01', description: 'سند پیش از بستن دوره', lines };
    const made = await create('Accounting/Voucher', values);
    expect(made.status).toBe(200);
    const periods = await rows('Accounting/FiscalPeriod');
    const y1405 = periods.rows.find((p) => p.startDate === '2026-03-21')!;
    const period = { title: y1405.title, startDate: y1405.startDate, endDate: y1405.endDate };
    const close = await call<Row>(app, 'Accounting/FiscalPeriod/Update', admin, {
      id: y1405.id,
      version: y1405.version,
      values: { ...period, closed: true },
    });
    expect(close.status).toBe(200);
    try {
      const { id, version } = made.body.Data;
      const edit = await call(app, 'Accounting/Voucher/Update', staff, {
        id,
        version,
        values: { ...values, description: 'ویرایش در دوره بسته' },
      });
      expect(edit.status).toBe(417);
      expect((edit.body.Data as { BusinessErrors: string[] }).BusinessErrors[0]).toContain(
        // the period's title in the message's Persian digits
        String(close.body.Data.title).replace(/[0-9]/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!),
      );
      expect((await call(app, 'Accounting/Voucher/Delete', staff, { id, version })).status).toBe(417);
      expect((await create('Accounting/Voucher', { ...values, number: 'S-F-3' })).status).toBe(417);
    } finally {
      await call(app, 'Accounting/FiscalPeriod/Update', admin, {
        id: y1405.id,
        version: close.body.Data.version,
        values: { ...period, closed: false },
      });
    }
  });

  it('the chart of accounts is a tree: level follows the parent; no cycles; no delete with sub-accounts', async () => {
    const parent = await accountId('11');
    const made = await create('Accounting/Account', {
      code: '1106',
      name: 'پیش‌پرداخت‌ها',
      kind: 'asset',
      parent,
    });
    expect(made.status).toBe(200);
    expect(made.body.Data.level).toBe(3);
    const top = (
      await rows('Accounting/Account', {
        filterModel: { code: { filterType: 'text', type: 'equals', filter: '1' } },
      })
    ).rows[0]!;
    const cycle = await call(app, 'Accounting/Account/Update', staff, {
      id: top.id,
      version: top.version,
      values: { code: '1', name: top.name, kind: 'asset', parent: made.body.Data.id },
    });
    expect(cycle.status).toBe(417);
    expect((cycle.body.Data as { BusinessErrors: string[] }).BusinessErrors[0]).toContain('زیرحساب');
    const del = await call(app, 'Accounting/Account/Delete', staff, { id: top.id, version: top.version });
    expect(del.status).toBe(417);
    expect((del.body.Data as { BusinessErrors: string[] }).BusinessErrors[0]).toContain('دارایی‌ها');
  });

  it('a discount rule of the date, customer and item is applied to the invoice by the server; tax and words follow', async () => {
    const customers = await rows('Sales/Customer');
    const customer = customers.rows[customers.rows.length - 1]!.id;
    const items = (await rows('Inventory/Item')).rows;
    const [discounted, plain] = [items[items.length - 1]!.id, items[items.length - 2]!.id];
    const rule = await create('Promotion/DiscountRule', {
      title: 'تخفیف آزمایشی بیست درصد',
      item: discounted,
      customer,
      percent: 20,
      startDate: '2026-08-01',
      endDate: '2026-08-31',
      active: true,
    });
    expect(rule.status).toBe(200);
    const invoice = (date: string) =>
      create('Sales/Invoice', {
        number: `F-D-${date}`,
        customer,
        date,
        lines: [
          { item: discounted, quantity: 2, unitPrice: 50_000 },
          { item: plain, quantity: 1, unitPrice: 30_000 },
        ],
      });
    const inside = await invoice('2026-08-15');
    expect(inside.status).toBe(200);
    expect(inside.body.Data).toMatchObject({
      total: 130_000,
      discount: 20_000,
      // 10% VAT of the discounted line's net (100,000 − 20,000); the other item (oil) is exempt
      tax: 8_000,
      grandTotal: 118_000,
      grandTotalWords: 'صد و هجده هزار ریال',
      appliedDiscounts: 'تخفیف آزمایشی بیست درصد',
    });
    const outside = await invoice('2026-09-15');
    expect(outside.body.Data).toMatchObject({
      total: 130_000,
      discount: 0,
      tax: 10_000,
      grandTotal: 140_000,
    });
  });

  it('quotas: an invoice over the customer’s quota → 417 naming the item and the remaining quantity', async () => {
    // a customer of its own: the demo invoices (dated from today) may already hold any other's quota
    const created = await create('Sales/Customer', {
      code: 'C-QUOTA',
      name: 'مشتری سهمیه',
      customerType: 'person',
      nationalCode: '0499370899',
    });
    expect(created.status).toBe(200);
    const customer = created.body.Data.id;
    const item = (await rows('Inventory/Item')).rows[0]!;
    const quota = await create('Rationing/Quota', {
      title: 'سهمیه آزمایشی',
      customer,
      item: item.id,
      startDate: '2026-10-01',
      endDate: '2026-10-31',
      maxQuantity: 10,
    });
    expect(quota.status).toBe(200);
    const sell = (number: string, quantity: number, date = '2026-10-10') =>
      create('Sales/Invoice', {
        number,
        customer,
        date,
        lines: [{ item: item.id, quantity, unitPrice: 1000 }],
      });
    const first = await sell('F-Q-1', 7);
    expect(first.status).toBe(200);
    const before = (await rows('Sales/Invoice')).lastRow;
    const over = await sell('F-Q-2', 4);
    expect(over.status).toBe(417);
    expect(over.body.Data).toEqual({
      BusinessErrors: [
        `سهمیه مشتری برای کالای «${String(item.name)}» کافی نیست: درخواست ۴، باقی‌مانده سهمیه ۳.`,
      ],
    });
    expect((await rows('Sales/Invoice')).lastRow).toBe(before);
    expect((await sell('F-Q-3', 3)).status).toBe(200);
    // outside the quota's dates nothing is counted
    expect((await sell('F-Q-4', 50, '2026-11-05')).status).toBe(200);
    // editing an invoice does not count its own stored quantity twice
    const { id, version } = first.body.Data;
    const edit = await call(app, 'Sales/Invoice/Update', staff, {
      id,
      version,
      values: {
        number: 'F-Q-1',
        customer,
        date: '2026-10-10',
        lines: [{ item: item.id, quantity: 7, unitPrice: 900 }],
      },
    });
    expect(edit.status).toBe(200);
  });

  it('lists of dated documents follow the selectedYear fiscal period (GetList and Export)', async () => {
    const periods = (await rows('Accounting/FiscalPeriod')).rows;
    const y1404 = String(periods.find((p) => p.startDate === '2025-03-21')!.id);
    const y1405 = String(periods.find((p) => p.startDate === '2026-03-21')!.id);
    const all = await rows('Accounting/Voucher');
    expect(all.lastRow).toBeGreaterThan(0);
    const in1405 = await rows('Accounting/Voucher', {}, { selectedYear: y1405 });
    expect(in1405.lastRow).toBe(all.lastRow);
    expect(in1405.rows.every((r) => String(r.date) >= '2026-03-21' && String(r.date) <= '2027-03-20')).toBe(
      true,
    );
    for (const path of ['Accounting/Voucher', 'Sales/Invoice', 'Treasury/Receipt', 'Treasury/Payment'])
      expect((await rows(path, {}, { selectedYear: y1404 })).lastRow).toBe(0);
    expect((await rows('Treasury/Receipt', {}, { selectedYear: y1405 })).lastRow).toBeGreaterThan(0);
    // an unknown period id is a 400 naming selectedYear, never every period's rows (#23)
    const unknown = await call(
      app,
      'Accounting/Voucher/GetList',
      admin,
      { startRow: 0, endRow: 10 },
      {
        selectedYear: '9999',
      },
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.ServerMessageTexts.map((m) => m.FieldName)).toEqual(['selectedYear']);
    // entities without a period are not narrowed
    expect((await rows('Sales/Customer', {}, { selectedYear: y1404 })).lastRow).toBeGreaterThan(0);
    const exported = await app.inject({
      method: 'POST',
      url: '/api/Accounting/Voucher/Export',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}`, selectedYear: y1404 },
      payload: JSON.stringify({ format: 'csv' }),
    });
    expect(exported.statusCode).toBe(200);
    expect(
      exported.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n'),
    ).toHaveLength(1);
  });
});
