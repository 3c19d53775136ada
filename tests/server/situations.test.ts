/**
 * The real situations behind the error catalogue rows (spec section 8): document lines (417 with
 * TableMessageTexts), business rules (417 with BusinessErrors), licence (402), branches (501),
 * stock-taking (423/508), tenants (303) and a table altered behind the server's back (500).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { EntityRow } from '../../runtime/shared/definition';
import type { ListPage } from '../../runtime/shared/envelope';
import { DIALECTS, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

const invoice = (lines: object[], extra: object = {}) => ({
  values: { number: 'F-T-1', customer: 1, date: '2026-05-01', lines, ...extra },
});
// items are looked up (inventory.item ids); 1..3 are seeded
const line = (item: number, quantity: unknown, unitPrice: unknown) => ({ item, quantity, unitPrice });

describe.each(DIALECTS)('catalogue situations on %s', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  const tok: Record<string, string> = {};

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url);
    for (const u of ['admin', 'staff', 'storekeeper']) tok[u] = (await signIn(app, u)).access_token;
  });
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  const count = async (path: string) =>
    (await call<ListPage<EntityRow>>(app, `${path}/GetList`, tok.admin!, { startRow: 0, endRow: 1 })).body
      .Data.lastRow;

  it('a bad line of a document → 417 with TableMessageTexts naming table, row and field; nothing written', async () => {
    const before = await count('Sales/Invoice');
    const res = await call(
      app,
      'Sales/Invoice/Create',
      tok.staff!,
      invoice([line(1, 1, 1000), line(2, 2, 500), line(3, 0, 700)]),
    );
    expect(res.status).toBe(417);
    expect(res.body.State).toBe(1);
    expect(res.body.TableMessageTexts).toEqual([
      {
        TableName: 'lines',
        RowIndex: 2,
        FieldName: 'quantity',
        Key: 'validation.minimum',
        Params: expect.objectContaining({ limit: 0.001 }),
        Message: 'مقدار باید دست‌کم ۰٫۰۰۱ باشد.',
      },
    ]);
    expect(await count('Sales/Invoice')).toBe(before);
  });

  it('a valid document stores its lines in order with computed amounts and total', async () => {
    const res = await call<EntityRow>(
      app,
      'Sales/Invoice/Create',
      tok.staff!,
      invoice([line(1, 2, 1250), line(2, 3, 100)]),
    );
    expect(res.status).toBe(200);
    expect(res.body.Data.total).toBe(2800);
    const got = await call<EntityRow & { lines: object[] }>(app, 'Sales/Invoice/Get', tok.staff!, {
      id: res.body.Data.id,
    });
    expect(got.body.Data.lines).toMatchObject([
      { item: 1, quantity: 2, unitPrice: 1250, amount: 2500 },
      { item: 2, quantity: 3, unitPrice: 100, amount: 300 },
    ]);
  });

  it('an unbalanced voucher → 417 with Data.BusinessErrors', async () => {
    const res = await call(app, 'Accounting/Voucher/Create', tok.staff!, {
      values: {
        number: 'S-T-1',
        date: '2026-05-01',
        description: 'سند آزمایشی',
        lines: [
          { account: 3, debit: 1000, credit: 0 },
          { account: 24, debit: 0, credit: 900 },
        ],
      },
    });
    expect(res.status).toBe(417);
    expect(res.body.State).toBe(2);
    expect(res.body.Data).toEqual({
      BusinessErrors: ['جمع بدهکار و بستانکار سند برابر نیست؛ اختلاف ۱۰۰ ریال'],
    });
  });

  it('a voucher dated in a closed fiscal period → 417 with Data.BusinessErrors; nothing written', async () => {
    const before = await count('Accounting/Voucher');
    const res = await call(app, 'Accounting/Voucher/Create', tok.staff!, {
      values: {
        number: 'S-T-2',
        date: '2025-06-01',
        description: 'سند دوره بسته',
        lines: [
          { account: 3, debit: 1000, credit: 0 },
          { account: 24, debit: 0, credit: 1000 },
        ],
      },
    });
    expect(res.status).toBe(417);
    expect((res.body.Data as { BusinessErrors: string[] }).BusinessErrors[0]).toContain('سال مالی ۱۴۰۴');
    expect(await count('Accounting/Voucher')).toBe(before);
  });

  it('an expired licence (set by the operator) → 402 on entity calls; sign-in, menu and the settings stay reachable', async () => {
    const expired = await makeApp(db.url, { licenceExpiresOn: '2020-01-01' });
    try {
      const staff = (await signIn(expired, 'staff')).access_token;
      const res = await call(expired, 'Sales/Customer/GetList', staff, { startRow: 0, endRow: 1 });
      expect(res.status).toBe(402);
      expect(res.body.MessageTexts).toEqual([
        'مجوز استفاده از سامانه منقضی شده است؛ لطفاً با شرکت تماس بگیرید.',
      ]);
      expect((await call(expired, 'Security/Menu/GetMenu', staff)).status).toBe(200);
      // the settings show the operator's date
      const admin = (await signIn(expired, 'admin')).access_token;
      const settings = await call<ListPage<EntityRow>>(expired, 'SystemConfig/Setting/GetList', admin, {
        filterModel: { key: { filterType: 'text', type: 'equals', filter: 'licence.expiresOn' } },
      });
      expect(settings.status).toBe(200);
      expect(settings.body.Data.rows.map((r) => r.value)).toEqual(['2020-01-01']);
    } finally {
      await expired.close();
    }
    // the app with a valid licence answers
    expect((await call(app, 'Sales/Customer/GetList', tok.staff!, { startRow: 0, endRow: 1 })).status).toBe(
      200,
    );
  });

  it('a selected branch without an operating licence → 501 on branch-scoped entities', async () => {
    const branches = await call<ListPage<EntityRow>>(app, 'SystemConfig/Branch/GetList', tok.admin!, {});
    const licensed = branches.body.Data.rows.find((b) => b.hasOperatingLicence)!;
    const unlicensed = branches.body.Data.rows.find((b) => !b.hasOperatingLicence)!;
    const list = (path: string, header: string) =>
      call(app, path, tok.staff!, { startRow: 0, endRow: 1 }, { selectedBranches: header });
    expect((await list('Sales/Invoice/GetList', String(licensed.id))).status).toBe(200);
    const res = await list('Sales/Invoice/GetList', `${licensed.id},${unlicensed.id}`);
    expect(res.status).toBe(501);
    expect(res.body.MessageTexts).toEqual(['یک یا چند شعبه انتخاب‌شده مجوز بهره‌برداری ندارند.']);
    expect((await list('Sales/Invoice/GetList', '9999')).status).toBe(501);
    expect((await list('Sales/Customer/GetList', String(unlicensed.id))).status).toBe(200);
    expect((await list('Sales/Invoice/GetList', 'x,1')).status).toBe(400);
  });

  it('stock-taking: 508 for counts outside a session; 423 for stock moves during one without the permission', async () => {
    const items = await call<ListPage<EntityRow>>(app, 'Inventory/Item/GetList', tok.storekeeper!, {});
    const item = items.body.Data.rows[0]!.id;
    const warehouses = await call<ListPage<EntityRow>>(
      app,
      'Inventory/Warehouse/GetList',
      tok.storekeeper!,
      {},
    );
    const warehouse = warehouses.body.Data.rows[0]!.id;
    const move = {
      values: {
        date: '2026-05-02',
        kind: 'receipt',
        warehouse,
        lines: [{ item, quantity: 5, unitCost: 1000 }],
      },
    };
    const countRow = { values: { date: '2026-05-02', warehouse, lines: [{ item, countedQuantity: 5 }] } };
    expect((await call(app, 'Inventory/StockMove/Create', tok.storekeeper!, move)).status).toBe(200);
    const outside = await call(app, 'Inventory/StockCount/Create', tok.storekeeper!, countRow);
    expect(outside.status).toBe(508);
    expect(outside.body.MessageTexts).toEqual([
      'سامانه در حالت انبارگردانی نیست و شما به این بخش دسترسی ندارید.',
    ]);
    const session = await call<EntityRow>(app, 'Inventory/StockTaking/Create', tok.admin!, {
      values: { title: 'انبارگردانی میان‌دوره', startedOn: '2026-05-03', status: 'open' },
    });
    expect(session.status).toBe(200);
    const during = await call(app, 'Inventory/StockMove/Create', tok.storekeeper!, move);
    expect(during.status).toBe(423);
    expect(during.body.MessageTexts).toEqual([
      'سامانه در حال انبارگردانی است و شما به این بخش دسترسی ندارید.',
    ]);
    expect((await call(app, 'Inventory/StockMove/Create', tok.admin!, move)).status).toBe(200);
    expect((await call(app, 'Inventory/StockCount/Create', tok.storekeeper!, countRow)).status).toBe(200);
    const closed = await call(app, 'Inventory/StockTaking/Update', tok.admin!, {
      id: session.body.Data.id,
      version: session.body.Data.version,
      values: { title: 'انبارگردانی میان‌دوره', startedOn: '2026-05-03', status: 'closed' },
    });
    expect(closed.status).toBe(200);
    expect((await call(app, 'Inventory/StockMove/Create', tok.storekeeper!, move)).status).toBe(200);
  });

  it('a tenant the user may not access → 303 with the envelope and no Location', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/Security/Menu/GetMenu',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tok.staff}`, tenant: 'demo' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBeUndefined();
    expect(res.json()).toMatchObject({ State: 2, MessageTexts: ['به این مجموعه دسترسی ندارید.'] });
    expect((await call(app, 'Security/Menu/GetMenu', tok.admin!, {}, { tenant: 'demo' })).status).toBe(200);
    expect((await call(app, 'Security/Menu/GetMenu', tok.staff!, {}, { tenant: 'main' })).status).toBe(200);
  });

  it("Security/Account/GetTenants lists the user's tenants, main first; a lost stored tenant answers 303", async () => {
    const admin = await call(app, 'Security/Account/GetTenants', tok.admin!, {});
    expect(admin.status).toBe(200);
    expect(admin.body.Data).toEqual(['main', 'demo']);
    expect((await call(app, 'Security/Account/GetTenants', tok.staff!, {})).body.Data).toEqual(['main']);
    // the header check runs first: the client asks again without the tenant it lost
    expect((await call(app, 'Security/Account/GetTenants', tok.staff!, {}, { tenant: 'demo' })).status).toBe(
      303,
    );
    expect((await call(app, 'Security/Account/GetTenants', tok.admin!, {}, { tenant: 'demo' })).status).toBe(
      200,
    );
  });

  it('a table altered behind the server (lines table dropped) → 500 envelope without internals', async () => {
    await sql`drop table e_sales_invoice__lines`.execute(app.ctx.db);
    const res = await call(app, 'Sales/Invoice/Get', tok.staff!, { id: 1 });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      State: 2,
      Data: null,
      MessageTexts: ['خطای نامشخصی رخ داد؛ لطفاً با پشتیبانی تماس بگیرید.'],
      Messages: [{ Key: 'errors.UnspecifiedErrorOccurredPleaseContactSupport', Params: {} }],
      ServerMessageTexts: [],
      TableMessageTexts: [],
    });
  });
});
