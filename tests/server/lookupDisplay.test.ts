import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EntityRow } from '../../runtime/shared/definition';
import type { ListPage } from '../../runtime/shared/envelope';
import type { Untyped } from '../../server/db/untyped';
import { DIALECTS, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

describe.each(DIALECTS)('GetList rows carry lookup display texts on %s', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  let staff = '';

  const invoices = () =>
    call<ListPage<EntityRow>>(app, 'Sales/Invoice/GetList', staff, { startRow: 0, endRow: 50 });

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url);
    staff = (await signIn(app, 'staff')).access_token;
  });
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  it('each invoice row has customer__display = the customer name, from one page', async () => {
    const list = await invoices();
    expect(list.status).toBe(200);
    const rows = list.body.Data.rows;
    expect(rows.length).toBeGreaterThan(0);
    const customers = await call<ListPage<EntityRow>>(app, 'Sales/Customer/GetList', staff, {
      startRow: 0,
      endRow: 1000,
    });
    const names = new Map(customers.body.Data.rows.map((c) => [c.id, c.name]));
    for (const r of rows.filter((r) => typeof r.customer === 'number'))
      expect(r.customer__display).toBe(names.get(r.customer as number));
  });

  it('no display text without view permission on the looked-up entity', async () => {
    await app.ctx.db
      .updateTable('role_permissions')
      .set({ can_view: 0 })
      .where('role', '=', 'staff')
      .where('entity', '=', 'sales.customer')
      .execute();
    try {
      const rows = (await invoices()).body.Data.rows;
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.some((r) => typeof r.customer === 'number')).toBe(true);
      expect(rows.every((r) => !('customer__display' in r))).toBe(true);
    } finally {
      await app.ctx.db
        .updateTable('role_permissions')
        .set({ can_view: 1 })
        .where('role', '=', 'staff')
        .where('entity', '=', 'sales.customer')
        .execute();
    }
    expect((await invoices()).body.Data.rows.some((r) => 'customer__display' in r)).toBe(true);
  });

  it("a customer user who may list invoices sees only their own customer's name", async () => {
    const perm = { role: 'customer', entity: 'sales.invoice', can_view: 1, can_create: 0, can_edit: 0 };
    await app.ctx.db
      .insertInto('role_permissions')
      .values({
        ...perm,
        can_delete: 0,
        can_export: 0,
        can_print: 0,
        can_finalise: 0,
        can_cancel: 0,
        can_import: 0,
      })
      .execute();
    await app.ctx.db.insertInto('menu_access').values({ who: 'customer', entity: 'sales.invoice' }).execute();
    const me = await signIn(app, 'customer');
    const own = await call<ListPage<EntityRow>>(app, 'Sales/Customer/GetList', me.access_token, {
      startRow: 0,
      endRow: 10,
    });
    expect(own.body.Data.rows.length).toBe(1);
    const mine = own.body.Data.rows[0]!;
    // one invoice for another customer (the demo invoices all share one)
    const invoice = app.ctx.registry.byEntityKey('sales.invoice')!;
    const raw = app.ctx.db as unknown as Untyped;
    const other = (await raw
      .selectFrom(app.ctx.registry.byEntityKey('sales.customer')!.table)
      .select('id')
      .where('id', '!=', mine.id)
      .executeTakeFirstOrThrow()) as { id: unknown };
    const first = (await invoices()).body.Data.rows[0]!;
    await raw
      .updateTable(invoice.table)
      .set({ customer: Number(other.id) })
      .where('id', '=', first.id)
      .execute();
    const rows = (
      await call<ListPage<EntityRow>>(app, 'Sales/Invoice/GetList', me.access_token, {
        startRow: 0,
        endRow: 50,
      })
    ).body.Data.rows;
    const others = rows.filter((r) => typeof r.customer === 'number' && r.customer !== mine.id);
    expect(others.length).toBeGreaterThan(0);
    for (const r of others) expect(r.customer__display).toBeUndefined();
    for (const r of rows.filter((r) => r.customer === mine.id)) expect(r.customer__display).toBe(mine.name);
  });
});
