import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EntityRow } from '../../runtime/shared/definition';
import type { ListPage } from '../../runtime/shared/envelope';
import { DIALECTS, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

type Page = ListPage<EntityRow>;

describe.each(DIALECTS)('generic entity API on %s', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  const tok: Record<string, string> = {};
  const list = (who: string, body: object, path = 'Sales/Customer/GetList') =>
    call<Page>(app, path, tok[who]!, body);

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url);
    for (const u of ['staff', 'vendor', 'customer']) tok[u] = (await signIn(app, u)).access_token;
  });
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  it('pages and sorts in SQL with a stable order and the total in lastRow', async () => {
    const first = await list('staff', {
      startRow: 0,
      endRow: 10,
      sortModel: [{ colId: 'code', sort: 'asc' }],
    });
    expect(first.status).toBe(200);
    expect(first.body.Data.lastRow).toBe(40);
    expect(first.body.Data.rows.map((r) => r.code)).toEqual(
      Array.from({ length: 10 }, (_, i) => `C-${String(i + 1).padStart(4, '0')}`),
    );
    const second = await list('staff', {
      startRow: 10,
      endRow: 20,
      sortModel: [{ colId: 'code', sort: 'asc' }],
    });
    expect(second.body.Data.rows[0]?.code).toBe('C-0011');
    const byCity = await list('staff', {
      startRow: 0,
      endRow: 40,
      sortModel: [{ colId: 'city', sort: 'desc' }],
    });
    // equal cities in id order, in the direction of the sort (so a (city, id) index serves it)
    const cities = byCity.body.Data.rows.map((r) => String(r.city));
    expect(new Set(cities).size).toBeLessThan(cities.length);
    for (let i = 1; i < cities.length; i++) {
      if (cities[i] === cities[i - 1])
        expect(Number(byCity.body.Data.rows[i]!.id)).toBeLessThan(Number(byCity.body.Data.rows[i - 1]!.id));
    }
    const row = first.body.Data.rows[0]!;
    expect(row).toMatchObject({
      id: expect.any(Number),
      version: 1,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(typeof row.active).toBe('boolean');
    expect(typeof row.creditLimit).toBe('number');
  });

  it('filters text, number, date, boolean and combined models', async () => {
    const all = (await list('staff', { startRow: 0, endRow: 100 })).body.Data.rows;
    const count = async (filterModel: object) =>
      (await list('staff', { startRow: 0, endRow: 100, filterModel })).body.Data;

    const tehran = all.filter((r) => r.city === 'تهران').length;
    expect((await count({ city: { filterType: 'text', type: 'equals', filter: 'تهران' } })).lastRow).toBe(
      tehran,
    );
    expect((await count({ city: { filterType: 'text', type: 'notEqual', filter: 'تهران' } })).lastRow).toBe(
      40 - tehran,
    );
    expect((await count({ code: { filterType: 'text', type: 'startsWith', filter: 'c-001' } })).lastRow).toBe(
      10,
    );
    expect((await count({ code: { filterType: 'text', type: 'endsWith', filter: '0' } })).lastRow).toBe(4);
    expect((await count({ name: { filterType: 'text', type: 'contains', filter: 'شرکت' } })).lastRow).toBe(
      all.filter((r) => String(r.name).includes('شرکت')).length,
    );
    expect((await count({ name: { filterType: 'text', type: 'contains', filter: '%' } })).lastRow).toBe(0);

    const big = all.filter((r) => Number(r.creditLimit) >= 250_000_000).length;
    expect(
      (
        await count({
          creditLimit: { filterType: 'number', type: 'greaterThanOrEqual', filter: 250_000_000 },
        })
      ).lastRow,
    ).toBe(big);
    expect(
      (await count({ creditLimit: { filterType: 'number', type: 'lessThan', filter: 250_000_000 } })).lastRow,
    ).toBe(40 - big);
    const mid = all.filter(
      (r) => Number(r.creditLimit) >= 100_000_000 && Number(r.creditLimit) <= 200_000_000,
    ).length;
    expect(
      (
        await count({
          creditLimit: { filterType: 'number', type: 'inRange', filter: 100_000_000, filterTo: 200_000_000 },
        })
      ).lastRow,
    ).toBe(mid);

    const limit = Number(all[0]!.creditLimit);
    expect(
      (await count({ creditLimit: { filterType: 'text', type: 'equals', filter: String(limit) } })).lastRow,
    ).toBe(all.filter((r) => r.creditLimit === limit).length);
    const summer = all.filter(
      (r) => String(r.registeredOn) >= '2026-06-01' && String(r.registeredOn) <= '2026-08-31',
    ).length;
    const range = await count({
      registeredOn: {
        filterType: 'date',
        type: 'inRange',
        dateFrom: '2026-06-01 00:00:00',
        dateTo: '2026-08-31 00:00:00',
      },
    });
    expect(range.lastRow).toBe(summer);
    const d = String(all[0]!.registeredOn);
    expect((await count({ registeredOn: { filterType: 'date', type: 'equals', dateFrom: d } })).lastRow).toBe(
      all.filter((r) => r.registeredOn === d).length,
    );
    const before = all.filter((r) => String(r.registeredOn) < '2026-05-01').length;
    expect(
      (await count({ registeredOn: { filterType: 'date', type: 'lessThan', dateFrom: '2026-05-01' } }))
        .lastRow,
    ).toBe(before);

    const active = all.filter((r) => r.active === true).length;
    expect((await count({ active: { filterType: 'boolean', type: 'equals', filter: true } })).lastRow).toBe(
      active,
    );
    expect((await count({ active: { filterType: 'set', values: ['false'] } })).lastRow).toBe(40 - active);

    const either = all.filter((r) => r.city === 'تهران' || r.city === 'مشهد').length;
    const combined = await count({
      city: {
        filterType: 'text',
        operator: 'OR',
        conditions: [
          { filterType: 'text', type: 'equals', filter: 'تهران' },
          { filterType: 'text', type: 'equals', filter: 'مشهد' },
        ],
      },
    });
    expect(combined.lastRow).toBe(either);
    const both = await count({
      city: { filterType: 'text', type: 'equals', filter: 'تهران' },
      customerType: { filterType: 'text', type: 'equals', filter: 'company' },
    });
    expect(both.lastRow).toBe(all.filter((r) => r.city === 'تهران' && r.customerType === 'company').length);
  });

  it('refuses unknown columns, bad directions, oversized pages and SQL text with 4xx, never 500', async () => {
    const bad = [
      { startRow: 0, endRow: 10, sortModel: [{ colId: 'nope', sort: 'asc' }] },
      { startRow: 0, endRow: 10, sortModel: [{ colId: 'code', sort: 'asc; drop table users' }] },
      { startRow: 0, endRow: 10, sortModel: [{ colId: 'code"; drop table users; --', sort: 'asc' }] },
      { startRow: 0, endRow: 5000 },
      { startRow: -5, endRow: 10 },
      {
        startRow: 0,
        endRow: 10,
        filterModel: { 'code) or 1=1 --': { filterType: 'text', type: 'equals', filter: 'x' } },
      },
      {
        startRow: 0,
        endRow: 10,
        filterModel: { code: { filterType: 'text', type: 'equals); drop table users', filter: 'x' } },
      },
      {
        startRow: 0,
        endRow: 10,
        filterModel: { creditLimit: { filterType: 'number', type: 'equals', filter: '1 or 1=1' } },
      },
      {
        startRow: 0,
        endRow: 10,
        filterModel: {
          registeredOn: { filterType: 'date', type: 'equals', dateFrom: "2026-01-01' or '1'='1" },
        },
      },
    ];
    for (const body of bad) {
      const res = await list('staff', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.State).toBe(2);
    }
    const injected = await list('staff', {
      startRow: 0,
      endRow: 10,
      filterModel: { name: { filterType: 'text', type: 'equals', filter: "x' or '1'='1" } },
    });
    expect(injected.status).toBe(200);
    expect(injected.body.Data.lastRow).toBe(0);
    expect((await list('staff', { startRow: 0, endRow: 1 })).body.Data.lastRow).toBe(40);
  });

  it('creates with Persian digits normalised, audits, updates with versions and deletes', async () => {
    const created = await call<EntityRow>(app, 'Sales/Customer/Create', tok.staff!, {
      values: {
        code: 'C-۹۰۰۱',
        name: 'مشتري تست',
        customerType: 'person',
        nationalCode: '۰۰۶۸۴۱۵۹۴۱',
        mobile: '۰۹۱۲۱۲۳۴۵۶۷',
        creditLimit: 5000,
        active: true,
        registeredOn: '2026-04-01',
      },
    });
    expect(created.status).toBe(200);
    const row = created.body.Data;
    expect(row).toMatchObject({
      code: 'C-9001',
      name: 'مشتری تست',
      nationalCode: '0068415941',
      mobile: '09121234567',
      version: 1,
    });

    const got = await call<EntityRow>(app, 'Sales/Customer/Get', tok.staff!, { id: row.id });
    expect(got.body.Data).toEqual(row);

    const updated = await call<EntityRow>(app, 'Sales/Customer/Update', tok.staff!, {
      id: row.id,
      version: 1,
      // a legal person needs its شناسه ملی (schemas/sales/customer.json legalPersonNationalId)
      values: { code: 'C-9001', name: 'مشتری تست ۲', customerType: 'company', nationalId: '10380284790' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.Data).toMatchObject({ version: 2, name: 'مشتری تست 2', customerType: 'company' });
    expect(updated.body.Data.mobile).toBeUndefined();

    const stale = await call(app, 'Sales/Customer/Update', tok.staff!, {
      id: row.id,
      version: 1,
      values: { code: 'C-9001', name: 'lost update', customerType: 'person', nationalCode: '0499370899' },
    });
    expect(stale.status).toBe(417);
    expect(stale.body.MessageTexts).toEqual([
      'این رکورد پس از باز شدن توسط کاربر دیگری تغییر کرده است. صفحه را بازخوانی کنید و دوباره تلاش کنید.',
    ]);
    expect(
      (await call<EntityRow>(app, 'Sales/Customer/Get', tok.staff!, { id: row.id })).body.Data,
    ).toMatchObject({ version: 2, name: 'مشتری تست 2' });

    const staleDelete = await call(app, 'Sales/Customer/Delete', tok.staff!, { id: row.id, version: 1 });
    expect(staleDelete.status).toBe(417);
    const deleted = await call(app, 'Sales/Customer/Delete', tok.staff!, { id: row.id, version: 2 });
    expect(deleted.status).toBe(200);
    expect((await call(app, 'Sales/Customer/Get', tok.staff!, { id: row.id })).status).toBe(404);

    const audit = await app.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'sales.customer')
      .where('row_id', '=', Number(row.id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
    const staffId = (
      await app.ctx.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'staff')
        .executeTakeFirstOrThrow()
    ).id;
    expect(audit.every((a) => Number(a.user_id) === Number(staffId))).toBe(true);
    expect(JSON.parse(audit[1]!.diff)).toMatchObject({
      name: ['مشتری تست', 'مشتری تست 2'],
      customerType: ['person', 'company'],
    });
  });

  it('answers Print like Get with the print permission, and 403 without it', async () => {
    const row = (await list('staff', { startRow: 0, endRow: 1 })).body.Data.rows[0]!;
    const printed = await call<EntityRow>(app, 'Sales/Customer/Print', tok.staff!, { id: row.id });
    expect(printed.status).toBe(200);
    expect(printed.body.Data).toEqual(
      (await call<EntityRow>(app, 'Sales/Customer/Get', tok.staff!, { id: row.id })).body.Data,
    );
    const admin = (await signIn(app, 'admin')).access_token;
    type RolePerms = { entities: { key: string; permissions: Record<string, boolean>; fields: object }[] };
    const before = (
      await call<RolePerms>(app, 'Security/Permission/Get', admin, { role: 'staff' })
    ).body.Data.entities.find((e) => e.key === 'sales.customer')!;
    expect(before.permissions.print).toBe(true);
    const save = (print: boolean) =>
      call(app, 'Security/Permission/Save', admin, {
        role: 'staff',
        entities: [{ key: before.key, permissions: { ...before.permissions, print }, fields: before.fields }],
      });
    expect((await save(false)).status).toBe(200);
    try {
      expect((await call(app, 'Sales/Customer/Print', tok.staff!, { id: row.id })).status).toBe(403);
      expect((await call(app, 'Sales/Customer/Get', tok.staff!, { id: row.id })).status).toBe(200);
    } finally {
      expect((await save(true)).status).toBe(200);
    }
    expect((await call(app, 'Sales/Customer/Print', tok.staff!, { id: row.id })).status).toBe(200);
    // outside the vendor's menu
    expect((await call(app, 'Sales/Customer/Print', tok.vendor!, { id: row.id })).status).toBe(403);
  });

  it('answers 417 with a translated message per invalid field', async () => {
    const res = await call(app, 'Sales/Customer/Create', tok.staff!, {
      values: {
        code: 'x y',
        name: 'a',
        customerType: 'alien',
        nationalCode: '1234567890',
        mobile: '0812',
        creditLimit: 'many',
        id: 5,
      },
    });
    expect(res.status).toBe(417);
    expect(res.body.State).toBe(1);
    expect(res.body.MessageTexts).toEqual(['مقادیر را به‌درستی وارد نکرده‌اید.']);
    const byField = Object.fromEntries(res.body.ServerMessageTexts.map((m) => [m.FieldName, m.Message]));
    expect(byField).toMatchObject({
      code: 'قالب مقدار واردشده درست نیست.',
      name: 'دست‌کم ۲ نویسه وارد کنید.',
      customerType: 'یکی از گزینه‌های مجاز را انتخاب کنید.',
      nationalCode: 'کد ملی معتبر نیست.',
      creditLimit: 'نوع مقدار واردشده درست نیست.',
      id: 'این فیلد در این فرم تعریف نشده است.',
    });
    expect(byField.mobile).toBeDefined();
    const en = await call(
      app,
      'Sales/Customer/Create',
      tok.staff!,
      { values: { name: 'ab', customerType: 'person', nationalCode: '0499370899' } },
      { 'accept-language': 'en' },
    );
    expect(en.body.ServerMessageTexts).toEqual([
      {
        FieldName: 'code',
        Key: 'validation.required',
        Params: expect.any(Object),
        Message: expect.any(String),
      },
    ]);
    expect(en.body.ServerMessageTexts[0]!.Message).not.toBe('این فیلد الزامی است.');
    const notObject = await call(app, 'Sales/Customer/Create', tok.staff!, { values: 'nope' });
    expect(notObject.status).toBe(400);
  });

  it('keeps vendor users to their own row and their menu', async () => {
    const vendorUser = await app.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'vendor')
      .executeTakeFirstOrThrow();
    const mine = await list('vendor', { startRow: 0, endRow: 100 }, 'SupplyChain/Vendor/GetList');
    expect(mine.status).toBe(200);
    expect(mine.body.Data.lastRow).toBe(1);
    expect(mine.body.Data.rows.map((r) => r.id)).toEqual([Number(vendorUser.party_id)]);
    const staffView = await list('staff', { startRow: 0, endRow: 100 }, 'SupplyChain/Vendor/GetList');
    expect(staffView.body.Data.lastRow).toBe(15);
    const other = staffView.body.Data.rows.find((r) => r.id !== Number(vendorUser.party_id))!;
    expect((await call(app, 'SupplyChain/Vendor/Get', tok.vendor!, { id: other.id })).status).toBe(404);
    const sneaky = await call(app, 'SupplyChain/Vendor/Update', tok.vendor!, {
      id: other.id,
      version: other.version,
      values: { code: 'X', name: 'hijacked' },
    });
    expect(sneaky.status).toBe(404);
    expect(
      (await call<EntityRow>(app, 'SupplyChain/Vendor/Get', tok.staff!, { id: other.id })).body.Data.name,
    ).toBe(other.name);
    const filtered = await list(
      'vendor',
      {
        startRow: 0,
        endRow: 100,
        filterModel: { id: { filterType: 'number', type: 'equals', filter: other.id } },
      },
      'SupplyChain/Vendor/GetList',
    );
    expect(filtered.body.Data).toEqual({ rows: [], lastRow: 0 });
    expect((await list('vendor', { startRow: 0, endRow: 10 })).status).toBe(403);
    expect(
      (
        await call(app, 'SupplyChain/Vendor/Create', tok.vendor!, {
          values: { code: 'V-9', name: 'new vendor' },
        })
      ).status,
    ).toBe(403);
    const customer = await list('customer', { startRow: 0, endRow: 100 });
    expect(customer.body.Data.lastRow).toBe(1);
  });
});
