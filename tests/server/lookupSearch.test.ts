/**
 * Lookups that find the right record (issue #22): GetList's `search` looks in code and name (and
 * the fields asked for, never hidden ones), and a list sorts by a lookup column's display text
 * without revealing the looked-up rows or fields the caller may not read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EntityRow } from '../../runtime/shared/definition';
import type { ListPage, ListRequest } from '../../runtime/shared/envelope';
import { toPersianDigits } from '../../runtime/shared/normalize';
import type { Untyped } from '../../server/db/untyped';
import { DIALECTS, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

describe.each(DIALECTS)('lookup search and sort by display text on %s', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  let staff = '';
  let customers: EntityRow[] = [];

  // `search` may be anything here: malformed bodies are sent on purpose
  const list = (
    path: string,
    token: string,
    body: Omit<Partial<ListRequest>, 'search'> & Record<string, unknown>,
  ) => call<ListPage<EntityRow>>(app, path, token, { startRow: 0, endRow: 200, ...body });
  const search = (text: string, fields = ['name', 'code']) =>
    list('Sales/Customer/GetList', staff, { search: { text, fields } });

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url);
    staff = (await signIn(app, 'staff')).access_token;
    customers = (await list('Sales/Customer/GetList', staff, { sortModel: [{ colId: 'name', sort: 'asc' }] }))
      .body.Data.rows;
    // the invoices spread over the customers, in the reverse order of their names: a sort by the
    // customers' names then differs from the invoices' id order
    const invoice = app.ctx.registry.byEntityKey('sales.invoice')!;
    const raw = app.ctx.db as unknown as Untyped;
    const ids = (
      (await raw.selectFrom(invoice.table).select('id').orderBy('id').execute()) as { id: unknown }[]
    ).map((r) => Number(r.id));
    const byNameDesc = [...customers].reverse();
    for (const [i, id] of ids.entries())
      await raw
        .updateTable(invoice.table)
        .set({ customer: byNameDesc[i % byNameDesc.length]!.id })
        .where('id', '=', id)
        .execute();
  });
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  it('finds a customer by its code, in Latin or Persian digits, and by a part of its name', async () => {
    expect(customers.length).toBeGreaterThan(2);
    const one = customers[1]!;
    const code = String(one.code);
    for (const text of [code, toPersianDigits(code)]) {
      const found = await search(text);
      expect(found.status).toBe(200);
      expect(found.body.Data.rows.map((r) => r.id)).toContain(one.id);
      for (const r of found.body.Data.rows)
        expect(`${String(r.code)} ${String(r.name)}`.toLowerCase()).toContain(code.toLowerCase());
    }
    const part = String(one.name).slice(1, 4);
    const byName = await search(part);
    expect(byName.body.Data.rows.map((r) => r.id)).toContain(one.id);
    for (const r of byName.body.Data.rows) expect(`${String(r.code)} ${String(r.name)}`).toContain(part);
    // a text in neither field finds nothing; an empty text is no search at all
    expect((await search('zz-no-such-customer')).body.Data.rows).toEqual([]);
    expect((await search('  ')).body.Data.rows.length).toBe(customers.length);
  });

  it('refuses a search naming an unknown, unsearchable or hidden field, or too many', async () => {
    expect((await search('a', ['nope'])).status).toBe(400);
    expect((await search('a', [])).status).toBe(400);
    expect(
      (await search('a', ['name', 'code', 'city', 'mobile', 'nationalCode', 'address', 'phone'])).status,
    ).toBe(400);
    expect((await list('Sales/Customer/GetList', staff, { search: 'a' })).status).toBe(400);
    const hide = { role: 'staff', entity: 'sales.customer', field: 'mobile', mode: 'hidden' };
    await app.ctx.db.insertInto('field_permissions').values(hide).execute();
    try {
      const refused = await search('09', ['name', 'mobile']);
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain('mobile');
    } finally {
      await app.ctx.db.deleteFrom('field_permissions').where('role', '=', 'staff').execute();
    }
  });

  const rank = () => new Map(customers.map((c, i) => [c.id, i]));
  const invoicesBy = (token: string, sort: 'asc' | 'desc') =>
    list('Sales/Invoice/GetList', token, { sortModel: [{ colId: 'customer', sort }] });

  it('sorts invoices by the customer name they show, both ways', async () => {
    const ranks = rank();
    for (const sort of ['asc', 'desc'] as const) {
      const rows = (await invoicesBy(staff, sort)).body.Data.rows;
      expect(rows.length).toBeGreaterThanOrEqual(3);
      const seq = rows.map((r) => ranks.get(r.customer as number)!);
      const sorted = [...seq].sort((a, b) => (sort === 'asc' ? a - b : b - a));
      expect(seq).toEqual(sorted);
      // not the invoices' id order (the data were spread so that both differ)
      expect(new Set(seq).size).toBeGreaterThan(1);
      const ids = rows.map((r) => r.id);
      expect(ids).not.toEqual([...ids].sort((a, b) => (sort === 'asc' ? a - b : b - a)));
    }
  });

  const setView = (value: 0 | 1) =>
    app.ctx.db
      .updateTable('role_permissions')
      .set({ can_view: value })
      .where('role', '=', 'staff')
      .where('entity', '=', 'sales.customer')
      .execute();

  it('without view on customers, or with their name hidden, the sort is by the stored id', async () => {
    const byIds = (rows: EntityRow[]) => rows.map((r) => r.customer as number);
    const ascending = (xs: number[]) => expect(xs).toEqual([...xs].sort((a, b) => a - b));
    await setView(0);
    try {
      ascending(byIds((await invoicesBy(staff, 'asc')).body.Data.rows));
    } finally {
      await setView(1);
    }
    const hide = { role: 'staff', entity: 'sales.customer', field: 'name', mode: 'hidden' };
    await app.ctx.db.insertInto('field_permissions').values(hide).execute();
    try {
      ascending(byIds((await invoicesBy(staff, 'asc')).body.Data.rows));
    } finally {
      await app.ctx.db.deleteFrom('field_permissions').where('role', '=', 'staff').execute();
    }
  });

  it("a customer user's sort reveals nothing of other customers' names (out of its row scope)", async () => {
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
    const me = (await signIn(app, 'customer')).access_token;
    const mine = (await list('Sales/Customer/GetList', me, {})).body.Data.rows;
    expect(mine.length).toBe(1);
    for (const sort of ['asc', 'desc'] as const) {
      const rows = (await invoicesBy(me, sort)).body.Data.rows;
      const others = rows.filter((r) => r.customer !== mine[0]!.id);
      expect(others.length).toBeGreaterThan(2);
      // other customers' invoices have no text to sort by: they keep the id order (ties by id, in
      // the direction of the sort), whatever their customers' names
      const ids = others.map((r) => r.id);
      expect(ids).toEqual([...ids].sort((a, b) => (sort === 'asc' ? a - b : b - a)));
    }
  });
});
