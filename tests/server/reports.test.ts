/** Report/Run, Report/Dashboard and {Module}/{Entity}/GetAudit against the real server and database. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EntityRow } from '../../runtime/shared/definition';
import type { ListPage } from '../../runtime/shared/envelope';
import { isoToJalali } from '../../runtime/shared/jalali';
import { DIALECTS, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

interface ReportRow {
  key: string | number | boolean | null;
  label: string;
  value: number;
}
interface Widget {
  id: string;
  entity: string;
  kind: string;
  value?: number;
  rows?: ReportRow[];
}
type Row = EntityRow & Record<string, unknown>;

describe.each(DIALECTS)('reports on %s', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  let staff: string;
  let customer: string;
  let vendor: string;
  let admin: string;

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url);
    const tokens = await Promise.all(
      ['staff', 'customer', 'vendor', 'admin'].map(async (u) => (await signIn(app, u)).access_token),
    );
    [staff, customer, vendor, admin] = tokens as [string, string, string, string];
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  const run = (token: string, body: unknown) => call<{ rows: ReportRow[] }>(app, 'Report/Run', token, body);
  const allCustomers = async (token: string) =>
    (await call<ListPage<Row>>(app, 'Sales/Customer/GetList', token, { startRow: 0, endRow: 1000 })).body.Data
      .rows;

  it('groups and counts by an enum field, labelled in the request language', async () => {
    const rows = await allCustomers(staff);
    const res = await run(staff, {
      entity: 'sales.customer',
      groupBy: 'customerType',
      measure: { op: 'count' },
    });
    expect(res.status).toBe(200);
    const expected = new Map<string, number>();
    for (const r of rows)
      expected.set(String(r.customerType), (expected.get(String(r.customerType)) ?? 0) + 1);
    expect(new Map(res.body.Data.rows.map((r) => [String(r.key), r.value]))).toEqual(expected);
    const person = res.body.Data.rows.find((r) => r.key === 'person');
    expect(person?.label).toBe('حقیقی');
  });

  it('sums and averages a numeric field inside a filter', async () => {
    const rows = (await allCustomers(staff)).filter((r) => r.active === true);
    const filterModel = { active: { filterType: 'boolean', type: 'equals', filter: true } };
    const sum = await run(staff, {
      entity: 'sales.customer',
      groupBy: 'customerType',
      measure: { op: 'sum', field: 'creditLimit' },
      filterModel,
    });
    expect(sum.status).toBe(200);
    const company = rows.filter((r) => r.customerType === 'company');
    const companySum = company.reduce((s, r) => s + Number(r.creditLimit ?? 0), 0);
    expect(sum.body.Data.rows.find((r) => r.key === 'company')?.value ?? 0).toBe(companySum);
    const avg = await run(staff, { entity: 'sales.customer', measure: { op: 'avg', field: 'creditLimit' } });
    const all = await allCustomers(staff);
    const withLimit = all.filter((r) => typeof r.creditLimit === 'number');
    const mean = withLimit.reduce((s, r) => s + Number(r.creditLimit), 0) / withLimit.length;
    expect(avg.body.Data.rows).toHaveLength(1);
    expect(avg.body.Data.rows[0]!.value).toBeCloseTo(mean, 1);
  });

  it('groups a date field by Jalali month', async () => {
    const rows = (await allCustomers(staff)).filter((r) => typeof r.registeredOn === 'string');
    const expected = new Map<string, number>();
    for (const r of rows) {
      const month = isoToJalali(String(r.registeredOn))!.slice(0, 7).replace('/', '-');
      expected.set(month, (expected.get(month) ?? 0) + 1);
    }
    const res = await run(staff, {
      entity: 'sales.customer',
      groupBy: 'registeredOn',
      measure: { op: 'count' },
    });
    const got = res.body.Data.rows.filter((r) => r.key !== null);
    expect(new Map(got.map((r) => [String(r.key), r.value]))).toEqual(expected);
    expect(got.map((r) => r.key)).toEqual([...expected.keys()].sort());
    const first = got[0]!;
    expect(first.label).toContain(String(first.key).slice(0, 4));
  });

  it('applies the customer row scope inside the query: a customer user counts only its own row', async () => {
    const staffRows = await run(staff, {
      entity: 'sales.customer',
      groupBy: 'city',
      measure: { op: 'count' },
    });
    const staffTotal = staffRows.body.Data.rows.reduce((s, r) => s + r.value, 0);
    expect(staffTotal).toBeGreaterThan(1);
    const own = await run(customer, { entity: 'sales.customer', groupBy: 'city', measure: { op: 'count' } });
    expect(own.status).toBe(200);
    expect(own.body.Data.rows).toHaveLength(1);
    expect(own.body.Data.rows[0]!.value).toBe(1);
    const mine = await allCustomers(customer);
    expect(own.body.Data.rows[0]!.key).toBe(mine[0]!.city);
  });

  it('403 without view on the entity; 400 on a field the entity does not have; 404 unknown entity', async () => {
    expect(
      (await run(vendor, { entity: 'sales.customer', groupBy: 'city', measure: { op: 'count' } })).status,
    ).toBe(403);
    const bad = await run(staff, {
      entity: 'sales.customer',
      groupBy: 'name;drop',
      measure: { op: 'count' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.ServerMessageTexts[0]?.FieldName).toBe('groupBy');
    const text = await run(staff, {
      entity: 'sales.customer',
      groupBy: 'city',
      measure: { op: 'sum', field: 'name' },
    });
    expect(text.status).toBe(400);
    expect(
      (await run(staff, { entity: 'sales.nothing', groupBy: 'x', measure: { op: 'count' } })).status,
    ).toBe(404);
  });

  it('a field hidden from the role can be neither grouped, measured nor filtered on, nor offered', async () => {
    const hide = { role: 'staff', entity: 'sales.customer', field: 'creditLimit', mode: 'hidden' };
    await app.ctx.db.insertInto('field_permissions').values(hide).execute();
    try {
      const sum = await run(staff, {
        entity: 'sales.customer',
        measure: { op: 'sum', field: 'creditLimit' },
      });
      expect(sum.status).toBe(400);
      const filtered = await run(staff, {
        entity: 'sales.customer',
        measure: { op: 'count' },
        filterModel: { creditLimit: { filterType: 'number', type: 'greaterThan', filter: 0 } },
      });
      expect(filtered.status).toBe(400);
      const entities = await call<{ key: string; fields: { name: string }[] }[]>(
        app,
        'Report/Entities',
        staff,
      );
      const fields = entities.body.Data.find((e) => e.key === 'sales.customer')!.fields.map((f) => f.name);
      expect(fields).toContain('city');
      expect(fields).not.toContain('creditLimit');
    } finally {
      await app.ctx.db.deleteFrom('field_permissions').where('role', '=', 'staff').execute();
    }
  });

  it('Dashboard: widgets with figures, only over entities the user may view', async () => {
    const dash = (token: string) => call<{ widgets: Widget[] }>(app, 'Report/Dashboard', token, {});
    const forStaff = await dash(staff);
    expect(forStaff.status).toBe(200);
    const customers = forStaff.body.Data.widgets.find((w) => w.id === 'customers');
    expect(customers?.value).toBe((await allCustomers(staff)).length);
    expect(forStaff.body.Data.widgets.some((w) => w.kind === 'pie' && (w.rows?.length ?? 0) > 0)).toBe(true);
    const forCustomer = await dash(customer);
    expect(forCustomer.body.Data.widgets.find((w) => w.id === 'customers')?.value).toBe(1);
    const perms = async (token: string, entity: string) => {
      const [module, name] = entity.split('.');
      const r = await call<{ view: boolean }>(app, 'Security/Permission/GetEntityPermissions', token, {
        module,
        name,
      });
      return r.body.Data?.view === true;
    };
    for (const w of forCustomer.body.Data.widgets) expect(await perms(customer, w.entity)).toBe(true);
    const forVendor = await dash(vendor);
    expect(forVendor.body.Data.widgets.some((w) => w.entity === 'sales.customer')).toBe(false);
  });

  it('GetAudit: who, when, field diff and a changed line, newest first; 403 without view', async () => {
    const list = await call<ListPage<Row>>(app, 'Accounting/Voucher/GetList', staff, {
      startRow: 0,
      endRow: 50,
    });
    const open = list.body.Data.rows.find((r) => String(r.date) >= '2026-03-21')!;
    const got = (await call<Row>(app, 'Accounting/Voucher/Get', staff, { id: open.id })).body.Data;
    const strip = (r: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(r).filter(
          ([k]) =>
            !['id', 'version', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy'].includes(k) &&
            !k.includes('__'),
        ),
      );
    const lines = (got.lines as Record<string, unknown>[]).map(strip);
    lines[0] = { ...lines[0], description: 'شرح ویرایش‌شده' };
    const values = { ...strip(got), description: 'سند ویرایش‌شده', lines };
    const upd = await call<Row>(app, 'Accounting/Voucher/Update', staff, {
      id: got.id,
      version: got.version,
      values,
    });
    expect(upd.status).toBe(200);
    const audit = await call<
      {
        at: string;
        user: { displayName: string } | null;
        action: string;
        diff: Record<string, [unknown, unknown]>;
        lines?: { changed: { child: string; index: number; diff: Record<string, [unknown, unknown]> }[] };
      }[]
    >(app, 'Accounting/Voucher/GetAudit', staff, { id: got.id });
    expect(audit.status).toBe(200);
    const [latest] = audit.body.Data;
    expect(latest?.action).toBe('update');
    expect(latest?.user?.displayName).toBe('کارشناس فروش');
    expect(latest?.diff.description).toEqual([got.description ?? null, 'سند ویرایش‌شده']);
    expect(latest?.lines?.changed).toEqual([
      {
        child: 'lines',
        index: 0,
        diff: { description: [(got.lines as Row[])[0]!.description ?? null, 'شرح ویرایش‌شده'] },
      },
    ]);
    expect(Date.parse(latest!.at)).toBeGreaterThan(Date.now() - 60_000);
    expect((await call(app, 'Accounting/Voucher/GetAudit', vendor, { id: got.id })).status).toBe(403);
    // the audit trail screen lists the write, read-only even for the admin
    const trail = await call<ListPage<Row>>(app, 'Management/AuditLog/GetList', admin, {
      startRow: 0,
      endRow: 5,
      filterModel: { entityKey: { filterType: 'text', type: 'equals', filter: 'accounting.voucher' } },
    });
    expect(trail.status).toBe(200);
    expect(trail.body.Data.rows[0]).toMatchObject({
      rowId: got.id,
      action: 'update',
      userName: 'کارشناس فروش',
    });
    const write = await call(app, 'Management/AuditLog/Delete', admin, {
      id: trail.body.Data.rows[0]!.id,
      version: 1,
    });
    expect(write.status).toBe(403);
    expect((await call(app, 'Management/AuditLog/GetList', staff, {})).status).toBe(403);
  });
});
