/**
 * VAT per line on both databases (docs/tax.md): each line takes its item's tax code and the rate
 * valid on the invoice's date (the day before and the day of a rate change), an exempt item pays
 * nothing, each line is rounded to the Rial and the total is the lines' sum; a code without a rate
 * on the date refuses with its code and date; the buyer's and the seller's identity is the
 * server's, taken at Finalise and kept after; an economic code is checked; the VAT report ties the
 * invoices' VAT to the VAT account's movement in the ledger on the demo data and after a new
 * invoice is posted; a new document type takes VAT by publishing the declaration alone; the report
 * is refused to a role that may not read every taxed type's tax, and to a customer user.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EntityDefinition, EntityRow } from '../../runtime/shared/definition';
import type { Envelope, ListPage } from '../../runtime/shared/envelope';
import type { ReportResult } from '../../runtime/shared/reportDefinition';
import { EXEMPT_TAX_CODE } from '../../runtime/shared/taxSeed';
import { DIALECTS, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

type Row = EntityRow & Record<string, unknown>;

const ok = <T>(res: { status: number; body: Envelope<T> }): T => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.Data;
};
const businessErrors = (body: Envelope<unknown>) =>
  ((body.Data as { BusinessErrors?: string[] } | null)?.BusinessErrors ?? []) as string[];

describe.each(DIALECTS)('VAT on %s', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  let admin = '';
  let customerUser = '';
  let warehouse = 0;
  /** Items: on the test code (9% then 10% from 2026-09-01), exempt, and on the demo's general VAT. */
  const items = { changing: 0, exempt: 0, general: 0 };
  let customer = 0;

  const list = async (path: string, filterModel: object = {}) =>
    ok(await call<ListPage<Row>>(app, `${path}/GetList`, admin, { startRow: 0, endRow: 100, filterModel }))
      .rows;
  const byCode = async (path: string, code: string) =>
    (await list(path, { code: { filterType: 'text', type: 'equals', filter: code } }))[0]!;

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url, { demoVolume: 'small' });
    admin = (await signIn(app, 'admin')).access_token;
    customerUser = (await signIn(app, 'customer')).access_token;
    const code = ok(
      await call<Row>(app, 'Accounting/TaxCode/Create', admin, {
        values: {
          code: 'TST',
          name: 'نرخ آزمون',
          rates: [
            { validFrom: '2026-03-21', validTo: '2026-08-31', rate: 900, levy: 300 },
            { validFrom: '2026-09-01', rate: 1000, levy: 300 },
          ],
        },
      }),
    );
    const unit = (await list('Inventory/Unit'))[0]!.id;
    const item = async (c: string, taxCode: number | null) =>
      ok(
        await call<Row>(app, 'Inventory/Item/Create', admin, {
          values: {
            code: c,
            name: `کالای ${c}`,
            unit,
            purchasePrice: 0,
            allowNegative: true,
            ...(taxCode ? { taxCode } : {}),
          },
        }),
      ).id;
    items.changing = await item('TX-1', code.id);
    items.exempt = await item('TX-2', (await byCode('Accounting/TaxCode', EXEMPT_TAX_CODE)).id);
    // no code of its own: the default code of the setting tax.defaultCode (VAT)
    items.general = await item('TX-3', null);
    warehouse = (await list('Inventory/Warehouse'))[0]!.id;
    customer = ok(
      await call<Row>(app, 'Sales/Customer/Create', admin, {
        values: {
          code: 'TX-C1',
          name: 'شرکت آزمون مالیات',
          customerType: 'company',
          customerGroup: 'wholesale',
          nationalId: '10103456783',
          economicCode: '10103456783',
          postalCode: '1581834511',
        },
      }),
    ).id;
  }, 240_000);
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  const draft = async (date: string, lines: object[], extra: object = {}) =>
    ok(
      await call<Row>(app, 'Sales/Invoice/Create', admin, {
        values: { customer, date, warehouse, lines, ...extra },
      }),
    );
  const linesOf = (row: Row) => row.lines as Row[];

  it('takes the rate valid on the date: the day before a change and the day of it', async () => {
    const before = await draft('2026-08-31', [{ item: items.changing, quantity: 2, unitPrice: 500_000 }]);
    expect(linesOf(before)[0]).toMatchObject({ taxRate: 900, tax: 90_000 });
    expect(before).toMatchObject({ total: 1_000_000, tax: 90_000, grandTotal: 1_090_000 });
    const on = await draft('2026-09-01', [{ item: items.changing, quantity: 2, unitPrice: 500_000 }]);
    expect(linesOf(on)[0]).toMatchObject({ taxRate: 1000, tax: 100_000 });
    expect(on).toMatchObject({ tax: 100_000, grandTotal: 1_100_000 });
    // a date moved across the change recomputes the draft
    const moved = ok(
      await call<Row>(app, 'Sales/Invoice/Update', admin, {
        id: before.id,
        version: before.version,
        values: {
          customer,
          date: '2026-09-02',
          warehouse,
          lines: [{ item: items.changing, quantity: 2, unitPrice: 500_000 }],
        },
      }),
    );
    expect(moved.tax).toBe(100_000);
    // the seeded general code: 9% until the end of 1402, 10% from 1403/01/01 (2024-03-20)
    const preview = async (date: string) =>
      ok(
        await call<Row>(app, 'Sales/Invoice/Preview', admin, {
          values: {
            customer,
            date,
            warehouse,
            lines: [{ item: items.general, quantity: 1, unitPrice: 1_000_000 }],
          },
        }),
      );
    expect((await preview('2024-03-19')).tax).toBe(90_000);
    expect((await preview('2024-03-20')).tax).toBe(100_000);
  });

  it('an exempt item pays nothing; each line is rounded half up and the total is their sum', async () => {
    const row = await draft('2026-10-01', [
      { item: items.general, quantity: 1, unitPrice: 105 },
      { item: items.general, quantity: 1, unitPrice: 105 },
      { item: items.exempt, quantity: 3, unitPrice: 1_000_000 },
    ]);
    // 10.5 Rial per line rounds to 11: 22, not 10% of 210 (21)
    expect(linesOf(row).map((l) => [l.taxRate, l.tax])).toEqual([
      [1000, 11],
      [1000, 11],
      [0, 0],
    ]);
    expect(row).toMatchObject({ total: 3_000_210, tax: 22, grandTotal: 3_000_232 });
  });

  it("ignores the tax a client sends, and the code a client sends on a line: the item's code decides", async () => {
    const row = await draft(
      '2026-10-01',
      [
        { item: items.general, quantity: 1, unitPrice: 1_000, tax: 1, taxRate: 5 },
        {
          item: items.general,
          quantity: 1,
          unitPrice: 1_000,
          taxCode: (await byCode('Accounting/TaxCode', EXEMPT_TAX_CODE)).id,
        },
      ],
      { tax: 7 },
    );
    expect(linesOf(row).map((l) => l.tax)).toEqual([100, 100]);
    expect(row.tax).toBe(200);
  });

  it('refuses a line whose code has no rate on the date, naming the code and the day', async () => {
    const res = await call<Row>(app, 'Sales/Invoice/Preview', admin, {
      values: {
        customer,
        date: '2026-03-01',
        warehouse,
        lines: [{ item: items.changing, quantity: 1, unitPrice: 1_000 }],
      },
    });
    expect(res.status).toBe(417);
    expect(businessErrors(res.body)[0]).toContain('«TST»');
    expect(businessErrors(res.body)[0]).toContain('۱۴۰۴/۱۲/۱۰');
  });

  it("keeps the buyer's and the seller's identity as they were at Finalise", async () => {
    const row = await draft('2026-10-05', [{ item: items.general, quantity: 1, unitPrice: 2_000_000 }], {
      buyerEconomicCode: '99999999999',
      sellerEconomicCode: '99999999999',
    });
    expect(row).toMatchObject({
      customerGroup: 'wholesale',
      buyerEconomicCode: '10103456783',
      buyerNationalId: '10103456783',
      buyerPostalCode: '1581834511',
      sellerEconomicCode: '10103456783',
      sellerName: 'شرکت بازرگانی نمونه پارس (سهامی خاص)',
    });
    const setPostal = async (postalCode: string) => {
      const c = ok(await call<Row>(app, 'Sales/Customer/Get', admin, { id: customer }));
      const own = ['code', 'name', 'customerType', 'customerGroup', 'nationalId', 'economicCode'];
      const values = { ...Object.fromEntries(own.map((f) => [f, c[f]])), postalCode };
      ok(await call<Row>(app, 'Sales/Customer/Update', admin, { id: customer, version: c.version, values }));
    };
    await setPostal('1581834522');
    const final = ok(
      await call<Row>(app, 'Sales/Invoice/Finalise', admin, { id: row.id, version: row.version }),
    );
    expect(final.buyerPostalCode).toBe('1581834522');
    await setPostal('1581834533');
    const later = ok(await call<Row>(app, 'Sales/Invoice/Get', admin, { id: row.id }));
    expect(later).toMatchObject({ buyerPostalCode: '1581834522', tax: 200_000, grandTotal: 2_200_000 });
    await setPostal('1581834511');
  });

  it('checks an economic code: a national code, a national id or an old 12-digit code', async () => {
    const make = (code: string, economicCode: string) =>
      call<Row>(app, 'Sales/Customer/Create', admin, {
        values: {
          code,
          name: 'مشتری کد اقتصادی',
          customerType: 'person',
          nationalCode: '0499370899',
          economicCode,
        },
      });
    expect((await make('TX-E1', '0499370899')).status).toBe(200);
    expect((await make('TX-E2', '0499370898')).status).toBe(417);
    expect((await make('TX-E3', '10103456783')).status).toBe(200);
    expect((await make('TX-E4', '411111111111')).status).toBe(200);
    expect((await make('TX-E5', '12345')).status).toBe(417);
  });

  /** The VAT report of 1405 as admin. */
  const vat = async (token = admin) =>
    call<ReportResult>(app, 'Report/Definition/Run', token, {
      report: 'accounting.vat',
      params: { range: { from: '2026-03-21', to: '2027-03-20' } },
    });
  const subtotal = (r: ReportResult, side: string) =>
    r.rows.filter((x) => x.rowKind === 'subtotal' && x.side === side)[0]!;

  it("ties each side's VAT to the VAT account's movement in the ledger, before and after a new invoice", async () => {
    const first = ok(await vat());
    const output = subtotal(first, 'مالیات ارزش افزوده فروش');
    // the small demo's final invoices sell exempt staples (rice, sugar, oil) and taxed tea
    expect(Number(output.base)).toBeGreaterThan(0);
    expect(output.ledger).toBe(output.tax);
    expect(output.difference).toBe(0);
    const input = subtotal(first, 'مالیات ارزش افزوده خرید');
    expect(input.difference).toBe(0);
    // the per-code rows add up to the side's total
    const perCode = first.rows.filter((x) => !x.rowKind && x.side === 'مالیات ارزش افزوده فروش');
    expect(perCode.reduce((s, x) => s + Number(x.tax), 0)).toBe(Number(output.tax));
    expect(perCode.map((x) => x.rate)).toContain('۱۰٪');

    const row = await draft('2026-10-06', [
      { item: items.changing, quantity: 1, unitPrice: 3_000_000 },
      { item: items.exempt, quantity: 1, unitPrice: 1_000_000 },
    ]);
    ok(await call<Row>(app, 'Sales/Invoice/Finalise', admin, { id: row.id, version: row.version }));
    const after = ok(await vat());
    const now = subtotal(after, 'مالیات ارزش افزوده فروش');
    expect(Number(now.tax) - Number(output.tax)).toBe(300_000);
    expect(now.ledger).toBe(now.tax);
    expect(now.difference).toBe(0);
    const tst = after.rows.find((x) => String(x.taxCode).startsWith('TST') && x.rate === '۱۰٪');
    expect(tst).toMatchObject({ tax: 300_000 });
    const net = after.rows.find((x) => x.rowKind === 'total')!;
    expect(Number(net.tax)).toBe(Number(now.tax) - Number(subtotal(after, 'مالیات ارزش افزوده خرید').tax));
  });

  it('Publish takes a new taxed document type as declared, and refuses a bad declaration with its JSON path', async () => {
    const base = ok(
      await call<{ definition: EntityDefinition }>(app, 'SystemConfig/Designer/Get', admin, {
        key: 'sales.invoice',
      }),
    ).definition;
    let n = 0;
    const publish = (change: (d: EntityDefinition) => void) => {
      const def = structuredClone(base);
      def.name = `taxedSale${(n += 1)}`;
      delete def.numbering;
      def.title = { fa: `فروش مشمول ${n}`, en: `Taxed sale ${n}` };
      change(def);
      return call(app, 'SystemConfig/Designer/Publish', admin, { definition: def });
    };
    const fields = (res: { status: number; body: Envelope<unknown> }) => {
      expect(res.status).toBe(417);
      return res.body.ServerMessageTexts.map((m) => m.FieldName);
    };
    // the same declaration on a new document type: no code
    expect((await publish(() => {})).status).toBe(200);
    const made = ok(
      await call<Row>(app, 'Sales/TaxedSale1/Create', admin, {
        values: {
          number: 'TS-1',
          customer,
          date: '2026-10-01',
          warehouse,
          lines: [{ item: items.changing, quantity: 1, unitPrice: 1_000 }],
        },
      }),
    );
    expect(made).toMatchObject({ tax: 100, grandTotal: 1_100, buyerEconomicCode: '10103456783' });
    expect(
      fields(
        await publish((d) => {
          d.tax = { ...d.tax!, base: 'description', code: 'quantity', date: 'number' };
        }),
      ),
    ).toEqual(expect.arrayContaining(['/tax/base', '/tax/code', '/tax/date']));
    expect(
      fields(
        await publish((d) => {
          d.kept = { fromLookup: { customer: { buyerEconomicCode: 'nothing' } } };
        }),
      ),
    ).toEqual(['/kept/fromLookup/customer/buyerEconomicCode']);
  });

  it('is refused to a role that may not read every taxed document type’s tax (its totals would tell it)', async () => {
    const staff = (await signIn(app, 'staff')).access_token;
    // the document type published above declares tax: staff may not view it yet
    expect((await vat(staff)).status).toBe(403);
    const all = { view: true, create: true, edit: true, delete: true, export: true, print: true };
    const save = (fields: Record<string, string>) =>
      call(app, 'Security/Permission/Save', admin, {
        role: 'staff',
        entities: [
          { key: 'sales.invoice', permissions: all, fields },
          { key: 'sales.taxedSale1', permissions: all, fields: {} },
        ],
      });
    expect((await save({})).status).toBe(200);
    expect((await vat(staff)).status).toBe(200);
    expect((await save({ 'lines.tax': 'hidden' })).status).toBe(200);
    expect((await vat(staff)).status).toBe(403);
    expect((await save({})).status).toBe(200);
    expect((await vat(staff)).status).toBe(200);
  });

  it('is refused to a customer user (the company’s tax return is not a party’s)', async () => {
    expect((await vat(customerUser)).status).toBe(403);
  });
});
