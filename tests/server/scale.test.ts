import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EntityRow } from '../../runtime/shared/definition';
import type { ListPage } from '../../runtime/shared/envelope';
import { isMobile, isNationalCode } from '../../runtime/shared/formats';
import { generateRows } from '../../server/demo/generate';
import { DIALECTS, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

type Page = ListPage<EntityRow>;

describe.each(DIALECTS)('generated rows, unique fields and lastRow on %s', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  let tok = '';
  const list = (body: object) => call<Page>(app, 'Sales/Customer/GetList', tok, body);

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url);
    tok = (await signIn(app, 'staff')).access_token;
  });
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  it('generates valid rows from the definition, lookups pointing at existing ids', async () => {
    const before = (await list({ startRow: 0, endRow: 1 })).body.Data.lastRow;
    await generateRows(app.ctx, 'sales.customer', 1500, { seed: 42, validate: true });
    const page = await list({ startRow: 0, endRow: 1000, sortModel: [{ colId: 'id', sort: 'desc' }] });
    expect(page.body.Data.lastRow).toBe(before + 1500);
    for (const row of page.body.Data.rows) {
      if (row.nationalCode) expect(isNationalCode(String(row.nationalCode))).toBe(true);
      if (row.mobile) expect(isMobile(String(row.mobile))).toBe(true);
      expect(String(row.registeredOn ?? '2026-03-21') >= '2026-03-21').toBe(true);
      expect(String(row.registeredOn ?? '2027-03-20') <= '2027-03-20').toBe(true);
    }
    await generateRows(app.ctx, 'sales.invoice', 20, { seed: 43 });
    const invoices = await call<Page>(app, 'Sales/Invoice/GetList', tok, { startRow: 0, endRow: 100 });
    const rows = invoices.body.Data.rows;
    expect(rows.length).toBe(invoices.body.Data.lastRow);
    for (const inv of rows.slice(-20)) {
      const customer = await call(app, 'Sales/Customer/Get', tok, { id: inv.customer });
      expect(customer.status).toBe(200);
    }
  });

  it('answers a duplicate of a unique field with 417 on that field, in Persian', async () => {
    const values = {
      code: 'DUP-1',
      name: 'مشتری تکراری',
      customerType: 'person',
      nationalCode: '0499370899',
    };
    const first = await call(app, 'Sales/Customer/Create', tok, { values });
    expect(first.status).toBe(200);
    const again = await call<null>(app, 'Sales/Customer/Create', tok, {
      values: { ...values, name: 'دیگری' },
    });
    expect(again.status).toBe(417);
    expect(again.body.ServerMessageTexts).toEqual([
      {
        FieldName: 'code',
        Key: 'validation.unique',
        Params: {},
        Message: 'این مقدار پیش‌تر ثبت شده است؛ مقدار دیگری وارد کنید.',
      },
    ]);
  });

  it('keeps lastRow exact across pages and writes (short page, cached count, invalidated on create)', async () => {
    const filterModel = { city: { filterType: 'text', type: 'equals', filter: 'تهران' } };
    const first = await list({ startRow: 0, endRow: 10, filterModel });
    const total = first.body.Data.lastRow;
    expect(total).toBeGreaterThan(20);
    const last = await list({ startRow: total - 5, endRow: total + 5, filterModel });
    expect(last.body.Data.rows.length).toBe(5);
    expect(last.body.Data.lastRow).toBe(total);
    const created = await call(app, 'Sales/Customer/Create', tok, {
      values: {
        code: 'CNT-1',
        name: 'مشتری تهرانی',
        customerType: 'person',
        nationalCode: '0499370899',
        city: 'تهران',
      },
    });
    expect(created.status).toBe(200);
    expect((await list({ startRow: 0, endRow: 10, filterModel })).body.Data.lastRow).toBe(total + 1);
  });
});
