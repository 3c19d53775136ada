/**
 * Field permissions on child-table (line) fields, `{child}.{field}` in field_permissions
 * (docs/lowcode-api.md), on SQLite and PostgreSQL: a hidden invoice line `unitPrice` (and the
 * line `amount` computed from it) is left out of GetDefinition, Get, Update answers and GetAudit,
 * and refused on its cell when sent; a read-only one keeps its stored value on Update and is
 * ignored on Create; line and document totals are computed by the server from the stored values.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EntityDefinition, EntityRow } from '../../runtime/shared/definition';
import type { ListPage } from '../../runtime/shared/envelope';
import type { AuditEntry } from '../../runtime/shared/reports';
import { DIALECTS, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

type Line = Record<string, unknown>;
type Invoice = EntityRow & { lines: Line[]; total: number };

const ALL = { view: true, create: true, edit: true, delete: true, export: true, print: true };
const PERSIAN = /[\u0600-\u06FF]/;

/** An API row as Update values: system fields left out. */
function valuesOf(row: EntityRow): Record<string, unknown> {
  const { id, version, createdAt, updatedAt, createdBy, updatedBy, ...values } = row;
  void [id, version, createdAt, updatedAt, createdBy, updatedBy];
  return values;
}

describe.each(DIALECTS)('line field permissions on %s', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  let admin = '';
  let staff = '';
  let invoiceId = 0;
  let otherId = 0;

  const setModes = (fields: Record<string, string>) =>
    call(app, 'Security/Permission/Save', admin, {
      role: 'staff',
      entities: [{ key: 'sales.invoice', permissions: ALL, fields }],
    });
  const get = async (token: string) =>
    (await call<Invoice>(app, 'Sales/Invoice/Get', token, { id: invoiceId })).body.Data;
  const update = (token: string, row: EntityRow, values: Record<string, unknown>) =>
    call<Invoice>(app, 'Sales/Invoice/Update', token, { id: row.id, version: row.version, values });

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url);
    admin = (await signIn(app, 'admin')).access_token;
    staff = (await signIn(app, 'staff')).access_token;
    const list = await call<ListPage<EntityRow>>(app, 'Sales/Invoice/GetList', admin, {
      startRow: 0,
      endRow: 2,
    });
    invoiceId = list.body.Data.rows[0]!.id;
    otherId = list.body.Data.rows[1]!.id;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  it('the admin API takes line fields as {child}.{field} and refuses unknown ones', async () => {
    for (const bad of ['lines.nope', 'nope.unitPrice', 'lines.', 'lines.unitPrice.x'])
      expect((await setModes({ [bad]: 'hidden' })).status, bad).toBe(400);
    expect((await setModes({ 'lines.unitPrice': 'hidden' })).status).toBe(200);
    const perms = await call<{ entities: { key: string; fields: Record<string, string> }[] }>(
      app,
      'Security/Permission/Get',
      admin,
      { role: 'staff' },
    );
    expect(perms.body.Data.entities.find((e) => e.key === 'sales.invoice')?.fields).toEqual({
      'lines.unitPrice': 'hidden',
    });
  });

  it('a hidden line field and the fields computed from it never reach the role', async () => {
    expect((await setModes({ 'lines.unitPrice': 'hidden' })).status).toBe(200);
    const def = (
      await call<EntityDefinition>(app, 'Meta/Entity/GetDefinition', staff, {
        module: 'sales',
        name: 'invoice',
      })
    ).body.Data;
    const lines = def.children!.lines!;
    // the pro-forma line a line came from, what was returned of it (docs/chain.md), and the line's
    // VAT code and rate stay; its VAT and own discount are shares of its amount: hidden with it (docs/tax.md)
    expect(Object.keys(lines.schema.properties)).toEqual([
      'item',
      'description',
      'quantity',
      'sourceLine',
      'returnedQuantity',
      'taxCode',
      'taxRate',
    ]);
    expect(lines.fields).not.toHaveProperty('unitPrice');
    expect(lines.fields).not.toHaveProperty('amount');
    expect(lines.fields).not.toHaveProperty('tax');
    expect(lines.schema.required).toEqual(['item', 'quantity']);
    expect(lines.rules?.computed ?? {}).not.toHaveProperty('amount');
    // the document total reads the lines: the server's value, not computed in the browser
    expect(def.rules?.computed ?? {}).not.toHaveProperty('total');
    expect(def.schema.properties.total?.readOnly).toBe(true);
    expect(def.schema.properties.total).toBeDefined();
    // the admin still gets everything
    const full = (
      await call<EntityDefinition>(app, 'Meta/Entity/GetDefinition', admin, {
        module: 'sales',
        name: 'invoice',
      })
    ).body.Data;
    expect(full.children!.lines!.schema.properties).toHaveProperty('unitPrice');
    expect(full.rules?.computed).toHaveProperty('total');

    const seen = await get(staff);
    expect(seen.lines.length).toBeGreaterThan(0);
    for (const l of seen.lines) {
      expect(l).not.toHaveProperty('unitPrice');
      expect(l).not.toHaveProperty('amount');
      expect(l).not.toHaveProperty('tax');
      expect(l).toHaveProperty('quantity');
    }
    expect(seen.total).toBe((await get(admin)).total);
  });

  it('a hidden line field sent is refused on its cell; one not sent keeps its stored value', async () => {
    expect((await setModes({ 'lines.unitPrice': 'hidden' })).status).toBe(200);
    const before = await get(admin);
    const seen = await get(staff);
    const sent = valuesOf(seen);
    const refused = await update(staff, seen, {
      ...sent,
      lines: [seen.lines[0], { ...seen.lines[0], id: undefined, unitPrice: 5 }],
    });
    expect(refused.status).toBe(417);
    expect(refused.body.TableMessageTexts).toEqual([
      {
        TableName: 'lines',
        RowIndex: 1,
        FieldName: 'unitPrice',
        Key: 'errors.FieldNotWritable',
        Params: {},
        Message: expect.stringMatching(PERSIAN),
      },
    ]);
    const amountSent = await update(staff, seen, { ...sent, lines: [{ ...seen.lines[0], amount: 1 }] });
    expect(amountSent.status).toBe(417);
    expect(amountSent.body.TableMessageTexts?.[0]).toMatchObject({ RowIndex: 0, FieldName: 'amount' });

    const quantity = Number(seen.lines[0]!.quantity) + 2;
    const lines = seen.lines.map((l, i) => (i === 0 ? { ...l, quantity } : l));
    const saved = await update(staff, seen, { ...sent, lines });
    expect(saved.status).toBe(200);
    for (const l of saved.body.Data.lines) expect(l).not.toHaveProperty('unitPrice');
    const after = await get(admin);
    // same lines (ids kept), the hidden price kept, amount and total computed from it
    expect(after.lines.map((l) => l.id)).toEqual(before.lines.map((l) => l.id));
    expect(after.lines.map((l) => l.unitPrice)).toEqual(before.lines.map((l) => l.unitPrice));
    const price = Number(before.lines[0]!.unitPrice);
    expect(after.lines[0]).toMatchObject({ quantity, amount: Math.round(quantity * price) });
    expect(after.total).toBe(after.lines.reduce((s, l) => s + Number(l.amount), 0));
    expect(after.total).toBe(before.total + Math.round(quantity * price) - Number(before.lines[0]!.amount));
  });

  it('the audit of line changes leaves the hidden line fields out', async () => {
    expect((await setModes({ 'lines.unitPrice': 'hidden' })).status).toBe(200);
    const row = await get(admin);
    const lines = row.lines.map((l, i) => (i === 0 ? { ...l, unitPrice: Number(l.unitPrice) + 1000 } : l));
    expect((await update(admin, row, { ...valuesOf(row), lines })).status).toBe(200);
    const audit = async (token: string) =>
      (await call<AuditEntry[]>(app, 'Sales/Invoice/GetAudit', token, { id: invoiceId })).body.Data;
    const full = await audit(admin);
    expect(full[0]!.lines?.changed[0]?.diff).toHaveProperty('unitPrice');
    const seen = await audit(staff);
    expect(seen.length).toBe(full.length);
    // the price change (with its amount) is all that changed on that line: nothing of it is left
    expect(seen[0]!.lines?.changed ?? []).toEqual([]);
    for (const entry of seen) {
      for (const c of entry.lines?.changed ?? []) expect(Object.keys(c.diff)).not.toContain('unitPrice');
      for (const a of [...(entry.lines?.added ?? []), ...(entry.lines?.removed ?? [])]) {
        expect(a.values).not.toHaveProperty('unitPrice');
        expect(a.values).not.toHaveProperty('amount');
      }
    }
    expect(seen.some((e) => (e.lines?.changed ?? []).some((c) => 'quantity' in c.diff))).toBe(true);
  });

  it('a read-only line field keeps its stored value on Update and is ignored on Create', async () => {
    const modes = { 'lines.unitPrice': 'readOnly', 'lines.description': 'readOnly' };
    expect((await setModes(modes)).status).toBe(200);
    const def = (
      await call<EntityDefinition>(app, 'Meta/Entity/GetDefinition', staff, {
        module: 'sales',
        name: 'invoice',
      })
    ).body.Data;
    const props = def.children!.lines!.schema.properties;
    expect(props.unitPrice?.readOnly).toBe(true);
    expect(props.description?.readOnly).toBe(true);
    expect(props.quantity?.readOnly).toBeUndefined();
    expect(def.rules?.computed).toHaveProperty('total');

    const before = await get(admin);
    const seen = await get(staff);
    expect(seen.lines[0]).toHaveProperty('unitPrice');
    const quantity = Number(seen.lines[0]!.quantity) + 1;
    const changed = { ...seen.lines[0], quantity, unitPrice: 1, description: 'تغییر' };
    const saved = await update(staff, seen, { ...valuesOf(seen), lines: [changed, ...seen.lines.slice(1)] });
    expect(saved.status).toBe(200);
    const after = await get(admin);
    const price = Number(before.lines[0]!.unitPrice);
    expect(after.lines[0]).toMatchObject({
      quantity,
      unitPrice: price,
      amount: Math.round(quantity * price),
    });
    expect(after.lines[0]!.description).toBe(before.lines[0]!.description);
    expect(after.total).toBe(after.lines.reduce((s, l) => s + Number(l.amount), 0));

    // a new line (no stored id) gets no value from the client: unitPrice is required
    const added = await update(staff, after, {
      ...valuesOf(after),
      lines: [...after.lines, { item: after.lines[0]!.item, quantity: 1, unitPrice: 10 }],
    });
    expect(added.status).toBe(417);
    expect(added.body.TableMessageTexts).toEqual([
      expect.objectContaining({ TableName: 'lines', RowIndex: after.lines.length, FieldName: 'unitPrice' }),
    ]);

    expect((await setModes({ 'lines.description': 'readOnly' })).status).toBe(200);
    const created = await call<Invoice>(app, 'Sales/Invoice/Create', staff, {
      values: {
        ...valuesOf(before),
        number: `T-${dialect}`,
        lines: [
          {
            id: before.lines[0]!.id,
            item: before.lines[0]!.item,
            quantity: 2,
            unitPrice: 300,
            description: 'x',
          },
        ],
      },
    });
    expect(created.status).toBe(200);
    const line = created.body.Data.lines[0]!;
    expect(line).toMatchObject({ quantity: 2, unitPrice: 300, amount: 600 });
    expect(line).not.toHaveProperty('description');
    // a line id sent on Create names nothing: the line gets its own
    expect(line.id).not.toBe(before.lines[0]!.id);
    expect(created.body.Data.total).toBe(600);
  });

  it('a line keeps its id only when it names a stored line of the same document', async () => {
    const row = await get(admin);
    const other = (await call<Invoice>(app, 'Sales/Invoice/Get', admin, { id: otherId })).body.Data;
    const stolen = { ...other.lines[0]!, item: row.lines[0]!.item };
    const bad = await update(admin, row, { ...valuesOf(row), lines: [{ ...row.lines[0], id: 'x' }] });
    expect(bad.status).toBe(400);
    const saved = await update(admin, row, { ...valuesOf(row), lines: [row.lines[0], stolen, row.lines[0]] });
    expect(saved.status).toBe(200);
    const ids = saved.body.Data.lines.map((l) => l.id);
    expect(ids[0]).toBe(row.lines[0]!.id);
    expect(new Set(ids).size).toBe(3);
    expect(ids).not.toContain(other.lines[0]!.id);
    const untouched = (await call<Invoice>(app, 'Sales/Invoice/Get', admin, { id: otherId })).body.Data;
    expect(untouched.lines).toEqual(other.lines);
    expect((await update(admin, saved.body.Data, { ...valuesOf(row), lines: row.lines })).status).toBe(200);
  });

  it('a server action answering the document (payroll Compute) leaves hidden line fields out', async () => {
    const saved = await call(app, 'Security/Permission/Save', admin, {
      role: 'staff',
      entities: [{ key: 'salary.payrollRun', permissions: ALL, fields: { 'lines.baseSalary': 'hidden' } }],
    });
    expect(saved.status).toBe(200);
    const run = await call<EntityRow>(app, 'Salary/PayrollRun/Create', staff, {
      values: { title: 'آزمون', year: 1405, month: 8, startDate: '2026-10-23', endDate: '2026-11-21' },
    });
    expect(run.status).toBe(200);
    const computed = await call<EntityRow & { lines: Line[] }>(app, 'Salary/PayrollRun/Compute', staff, {
      id: run.body.Data.id,
      version: run.body.Data.version,
    });
    expect(computed.status).toBe(200);
    expect(computed.body.Data.lines.length).toBeGreaterThan(0);
    for (const l of computed.body.Data.lines) {
      expect(l).toHaveProperty('employee');
      expect(l).not.toHaveProperty('baseSalary');
    }
    const full = await call<EntityRow & { lines: Line[] }>(app, 'Salary/PayrollRun/Get', admin, {
      id: run.body.Data.id,
    });
    expect(full.body.Data.lines[0]).toHaveProperty('baseSalary');
  });
});
