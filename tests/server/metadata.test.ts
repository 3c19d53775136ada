import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EntityDefinition, EntityPermissions } from '../../runtime/shared/definition';
import type { MenuItem } from '../../server/security/routes';
import { DIALECTS, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

describe.each(DIALECTS)('metadata on %s', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url);
    for (const u of ['admin', 'staff', 'vendor', 'customer']) tokens[u] = (await signIn(app, u)).access_token;
  });
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  const entities = (menu: MenuItem[]) => menu.flatMap((m) => (m.children ?? []).map((c) => c.entity));

  it('builds the menu per user and language', async () => {
    const staff = await call<MenuItem[]>(app, 'Security/Menu/GetMenu', tokens.staff!);
    expect(staff.status).toBe(200);
    expect(staff.body.State).toBe(0);
    expect(entities(staff.body.Data)).toEqual(
      expect.arrayContaining(['sales.customer', 'supplyChain.vendor', 'accounting.fiscalPeriod']),
    );
    expect(entities(staff.body.Data)).not.toContain('security.passwordResetRequest');
    const sales = staff.body.Data.find((m) => m.route === '/sales');
    expect(sales).toMatchObject({
      title: 'فروش',
      children: [
        { route: '/sales/customer', title: 'مشتریان', entity: 'sales.customer' },
        { route: '/sales/proforma', title: 'پیش‌فاکتورها', entity: 'sales.proforma' },
        { route: '/sales/invoice', title: 'فاکتورهای فروش', entity: 'sales.invoice' },
        { route: '/sales/return', title: 'برگشت از فروش', entity: 'sales.return' },
        { route: '/sales/priceList', title: 'فهرست‌های قیمت', entity: 'sales.priceList' },
      ],
    });

    const en = await call<MenuItem[]>(
      app,
      'Security/Menu/GetMenu',
      tokens.staff!,
      {},
      { 'accept-language': 'en-US,en;q=0.9' },
    );
    expect(en.body.Data.find((m) => m.route === '/sales')?.title).toBe('Sales');
    // Shell pages (not generated from a definition) join the menu for staff, not for vendors.
    expect(staff.body.Data.find((m) => m.route === '/transport')?.children).toContainEqual({
      route: '/transport/routePlanner',
      title: 'برنامه‌ریزی مسیر',
    });

    const vendor = await call<MenuItem[]>(app, 'Security/Menu/GetMenu', tokens.vendor!);
    expect(vendor.body.Data).toEqual([
      {
        route: '/supplyChain',
        title: 'زنجیره تأمین',
        children: [
          { route: '/supplyChain/vendor', title: 'تأمین‌کنندگان', entity: 'supplyChain.vendor' },
          {
            route: '/supplyChain/purchaseOrder',
            title: 'سفارش‌های خرید',
            entity: 'supplyChain.purchaseOrder',
          },
          // its own purchase invoices (docs/chain.md)
          {
            route: '/supplyChain/purchaseInvoice',
            title: 'فاکتورهای خرید',
            entity: 'supplyChain.purchaseInvoice',
          },
        ],
      },
      // its own cheques (#25, docs/treasury.md)
      {
        route: '/treasury',
        title: 'خزانه‌داری',
        children: [{ route: '/treasury/cheque', title: 'چک‌ها', entity: 'treasury.cheque' }],
      },
    ]);
    const admin = await call<MenuItem[]>(app, 'Security/Menu/GetMenu', tokens.admin!);
    expect(entities(admin.body.Data)).toContain('security.passwordResetRequest');
  });

  it('sends definitions with titles in the request language', async () => {
    const fa = await call<EntityDefinition>(app, 'Meta/Entity/GetDefinition', tokens.staff!, {
      module: 'sales',
      name: 'customer',
    });
    expect(fa.status).toBe(200);
    expect(fa.body.Data.schema.properties.nationalCode?.title).toBe('کد ملی');
    expect(fa.body.Data.list.columns).toContain('code');
    const en = await call<EntityDefinition>(
      app,
      'Meta/Entity/GetDefinition',
      tokens.staff!,
      { module: 'sales', name: 'customer' },
      { 'accept-language': 'en' },
    );
    expect(en.body.Data.schema.properties.nationalCode?.title).toBe('National code');
    const unknown = await call(app, 'Meta/Entity/GetDefinition', tokens.staff!, {
      module: 'sales',
      name: 'nothing',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.MessageTexts).toEqual(['این بخش وجود ندارد.']);
    const forbidden = await call(app, 'Meta/Entity/GetDefinition', tokens.vendor!, {
      module: 'sales',
      name: 'customer',
    });
    expect(forbidden.status).toBe(403);
    const staffSecurity = await call(app, 'Meta/Entity/GetDefinition', tokens.staff!, {
      module: 'security',
      name: 'passwordResetRequest',
    });
    expect(staffSecurity.status).toBe(403);
  });

  it('answers entity permissions per role', async () => {
    const get = async (who: string, module: string, name: string) =>
      (
        await call<EntityPermissions>(app, 'Security/Permission/GetEntityPermissions', tokens[who]!, {
          module,
          name,
        })
      ).body.Data;
    expect(await get('staff', 'sales', 'customer')).toEqual({
      view: true,
      create: true,
      edit: true,
      delete: true,
      export: true,
      print: true,
      finalise: true,
      cancel: true,
      import: false,
    });
    expect(await get('vendor', 'supplyChain', 'vendor')).toEqual({
      view: true,
      create: false,
      edit: true,
      delete: false,
      export: true,
      print: true,
      finalise: false,
      cancel: false,
      import: false,
    });
    expect(await get('vendor', 'sales', 'customer')).toEqual({
      view: false,
      create: false,
      edit: false,
      delete: false,
      export: false,
      print: false,
      finalise: false,
      cancel: false,
      import: false,
    });
    expect((await get('admin', 'security', 'passwordResetRequest')).delete).toBe(true);
  });

  it('stores UI logs with and without a token', async () => {
    expect((await call(app, 'Management/UILog/Create', null, { Log: 'TypeError at boot' })).status).toBe(200);
    expect(
      (await call(app, 'Management/UILog/Create', tokens.staff!, { Log: { message: 'x'.repeat(70000) } }))
        .status,
    ).toBe(200);
    const rows = await app.ctx.db.selectFrom('ui_logs').selectAll().orderBy('id').execute();
    expect(rows.map((r) => r.user_id === null)).toEqual([true, false]);
    expect(rows[1]!.log.length).toBe(64 * 1024);
  });

  it('answers envelopes for unknown routes, bad JSON, wrong content type and big bodies', async () => {
    const unknown = await call(app, 'Sales/Nothing/GetList', tokens.staff!);
    expect(unknown.status).toBe(404);
    expect(unknown.body.State).toBe(2);
    const badAction = await call(app, 'Sales/Customer/Explode', tokens.staff!);
    expect(badAction.status).toBe(404);
    const malformed = await call(app, 'Security/Menu/GetMenu', tokens.staff!, '{"oops":');
    expect(malformed.status).toBe(400);
    expect(malformed.body.MessageTexts).toEqual(['درخواست نامعتبر است.']);
    const text = await app.inject({
      method: 'POST',
      url: '/api/Security/Menu/GetMenu',
      headers: { authorization: `Bearer ${tokens.staff}`, 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ State: 2, MessageTexts: ['درخواست نامعتبر است.'] });
    const big = await call(app, 'Management/UILog/Create', tokens.staff!, {
      Log: 'x'.repeat(1024 * 1024 + 10),
    });
    expect(big.status).toBe(413);
    expect(big.body.MessageTexts).toEqual(['حجم درخواست بیش از حد مجاز است.']);
    const spa = await app.inject({ method: 'GET', url: '/api/whatever' });
    expect(spa.statusCode).toBe(404);
    expect(spa.json()).toMatchObject({ State: 2 });
  });
});
