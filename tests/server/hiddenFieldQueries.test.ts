/**
 * Fields hidden from a role cannot be recovered through reads (docs/api.md, "Hidden fields in
 * queries"), on SQLite and PostgreSQL: a filter or sort naming one is a 400 naming it on GetList,
 * Export and reports (bisection refused); a definition's default sort on one falls back to id
 * order; lookup display texts obey the looked-up entity's field hiding (`#id`); the audit trail
 * screen shows neither hidden diffs nor entries of entities the caller may not view.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EntityRow } from '../../runtime/shared/definition';
import type { ListPage } from '../../runtime/shared/envelope';
import type { ReportRow } from '../../runtime/shared/reports';
import { DIALECTS, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

const ALL = { view: true, create: true, edit: true, delete: true, export: true, print: true };
const NAME = 'مشتری پنهان ویژه';

function valuesOf(row: EntityRow): Record<string, unknown> {
  const { id, version, createdAt, updatedAt, createdBy, updatedBy, ...values } = row;
  void [id, version, createdAt, updatedAt, createdBy, updatedBy];
  return values;
}

describe.each(DIALECTS)('hidden fields in queries on %s', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  let admin = '';
  let staff = '';
  let customer: EntityRow;

  const save = (key: string, permissions: Record<string, boolean>, fields: Record<string, string> = {}) =>
    call(app, 'Security/Permission/Save', admin, { role: 'staff', entities: [{ key, permissions, fields }] });
  const hideOnCustomer = (...names: string[]) =>
    save('sales.customer', ALL, Object.fromEntries(names.map((n) => [n, 'hidden'])));
  const list = (path: string, body: Record<string, unknown>, token = staff) =>
    call<ListPage<EntityRow>>(app, path, token, { startRow: 0, endRow: 100, ...body });
  const exportCsv = (path: string, body: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: `/api/${path}`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${staff}` },
      payload: JSON.stringify({ format: 'csv', ...body }),
    });
  const fieldNames = (r: { body: { ServerMessageTexts?: { FieldName: string }[] } }) =>
    (r.body.ServerMessageTexts ?? []).map((m) => m.FieldName);

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url);
    admin = (await signIn(app, 'admin')).access_token;
    staff = (await signIn(app, 'staff')).access_token;
    expect((await save('management.auditLog', { view: true, export: true })).status).toBe(200);
    // one customer with a known name, used by invoices (lookup texts) and audited (audit trail)
    const invoice = (await list('Sales/Invoice/GetList', {}, admin)).body.Data.rows[0]!;
    const id = invoice.customer as number;
    const got = await call<EntityRow>(app, 'Sales/Customer/Get', admin, { id });
    const updated = await call<EntityRow>(app, 'Sales/Customer/Update', admin, {
      id,
      version: got.body.Data.version,
      values: { ...valuesOf(got.body.Data), name: NAME, city: 'یزد' },
    });
    expect(updated.status).toBe(200);
    customer = updated.body.Data;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  it('a filter or sort on a hidden field is a 400 naming it on GetList, Export and reports', async () => {
    await hideOnCustomer('name');
    const byName = { name: { filterType: 'text', type: 'startsWith', filter: 'م' } };
    const filtered = await list('Sales/Customer/GetList', { filterModel: byName });
    expect(filtered.status).toBe(400);
    expect(fieldNames(filtered)).toEqual(['name']);
    const sorted = await list('Sales/Customer/GetList', { sortModel: [{ colId: 'name', sort: 'asc' }] });
    expect(sorted.status).toBe(400);
    expect(fieldNames(sorted)).toEqual(['name']);
    for (const body of [{ filterModel: byName }, { sortModel: [{ colId: 'name', sort: 'desc' }] }]) {
      const res = await exportCsv('Sales/Customer/Export', body);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('name');
    }
    for (const body of [
      { filterModel: byName },
      { groupBy: 'name' },
      { filterModel: { name: { filterType: 'text', type: 'equals', filter: NAME } }, groupBy: 'city' },
    ]) {
      const res = await call(app, 'Report/Run', staff, { entity: 'sales.customer', ...body });
      expect(res.status).toBe(400);
      expect(fieldNames(res)).toEqual(['name']);
    }
    // a visible field still filters
    const city = await list('Sales/Customer/GetList', {
      filterModel: { city: { filterType: 'text', type: 'equals', filter: 'یزد' } },
    });
    expect(city.status).toBe(200);
    expect(city.body.Data.rows.map((r) => r.id)).toContain(customer.id);
  });

  it('a hidden line field cannot be filtered on either', async () => {
    await save('sales.invoice', ALL, { 'lines.unitPrice': 'hidden' });
    const res = await list('Sales/Invoice/GetList', {
      filterModel: { 'lines.unitPrice': { filterType: 'number', type: 'greaterThan', filter: 0 } },
    });
    expect(res.status).toBe(400);
    expect(fieldNames(res)).toEqual(['lines.unitPrice']);
    // no text of the answer is a raw key (the keys travel in Key / Messages, beside the texts)
    const texts = [...res.body.MessageTexts, ...res.body.ServerMessageTexts.map((m) => m.Message)];
    expect(JSON.stringify(texts)).not.toContain('BadRequest');
    expect(res.body.ServerMessageTexts[0]).toMatchObject({ Key: 'errors.FieldHidden' });
    expect(res.body.ServerMessageTexts[0]!.Message).not.toBe(
      (await list('Sales/Invoice/GetList', { filterModel: { nothing: {} } })).body.ServerMessageTexts[0]!
        .Message,
    );
    await save('sales.invoice', ALL);
  });

  it("a definition's default sort on a hidden field gives id order", async () => {
    // a new customer whose code sorts first and whose id is the highest
    const created = await call<EntityRow>(app, 'Sales/Customer/Create', admin, {
      values: { code: '0000-FIRST', name: 'اول فهرست', customerType: 'person', nationalCode: '0499370899' },
    });
    expect(created.status).toBe(200);
    await hideOnCustomer('code');
    const rows = (await list('Sales/Customer/GetList', { sortModel: [] })).body.Data.rows;
    const ids = rows.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(rows.every((r) => !('code' in r))).toBe(true);
    await hideOnCustomer();
    const byCode = (await list('Sales/Customer/GetList', { sortModel: [] })).body.Data.rows;
    expect(byCode[0]!.id).toBe(created.body.Data.id);
  });

  it("lookup texts obey the looked-up entity's hidden display field: #id instead", async () => {
    const filter = { customer: { filterType: 'number', type: 'equals', filter: customer.id } };
    const visible = await list('Sales/Invoice/GetList', { filterModel: filter });
    expect(visible.body.Data.rows.length).toBeGreaterThan(0);
    expect(visible.body.Data.rows[0]!.customer__display).toBe(NAME);
    await hideOnCustomer('name');
    const rows = (await list('Sales/Invoice/GetList', { filterModel: filter })).body.Data.rows;
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.customer__display).toBe(`#${customer.id}`);
    const csv = await exportCsv('Sales/Invoice/Export', { filterModel: filter });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain(NAME);
    expect(csv.body).toContain(`#${customer.id}`);
    const report = await call<{ rows: ReportRow[] }>(app, 'Report/Run', staff, {
      entity: 'sales.invoice',
      groupBy: 'customer',
    });
    expect(report.status).toBe(200);
    const labels = report.body.Data.rows.map((r) => r.label);
    expect(labels).not.toContain(NAME);
    expect(labels).toContain(`#${customer.id}`);
    await hideOnCustomer();
  });

  it('the audit trail hides hidden diffs and entries of entities the caller may not view', async () => {
    const filter = {
      entityKey: { filterType: 'text', type: 'equals', filter: 'sales.customer' },
      rowId: { filterType: 'number', type: 'equals', filter: customer.id },
    };
    const before = await list('Management/AuditLog/GetList', { filterModel: filter });
    expect(before.status).toBe(200);
    expect(before.body.Data.rows.some((r) => String(r.changes).includes(NAME))).toBe(true);
    await hideOnCustomer('name');
    const audit = await list('Management/AuditLog/GetList', { filterModel: filter });
    expect(audit.status).toBe(200);
    const entries = audit.body.Data.rows;
    expect(entries.length).toBeGreaterThan(0);
    for (const e of entries) {
      expect(String(e.changes)).not.toContain(NAME);
      expect(Object.keys(JSON.parse(String(e.changes)) as object)).not.toContain('name');
    }
    expect(entries.some((e) => String(e.changes).includes('یزد'))).toBe(true);
    const one = await call<EntityRow>(app, 'Management/AuditLog/Get', staff, { id: entries[0]!.id });
    expect(one.status).toBe(200);
    expect(String(one.body.Data.changes)).not.toContain(NAME);
    const csv = await exportCsv('Management/AuditLog/Export', { filterModel: filter });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain(NAME);
    // the diff text is not searchable while the role hides fields: it would find hidden values
    const search = await list('Management/AuditLog/GetList', {
      filterModel: { changes: { filterType: 'text', type: 'contains', filter: 'مشتری' } },
    });
    expect(search.status).toBe(400);
    expect(fieldNames(search)).toEqual(['changes']);
    // no view on customers: no customer entries at all, not even by id
    await save('sales.customer', {});
    const none = await list('Management/AuditLog/GetList', { filterModel: filter });
    expect(none.status).toBe(200);
    expect(none.body.Data.rows).toEqual([]);
    const all = (await list('Management/AuditLog/GetList', { endRow: 1000 })).body.Data.rows;
    expect(all.every((r) => r.entityKey !== 'sales.customer')).toBe(true);
    expect((await call(app, 'Management/AuditLog/Get', staff, { id: entries[0]!.id })).status).toBe(404);
    await hideOnCustomer();
  });
});

describe.each(DIALECTS)('crafted list and report input answers 400, never 5xx, on %s', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  let admin = '';

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url);
    admin = (await signIn(app, 'admin')).access_token;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  const number = (filter: unknown) => ({ filterType: 'number', type: 'equals', filter });

  it.each([
    ['constructor', '{"filterModel":{"constructor":{"filterType":"text","filter":"a"}}}'],
    ['toString', '{"filterModel":{"toString":{"filterType":"text","filter":"a"}}}'],
    ['hasOwnProperty', '{"filterModel":{"hasOwnProperty":{"filterType":"text","filter":"a"}}}'],
    ['sortModel', '{"sortModel":[{"colId":"valueOf","sort":"asc"}]}'],
    ['name', '{"filterModel":{"name":{"filterType":"text","type":{"toString":1},"filter":"a"}}}'],
    ['name', '{"filterModel":{"name":{"filterType":{"toString":1},"filter":"a"}}}'],
    ['sortModel', '{"sortModel":[null]}'],
  ])('GetList %s: %s', async (field, body) => {
    const res = await call(app, 'Sales/Customer/GetList', admin, body);
    expect(res.status).toBe(400);
    expect(res.body.ServerMessageTexts.map((m) => m.FieldName)).toEqual([field]);
    expect(Object.keys((res.body as unknown as { errors: object }).errors)).toEqual([field]);
  });

  it('a __proto__ member in a body is a 400 (refused by the body parser)', async () => {
    for (const body of [
      '{"filterModel":{"__proto__":{"filterType":"text","filter":"a"}}}',
      '{"filterModel":{"name":{"filterType":"text","__proto__":{"type":"x"}}}}',
    ]) {
      const res = await call(app, 'Sales/Customer/GetList', admin, body);
      expect(res.status).toBe(400);
    }
  });

  it.each([
    ['id', { id: number(1.5) }],
    ['id', { id: number(2 ** 31) }],
    ['id', { id: { filterType: 'number', type: 'inRange', filter: 1, filterTo: 2 ** 40 } }],
    ['customer', { customer: number(1.5) }],
    ['customer', { customer: number(1e30) }],
    ['customer', { customer: number('99999999999999999999') }],
  ])('Invoice GetList filter on %s %j', async (field, filterModel) => {
    const res = await call(app, 'Sales/Invoice/GetList', admin, { filterModel });
    expect(res.status).toBe(400);
    expect(res.body.ServerMessageTexts.map((m) => m.FieldName)).toEqual([field]);
  });

  it('Get of an id beyond the id column answers 404', async () => {
    for (const id of [2 ** 31, 2 ** 53 - 1])
      expect((await call(app, 'Sales/Customer/Get', admin, { id })).status).toBe(404);
  });

  it('report measure and filter shapes', async () => {
    for (const body of [
      { entity: 'sales.invoice', measure: { op: { toString: 1 } } },
      { entity: 'sales.invoice', measure: [] },
      { entity: 'sales.invoice', filterModel: { date: { filterType: 'date', type: { toString: 1 } } } },
      { entity: 'sales.invoice', filterModel: { constructor: {} } },
    ]) {
      const res = await call(app, 'Report/Run', admin, body);
      expect(res.status).toBe(400);
    }
  });
});
