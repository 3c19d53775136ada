/**
 * Report/Build (server/reports/builder.ts) against the real server and database: every figure is
 * computed here from the rows GetList / Get answer the same user, never hard-coded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EntityRow } from '../../runtime/shared/definition';
import type { ListPage } from '../../runtime/shared/envelope';
import { jalaliToIso } from '../../runtime/shared/jalali';
import { bucketKey } from '../../runtime/shared/jalaliBuckets';
import type { BuilderAnswer, BuilderSpec } from '../../runtime/shared/reportBuilder';
import { drillFilter } from '../../renderers/reportBuilder/builderLogic';
import { DIALECTS, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

type Row = EntityRow & Record<string, unknown>;

describe.each(DIALECTS)('the report builder on %s', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  let admin = '';
  let staff = '';
  let customer = '';

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url, { demoVolume: 'small' });
    admin = (await signIn(app, 'admin')).access_token;
    staff = (await signIn(app, 'staff')).access_token;
    customer = (await signIn(app, 'customer')).access_token;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  const build = (token: string, body: unknown) => call<BuilderAnswer>(app, 'Report/Build', token, body);
  /** Every row GetList answers the user, page by page. */
  const list = async (token: string, path: string, filterModel: Record<string, unknown> = {}) => {
    const out: Row[] = [];
    for (let start = 0; ; start += 1000) {
      const res = await call<ListPage<Row>>(app, path, token, {
        startRow: start,
        endRow: start + 1000,
        filterModel,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      out.push(...res.body.Data.rows);
      if (res.body.Data.rows.length < 1000) return out;
    }
  };
  /** Answer rows as `key|key → values`. */
  const byKeys = (a: BuilderAnswer) => new Map(a.rows.map((r) => [r.keys.map(String).join('|'), r.values]));
  const add = (m: Map<string, number[]>, key: string, values: number[]) => {
    const acc = m.get(key) ?? values.map(() => 0);
    m.set(
      key,
      acc.map((v, i) => v + values[i]!),
    );
  };

  it('groups invoices by customer and Jalali month with a sum and a count that tie to GetList', async () => {
    const rows = await list(staff, 'Sales/Invoice/GetList');
    expect(rows.length).toBeGreaterThan(0);
    const res = await build(staff, {
      entity: 'sales.invoice',
      dimensions: [{ field: 'customer' }, { field: 'date', bucket: 'month' }],
      measures: [{ op: 'sum', field: 'grandTotal' }, { op: 'count' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const expected = new Map<string, number[]>();
    for (const r of rows)
      add(expected, `${String(r.customer)}|${bucketKey(String(r.date), 'month')}`, [Number(r.grandTotal), 1]);
    expect(byKeys(res.body.Data)).toEqual(expected);
    // the customer's label is the lookup's display text as GetList shows it; the month reads as a name
    const first = res.body.Data.rows[0]!;
    const shown = rows.find((r) => r.customer === first.keys[0]);
    expect(first.labels[0]).toBe(shown?.customer__display);
    expect(first.labels[1]).toMatch(/^[\u0600-\u06FF]+ \d{4}$/);
    expect(res.body.Data.columns.map((c) => c.role)).toEqual([
      'dimension',
      'dimension',
      'measure',
      'measure',
    ]);
    expect(res.body.Data.columns[2]!.format).toBe('money');
  });

  it('drills down from a figure to exactly the documents it counts (the grid filter of its cell)', async () => {
    const spec: BuilderSpec = {
      entity: 'sales.invoice',
      dimensions: [{ field: 'customerGroup' }, { field: 'date', bucket: 'quarter' }],
      measures: [{ op: 'count' }, { op: 'sum', field: 'grandTotal' }],
    };
    const res = await build(staff, spec);
    expect(res.status).toBe(200);
    let drilled = 0;
    for (const row of res.body.Data.rows.slice(0, 4)) {
      const filterModel = drillFilter(spec, res.body.Data, row);
      if (filterModel === null) {
        // an empty group (no customer group) does not drill
        expect(row.keys).toContain(null);
        continue;
      }
      const rows = await list(staff, 'Sales/Invoice/GetList', filterModel);
      expect(rows.length).toBe(row.values[0]);
      expect(rows.reduce((s, r) => s + Number(r.grandTotal), 0)).toBe(row.values[1]);
      drilled += 1;
    }
    expect(drilled).toBeGreaterThan(0);
  });

  it('puts days either side of a Jalali month, quarter and year boundary in their own buckets', async () => {
    const days = ['1404/12/29', '1405/01/01', '1405/03/31', '1405/04/01'].map((d) => jalaliToIso(d)!);
    for (const [i, startDate] of days.entries()) {
      const made = await call(app, 'Marketing/Campaign/Create', admin, {
        values: { title: `RB-${i}`, channel: 'sms', startDate, endDate: startDate, budget: 1000 * (i + 1) },
      });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
    }
    const filterModel = { title: { filterType: 'text', type: 'startsWith', filter: 'RB-' } };
    const sums = async (bucket: string) => {
      const res = await build(admin, {
        entity: 'marketing.campaign',
        dimensions: [{ field: 'startDate', bucket }],
        measures: [{ op: 'sum', field: 'budget' }],
        filterModel,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return Object.fromEntries(res.body.Data.rows.map((r) => [r.keys[0], r.values[0]]));
    };
    expect(await sums('month')).toEqual({
      '1404-12': 1000,
      '1405-01': 2000,
      '1405-03': 3000,
      '1405-04': 4000,
    });
    expect(await sums('quarter')).toEqual({ '1404-Q4': 1000, '1405-Q1': 5000, '1405-Q2': 4000 });
    expect(await sums('year')).toEqual({ '1404': 1000, '1405': 9000 });
    expect(await sums('day')).toEqual(Object.fromEntries(days.map((d, i) => [d, 1000 * (i + 1)])));
  });

  it('measures document lines: sums of line amounts by item tie to the lines Get answers', async () => {
    const invoices = (await list(staff, 'Sales/Invoice/GetList')).slice(0, 15);
    const ids = invoices.map((r) => r.id);
    const filterModel = {
      id: { filterType: 'number', type: 'inRange', filter: Math.min(...ids), filterTo: Math.max(...ids) },
    };
    const inRange = await list(staff, 'Sales/Invoice/GetList', filterModel);
    const expected = new Map<string, number[]>();
    for (const inv of inRange) {
      const got = await call<Row>(app, 'Sales/Invoice/Get', staff, { id: inv.id });
      for (const line of got.body.Data.lines as Row[])
        add(expected, String(line.item), [Number(line.amount), Number(line.quantity)]);
    }
    const res = await build(staff, {
      entity: 'sales.invoice',
      dimensions: [{ field: 'lines.item' }],
      measures: [
        { op: 'sum', field: 'lines.amount' },
        { op: 'sum', field: 'lines.quantity' },
      ],
      filterModel,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(byKeys(res.body.Data)).toEqual(expected);
    // a document's own figure summed per line would repeat: refused; its min is not
    const header = await build(staff, {
      entity: 'sales.invoice',
      dimensions: [{ field: 'lines.item' }],
      measures: [{ op: 'sum', field: 'grandTotal' }],
    });
    expect(header.status).toBe(400);
    const min = await build(staff, {
      entity: 'sales.invoice',
      dimensions: [{ field: 'lines.item' }],
      measures: [{ op: 'min', field: 'grandTotal' }, { op: 'count' }],
      filterModel,
    });
    expect(min.status).toBe(200);
  });

  it("a vendor user's report covers only their own purchase orders; a customer's only their own row", async () => {
    const vendor = (await signIn(app, 'vendor')).access_token;
    const own = await list(vendor, 'SupplyChain/PurchaseOrder/GetList');
    const all = await list(staff, 'SupplyChain/PurchaseOrder/GetList');
    expect(own.length).toBeGreaterThan(0);
    expect(own.length).toBeLessThan(all.length);
    const res = await build(vendor, {
      entity: 'supplyChain.purchaseOrder',
      dimensions: [{ field: 'vendor' }, { field: 'date', bucket: 'quarter' }],
      measures: [{ op: 'count' }, { op: 'sum', field: 'total' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const expected = new Map<string, number[]>();
    for (const r of own)
      add(expected, `${String(r.vendor)}|${bucketKey(String(r.date), 'quarter')}`, [1, Number(r.total)]);
    expect(byKeys(res.body.Data)).toEqual(expected);
    const mine = await list(customer, 'Sales/Customer/GetList');
    const cities = await build(customer, {
      entity: 'sales.customer',
      dimensions: [{ field: 'city' }],
      measures: [{ op: 'count' }],
    });
    expect(cities.body.Data.rows).toEqual([{ keys: [mine[0]!.city], labels: [mine[0]!.city], values: [1] }]);
    // an entity the user may not view answers nothing
    expect((await build(customer, { entity: 'sales.invoice', measures: [{ op: 'count' }] })).status).toBe(
      403,
    );
  });

  it('a field hidden from the role is refused as a dimension, a measure or a line field', async () => {
    const save = (fields: Record<string, string>) =>
      call(app, 'Security/Permission/Save', admin, {
        role: 'staff',
        entities: [
          {
            key: 'sales.invoice',
            permissions: { view: true, create: true, update: true, delete: true },
            fields,
          },
        ],
      });
    expect((await save({ grandTotal: 'hidden', 'lines.unitPrice': 'hidden' })).status).toBe(200);
    try {
      for (const body of [
        { dimensions: [{ field: 'grandTotal' }], measures: [{ op: 'count' }] },
        { measures: [{ op: 'sum', field: 'grandTotal' }] },
        { measures: [{ op: 'max', field: 'lines.unitPrice' }] },
      ]) {
        const res = await build(staff, { entity: 'sales.invoice', ...body });
        expect(res.status).toBe(400);
        expect(JSON.stringify(res.body)).toContain('errors.FieldHidden');
      }
      // the admin still reports on them
      expect(
        (await build(admin, { entity: 'sales.invoice', measures: [{ op: 'sum', field: 'grandTotal' }] }))
          .status,
      ).toBe(200);
    } finally {
      await save({});
    }
  });

  it('takes identifiers only from the definition: an injected field name is a 400', async () => {
    for (const body of [
      { dimensions: [{ field: 'date) from e_sales_invoice; --' }], measures: [{ op: 'count' }] },
      { dimensions: [{ field: 'password' }], measures: [{ op: 'count' }] },
      { measures: [{ op: 'sum', field: 'lines.amount" --' }] },
      { measures: [{ op: 'sum', field: 'nosuch.amount' }] },
      { measures: [{ op: 'sum; drop table users', field: 'total' }] },
      { dimensions: [{ field: 'customer', bucket: 'month' }], measures: [{ op: 'count' }] },
      { measures: [{ op: 'count' }], sort: { column: 5, dir: 'asc' } },
    ]) {
      const res = await build(staff, { entity: 'sales.invoice', ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await build(staff, { entity: 'users', measures: [{ op: 'count' }] })).status).toBe(400);
    // still answering: nothing was dropped
    expect((await build(staff, { entity: 'sales.invoice', measures: [{ op: 'count' }] })).status).toBe(200);
  });

  it('sorts by a measure and stops at the limit', async () => {
    const res = await build(staff, {
      entity: 'sales.invoice',
      dimensions: [{ field: 'customer' }],
      measures: [{ op: 'sum', field: 'grandTotal' }],
      sort: { column: 1, dir: 'desc' },
      limit: 3,
    });
    expect(res.status).toBe(200);
    const values = res.body.Data.rows.map((r) => Number(r.values[0]));
    expect(values).toEqual([...values].sort((a, b) => b - a));
    expect(values.length).toBeLessThanOrEqual(3);
    expect(res.body.Data.truncated).toBe(true);
  });

  interface Card {
    analysis: number;
    show: string;
    entity: string;
    answer: BuilderAnswer;
  }
  interface Boards {
    boards: { id: number; title: string; cards: Card[]; roles?: string[] }[];
    canEdit: boolean;
    roles?: { role: string; label: { fa: string; en: string } }[];
  }
  const boards = (token: string) => call<Boards>(app, 'Report/Boards', token, {});

  it("dashboards of the viewer's role, with cards computed as the viewer, and cards over entities the viewer may not read left out", async () => {
    const analyst = (await signIn(app, 'analyst')).access_token;
    const spec = {
      entity: 'sales.customer',
      dimensions: [{ field: 'city' }],
      measures: [{ op: 'count' }],
    };
    const made = await call<Row>(app, 'Report/Analysis/Create', analyst, {
      values: { title: 'مشتریان', entity: spec.entity, view: 'bar', spec: JSON.stringify(spec) },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const invoices = await call<Row>(app, 'Report/Analysis/Create', analyst, {
      values: {
        title: 'فاکتورها',
        entity: 'sales.invoice',
        view: 'table',
        spec: JSON.stringify({ entity: 'sales.invoice', measures: [{ op: 'count' }] }),
      },
    });
    const board = await call<Row>(app, 'Report/Board/Create', analyst, {
      values: {
        title: 'آزمون',
        roles: 'customer,staff',
        order: 0,
        cards: [
          { analysis: made.body.Data.id, show: 'number', x: 0, y: 0, w: 3, h: 1 },
          { analysis: made.body.Data.id, show: 'bar', x: 3, y: 0, w: 6, h: 2 },
          { analysis: invoices.body.Data.id, show: 'number', x: 9, y: 0, w: 3, h: 1 },
        ],
      },
    });
    expect(board.status, JSON.stringify(board.body)).toBe(200);
    const forStaff = (await boards(staff)).body.Data;
    const staffBoard = forStaff.boards.find((b) => b.id === board.body.Data.id)!;
    expect(staffBoard.cards.map((c) => c.show)).toEqual(['number', 'bar', 'number']);
    const customers = await list(staff, 'Sales/Customer/GetList');
    expect(staffBoard.cards[0]!.answer.rows[0]!.values[0]).toBe(customers.length);
    const invoiceRows = await list(staff, 'Sales/Invoice/GetList');
    expect(staffBoard.cards[2]!.answer.rows[0]!.values[0]).toBe(invoiceRows.length);
    // the customer sees the same board with its own scope: one customer; the invoice card is gone
    const forCustomer = (await boards(customer)).body.Data;
    const customerBoard = forCustomer.boards.find((b) => b.id === board.body.Data.id)!;
    expect(customerBoard.cards.map((c) => c.entity)).toEqual(['sales.customer', 'sales.customer']);
    expect(customerBoard.cards[0]!.answer.rows[0]!.values[0]).toBe(1);
    expect(forCustomer.canEdit).toBe(false);
    // the roles (a board's and every role's labels) are for editors only
    expect(forCustomer.roles).toBeUndefined();
    expect(customerBoard.roles).toBeUndefined();
    // a role the board does not name does not get it
    const vendor = (await signIn(app, 'vendor')).access_token;
    expect((await boards(vendor)).body.Data.boards.some((b) => b.id === board.body.Data.id)).toBe(false);
    // a board for every role whose cards the viewer may run none of is not shown to that viewer
    const forAll = await call<Row>(app, 'Report/Board/Create', analyst, {
      values: {
        title: 'همه',
        roles: '*',
        order: 1,
        cards: [{ analysis: invoices.body.Data.id, show: 'number', x: 0, y: 0, w: 3, h: 1 }],
      },
    });
    expect(forAll.status, JSON.stringify(forAll.body)).toBe(200);
    expect((await boards(staff)).body.Data.boards.some((b) => b.id === forAll.body.Data.id)).toBe(true);
    expect((await boards(vendor)).body.Data.boards.some((b) => b.id === forAll.body.Data.id)).toBe(false);
    const forAdmin = (await boards(admin)).body.Data;
    expect(forAdmin.canEdit).toBe(true);
    // the editor's role picker: every role by its labels (an admin's label, else none), each board's roles
    const named = await call(app, 'Security/Role/Save', admin, {
      role: 'auditor',
      label: { fa: 'حسابرس', en: 'Auditor' },
    });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    const roles = (await boards(admin)).body.Data.roles!;
    expect(roles.map((r) => r.role)).toEqual(
      expect.arrayContaining(['admin', 'staff', 'customer', 'auditor']),
    );
    expect(roles.find((r) => r.role === 'auditor')!.label).toEqual({ fa: 'حسابرس', en: 'Auditor' });
    expect(roles.find((r) => r.role === 'staff')!.label).toEqual({ fa: '', en: '' });
    expect(forAdmin.boards.find((b) => b.id === forAll.body.Data.id)!.roles).toEqual(['*']);
  });
});
