/**
 * Integrity of written rows through the public API (docs/api.md "Numbers, references and line
 * counts"): numeric bounds and exact amounts, ids past int4, lookups that must name a visible row,
 * rows still referenced that cannot be deleted, company-controlled fields of a party's own row,
 * and the line count of a document (stored in chunks up to maxItems, 417 beyond).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EntityRow } from '../../runtime/shared/definition';
import type { ListPage } from '../../runtime/shared/envelope';
import { DIALECTS, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

type Row = EntityRow & Record<string, unknown>;

describe.each(DIALECTS)('integrity of writes on %s', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  let staff = '';
  let customerUser = '';
  let customer = 0;
  let item = 0;
  let unit = 0;
  const list = async (path: string, token = staff) =>
    (await call<ListPage<Row>>(app, `${path}/GetList`, token, { startRow: 0, endRow: 50 })).body.Data.rows;
  const invoice = (lines: object[], extra: object = {}) =>
    call<Row>(app, 'Sales/Invoice/Create', staff, {
      values: {
        number: `I-${Math.random().toString(36).slice(2, 10)}`,
        customer,
        date: '2026-06-01',
        lines,
        ...extra,
      },
    });

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url);
    staff = (await signIn(app, 'staff')).access_token;
    customerUser = (await signIn(app, 'customer')).access_token;
    const customers = await list('Sales/Customer');
    customer = customers[customers.length - 1]!.id;
    const items = await list('Inventory/Item');
    item = items[0]!.id;
    unit = Number(items[0]!.unit);
  });
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  it('numbers out of range answer 417 on the field and line, never a wrong stored value or a 500', async () => {
    for (const [line, field] of [
      [{ item, quantity: 1, unitPrice: 1e200 }, 'unitPrice'],
      [{ item, quantity: 1e200, unitPrice: 1 }, 'quantity'],
      [{ item, quantity: 1, unitPrice: 1e20 }, 'unitPrice'],
      // each input in range, the product not: the computed amount is refused on its line
      [{ item, quantity: 1e9, unitPrice: 1e9 }, 'amount'],
    ] as const) {
      const res = await invoice([{ item, quantity: 1, unitPrice: 10 }, line]);
      expect(res.status, field).toBe(417);
      expect(res.body.TableMessageTexts).toContainEqual(
        expect.objectContaining({ TableName: 'lines', RowIndex: 1, FieldName: field }),
      );
    }
    // 2^53 + 1 as sent on the wire (JSON.parse makes it 2^53): refused, not stored one lower
    const raw = `{"values":{"number":"I-RAW-1","customer":${customer},"date":"2026-06-01","lines":[{"item":${item},"quantity":1,"unitPrice":9007199254740993}]}}`;
    const wire = await call(app, 'Sales/Invoice/Create', staff, raw);
    expect(wire.status).toBe(417);
    expect(wire.body.TableMessageTexts).toContainEqual(
      expect.objectContaining({ TableName: 'lines', RowIndex: 0, FieldName: 'unitPrice' }),
    );
    const code = `C-${Date.now().toString(36)}`;
    const big = await call(app, 'Sales/Customer/Create', staff, {
      values: {
        code,
        name: 'مشتری بزرگ',
        customerType: 'person',
        nationalCode: '0499370899',
        creditLimit: 1e30,
      },
    });
    expect(big.status).toBe(417);
    expect(big.body.ServerMessageTexts).toContainEqual(expect.objectContaining({ FieldName: 'creditLimit' }));
  });

  it('amounts are exact decimals: 0.145 × 100 is 14.5, rounded to 15 (floats give 14.499…)', async () => {
    const res = await invoice([{ item, quantity: 0.145, unitPrice: 100 }]);
    expect(res.status).toBe(200);
    expect((res.body.Data.lines as Row[])[0]!.amount).toBe(15);
    expect(res.body.Data.total).toBe(15);
  });

  it('ids and versions past int4 answer 404 / 417, lookups past it 417 on the field', async () => {
    for (const id of [2 ** 31, 2 ** 40, 2 ** 53 - 1]) {
      expect((await call(app, 'Sales/Customer/Get', staff, { id })).status).toBe(404);
      expect((await call(app, 'Sales/Customer/GetAudit', staff, { id })).status).toBe(404);
      const update = await call(app, 'Sales/Customer/Update', staff, {
        id,
        version: 1,
        values: { name: 'x' },
      });
      expect(update.status).toBe(404);
      expect((await call(app, 'Sales/Customer/Delete', staff, { id, version: 1 })).status).toBe(404);
    }
    const row = (await call<Row>(app, 'Sales/Customer/Get', staff, { id: customer })).body.Data;
    const stale = await call(app, 'Sales/Customer/Delete', staff, { id: customer, version: 2 ** 31 });
    expect(stale.status).toBe(417);
    expect((await call(app, 'Sales/Customer/Get', staff, { id: row.id })).status).toBe(200);
    const far = await invoice([{ item, quantity: 1, unitPrice: 1 }], { customer: 2 ** 31 });
    expect(far.status).toBe(417);
    expect(far.body.ServerMessageTexts).toContainEqual(expect.objectContaining({ FieldName: 'customer' }));
  });

  it('lookups must name an existing row: 417 on the field or on the line, in one query per entity', async () => {
    const header = await invoice([{ item, quantity: 1, unitPrice: 1 }], { customer: 999999999 });
    expect(header.status).toBe(417);
    expect(header.body.ServerMessageTexts).toEqual([expect.objectContaining({ FieldName: 'customer' })]);
    const line = await invoice([
      { item, quantity: 1, unitPrice: 1 },
      { item: 999999999, quantity: 1, unitPrice: 1 },
    ]);
    expect(line.status).toBe(417);
    expect(line.body.TableMessageTexts).toEqual([
      expect.objectContaining({ TableName: 'lines', RowIndex: 1, FieldName: 'item' }),
    ]);
  });

  it('a row used by documents is not deleted: 417 naming how many of which kind', async () => {
    const code = `D-${Date.now().toString(36)}`;
    const made = await call<Row>(app, 'Sales/Customer/Create', staff, {
      values: { code, name: 'مشتری حذف‌نشدنی', customerType: 'person', nationalCode: '0499370899' },
    });
    expect(made.status).toBe(200);
    const newItem = await call<Row>(app, 'Inventory/Item/Create', staff, {
      values: { code, name: 'کالای حذف‌نشدنی', unit },
    });
    expect(newItem.status).toBe(200);
    const docs: Row[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await invoice([{ item: newItem.body.Data.id, quantity: 1, unitPrice: 5 }], {
        customer: made.body.Data.id,
      });
      expect(res.status).toBe(200);
      docs.push(res.body.Data);
    }
    const refused = await call(app, 'Sales/Customer/Delete', staff, {
      id: made.body.Data.id,
      version: made.body.Data.version,
    });
    expect(refused.status).toBe(417);
    expect(refused.body.Data).toEqual({
      BusinessErrors: ['این ردیف در ۳ ردیف از «فاکتورهای فروش» به کار رفته است و حذف نمی‌شود.'],
    });
    const itemRefused = await call(app, 'Inventory/Item/Delete', staff, {
      id: newItem.body.Data.id,
      version: newItem.body.Data.version,
    });
    expect(itemRefused.status).toBe(417);
    expect(JSON.stringify(itemRefused.body.Data)).toContain('۳');
    for (const d of docs)
      expect((await call(app, 'Sales/Invoice/Delete', staff, { id: d.id, version: d.version })).status).toBe(
        200,
      );
    const gone = await call(app, 'Sales/Customer/Delete', staff, {
      id: made.body.Data.id,
      version: made.body.Data.version,
    });
    expect(gone.status).toBe(200);
  });

  it('a customer user edits its contact fields only: credit limit, active and code keep their stored values', async () => {
    const own = (await list('Sales/Customer', customerUser))[0]!;
    const stored = (await call<Row>(app, 'Sales/Customer/Get', customerUser, { id: own.id })).body.Data;
    const {
      id: _id,
      version: _v,
      createdAt: _c,
      updatedAt: _u,
      createdBy: _cb,
      updatedBy: _ub,
      ...fields
    } = stored;
    const res = await call<Row>(app, 'Sales/Customer/Update', customerUser, {
      id: stored.id,
      version: stored.version,
      values: {
        ...fields,
        creditLimit: 999_999_999_999,
        active: !stored.active,
        code: 'HACKED',
        mobile: '09121234567',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.Data.mobile).toBe('09121234567');
    expect(res.body.Data.creditLimit ?? null).toBe(stored.creditLimit ?? null);
    expect(res.body.Data.active).toBe(stored.active);
    expect(res.body.Data.code).toBe(stored.code);
    // the form is told: GetDefinition marks them read-only for this user
    const def = await call<{ schema: { properties: Record<string, { readOnly?: boolean }> } }>(
      app,
      'Meta/Entity/GetDefinition',
      customerUser,
      { module: 'sales', name: 'customer' },
    );
    expect(def.status).toBe(200);
    expect(def.body.Data.schema.properties.creditLimit?.readOnly).toBe(true);
    expect(def.body.Data.schema.properties.mobile?.readOnly).not.toBe(true);
  });

  it('line counts: 5,000 lines are stored (in chunks), 6,000 and 12,000 answer 417 on the table', async () => {
    const lines = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ item, quantity: 1, unitPrice: i + 1 }));
    for (const n of [6000, 12000]) {
      const res = await invoice(lines(n));
      expect(res.status, String(n)).toBe(417);
      expect(res.body.ServerMessageTexts).toEqual([expect.objectContaining({ FieldName: 'lines' })]);
    }
    const full = await invoice(lines(5000));
    expect(full.status).toBe(200);
    const back = await call<Row>(app, 'Sales/Invoice/Get', staff, { id: full.body.Data.id });
    expect((back.body.Data.lines as Row[]).length).toBe(5000);
    expect(back.body.Data.total).toBe((5000 * 5001) / 2);
  }, 60_000);

  it('a party user may not name a row outside its scope: another customer is refused like a missing one', async () => {
    const admin = (await signIn(app, 'admin')).access_token;
    const saved = await call(app, 'Security/Permission/Save', admin, {
      role: 'customer',
      entities: [
        {
          key: 'sales.invoice',
          permissions: { view: true, create: true, edit: false, delete: false, export: false, print: false },
          fields: {},
        },
      ],
    });
    expect(saved.status).toBe(200);
    const menu = await call(app, 'Security/MenuAccess/Save', admin, {
      who: 'customer',
      entities: ['sales.customer', 'sales.invoice'],
    });
    expect(menu.status).toBe(200);
    const own = (await list('Sales/Customer', customerUser))[0]!.id;
    const other = (await list('Sales/Customer')).find((c) => c.id !== own)!.id;
    const create = (who: number) =>
      call(app, 'Sales/Invoice/Create', customerUser, {
        values: {
          number: `P-${who}-${Date.now().toString(36)}`,
          customer: who,
          date: '2026-06-01',
          lines: [{ item, quantity: 1, unitPrice: 7 }],
        },
      });
    const refused = await create(other);
    expect(refused.status).toBe(417);
    expect(refused.body.ServerMessageTexts).toEqual([expect.objectContaining({ FieldName: 'customer' })]);
    expect((await create(own)).status).toBe(200);
  });
});
