/**
 * Grids for daily work (issue #22), on SQLite and PostgreSQL: GetList's footer totals (row count
 * and exact money sums over the filtered rows, row scope and field permissions applied), quick
 * search (`q`) over the grid's readable text fields, and `ids` (the ticked rows, for export
 * selected).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { EntityRow } from '../../runtime/shared/definition';
import type { ListPage } from '../../runtime/shared/envelope';
import { DIALECTS, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

const ALL = { view: true, create: true, edit: true, delete: true, export: true, print: true };

describe.each(DIALECTS)('grid totals, quick search and selection on %s', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  let admin = '';
  let staff = '';
  let vendor = '';

  const list = (path: string, token: string, body: Record<string, unknown> = {}) =>
    call<ListPage<EntityRow>>(app, path, token, { startRow: 0, endRow: 1000, ...body });
  /** Every row a list selects, read page by page. */
  const everyRow = async (path: string, token: string, body: Record<string, unknown> = {}) => {
    const out: EntityRow[] = [];
    for (let start = 0; ; start += 1000) {
      const page = await list(path, token, { ...body, startRow: start, endRow: start + 1000 });
      expect(page.status).toBe(200);
      out.push(...page.body.Data.rows);
      if (page.body.Data.rows.length < 1000) return out;
    }
  };
  const sumOf = (rows: EntityRow[], field: string) =>
    String(rows.reduce((s, r) => s + BigInt((r[field] as number | null) ?? 0), 0n));
  const grant = (key: string, fields: Record<string, string> = {}) =>
    call(app, 'Security/Permission/Save', admin, {
      role: 'staff',
      entities: [{ key, permissions: ALL, fields }],
    });

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url);
    admin = (await signIn(app, 'admin')).access_token;
    staff = (await signIn(app, 'staff')).access_token;
    vendor = (await signIn(app, 'vendor')).access_token;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  it('answers the count and money sums over the filtered rows only when asked', async () => {
    const plain = await list('Sales/Invoice/GetList', admin, { endRow: 10 });
    expect(plain.body.Data.totals).toBeUndefined();
    const all = await everyRow('Sales/Invoice/GetList', admin);
    const res = await list('Sales/Invoice/GetList', admin, { endRow: 10, totals: true });
    expect(res.status).toBe(200);
    const totals = res.body.Data.totals!;
    expect(totals.count).toBe(all.length);
    expect(res.body.Data.lastRow).toBe(all.length);
    expect(totals.sums).toEqual({
      total: sumOf(all, 'total'),
      discount: sumOf(all, 'discount'),
      tax: sumOf(all, 'tax'),
      grandTotal: sumOf(all, 'grandTotal'),
      openAmount: sumOf(all, 'openAmount'),
    });
    // over the filtered rows
    const median = [...all].map((r) => r.grandTotal as number).sort((a, b) => a - b)[all.length >> 1]!;
    const filterModel = { grandTotal: { filterType: 'number', type: 'greaterThan', filter: median } };
    const some = await everyRow('Sales/Invoice/GetList', admin, { filterModel });
    expect(some.length).toBeGreaterThan(0);
    expect(some.length).toBeLessThan(all.length);
    const filtered = await list('Sales/Invoice/GetList', admin, { endRow: 10, totals: true, filterModel });
    expect(filtered.body.Data.totals).toEqual({
      count: some.length,
      sums: {
        total: sumOf(some, 'total'),
        discount: sumOf(some, 'discount'),
        tax: sumOf(some, 'tax'),
        grandTotal: sumOf(some, 'grandTotal'),
        openAmount: sumOf(some, 'openAmount'),
      },
    });
    expect((await list('Sales/Invoice/GetList', admin, { totals: 'yes' })).status).toBe(400);
  });

  it('a money field hidden from the role has no total', async () => {
    expect((await grant('sales.invoice', { grandTotal: 'hidden' })).status).toBe(200);
    const res = await list('Sales/Invoice/GetList', staff, { endRow: 5, totals: true });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.Data.totals!.sums).sort()).toEqual([
      'discount',
      'openAmount',
      'tax',
      'total',
    ]);
    expect(JSON.stringify(res.body.Data)).not.toContain('"grandTotal"');
    expect((await grant('sales.invoice')).status).toBe(200);
  });

  it('totals of a party user cover its own rows only (row scope)', async () => {
    const own = await everyRow('SupplyChain/PurchaseOrder/GetList', vendor);
    const all = await everyRow('SupplyChain/PurchaseOrder/GetList', admin);
    expect(own.length).toBeLessThan(all.length);
    const res = await list('SupplyChain/PurchaseOrder/GetList', vendor, { endRow: 5, totals: true });
    expect(res.status).toBe(200);
    expect(res.body.Data.totals).toEqual({ count: own.length, sums: { total: sumOf(own, 'total') } });
  });

  it('money sums stay exact past 2^53', async () => {
    const entity = app.ctx.registry.byEntityKey('marketing.campaign')!;
    const rows = await everyRow('Marketing/Campaign/GetList', admin);
    expect(rows.length).toBeGreaterThan(1);
    const big = 2 ** 53 - 1;
    const ids = rows.slice(0, 2).map((r) => r.id as number);
    await sql`update ${sql.table(entity.table)} set budget = ${big} where id in (${sql.join(ids)})`.execute(
      app.ctx.db,
    );
    const res = await list('Marketing/Campaign/GetList', admin, { endRow: 5, totals: true, ids });
    expect(res.body.Data.totals).toEqual({ count: 2, sums: { budget: String(2n * BigInt(big)) } });
  });

  it('quick search finds rows by any readable text field, letters and digits normalised', async () => {
    const customers = await everyRow('Sales/Customer/GetList', admin);
    const target = customers.find((c) => typeof c.name === 'string' && /[یک]/.test(c.name))!;
    const name = target.name as string;
    // typed with Arabic yeh/kaf: found as the stored Persian letters
    const arabic = name.replace(/ی/g, 'ي').replace(/ک/g, 'ك');
    const byName = await everyRow('Sales/Customer/GetList', admin, { q: arabic });
    expect(byName.map((r) => r.id)).toContain(target.id);
    for (const row of byName) expect(JSON.stringify(row)).toContain(name);
    // the code typed in Persian digits
    const code = String(target.code);
    const persian = code.replace(/\d/g, (d) => String.fromCharCode(0x06f0 + Number(d)));
    const byCode = await everyRow('Sales/Customer/GetList', admin, { q: persian });
    expect(byCode.map((r) => r.id)).toContain(target.id);
    // two words: both must be found (name and city)
    const city = target.city as string;
    const both = await everyRow('Sales/Customer/GetList', admin, { q: `${name.split(' ')[0]} ${city}` });
    expect(both.map((r) => r.id)).toContain(target.id);
    for (const row of both) expect(row.city).toBe(city);
    // with totals: the count of the found rows
    const counted = await list('Sales/Customer/GetList', admin, { endRow: 1, q: arabic, totals: true });
    expect(counted.body.Data.totals!.count).toBe(byName.length);
    // LIKE wildcards are taken literally
    expect(await everyRow('Sales/Customer/GetList', admin, { q: '%' })).toEqual([]);
    expect(await everyRow('Sales/Customer/GetList', admin, { q: '   ' })).toHaveLength(customers.length);
  });

  it('quick search does not look into fields hidden from the role, and refuses a bad q', async () => {
    const customers = await everyRow('Sales/Customer/GetList', admin);
    const target = customers.find((c) => typeof c.mobile === 'string' && c.mobile !== '')!;
    const mobile = target.mobile as string;
    expect((await everyRow('Sales/Customer/GetList', staff, { q: mobile })).map((r) => r.id)).toContain(
      target.id,
    );
    expect((await grant('sales.customer', { mobile: 'hidden' })).status).toBe(200);
    expect(await everyRow('Sales/Customer/GetList', staff, { q: mobile })).toEqual([]);
    expect((await grant('sales.customer')).status).toBe(200);
    for (const q of [12, { a: 1 }, 'x'.repeat(101), 'a b c d e f']) {
      const res = await list('Sales/Customer/GetList', admin, { q });
      expect(res.status).toBe(400);
      expect(res.body.ServerMessageTexts.map((m) => m.FieldName)).toEqual(['q']);
    }
  });

  it('ids keeps only the ticked rows the caller may read, on GetList and Export', async () => {
    const own = await everyRow('SupplyChain/PurchaseOrder/GetList', vendor);
    const all = await everyRow('SupplyChain/PurchaseOrder/GetList', admin);
    const other = all.find((r) => !own.some((o) => o.id === r.id))!;
    const ids = [own[0]!.id as number, other.id as number];
    const res = await list('SupplyChain/PurchaseOrder/GetList', vendor, { ids });
    expect(res.body.Data.rows.map((r) => r.id)).toEqual([own[0]!.id]);
    const exported = await app.inject({
      method: 'POST',
      url: '/api/SupplyChain/PurchaseOrder/Export',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      payload: JSON.stringify({ format: 'csv', sortModel: [], filterModel: {}, ids }),
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.body.trim().split(/\r?\n/)).toHaveLength(3); // header and two rows
    for (const bad of [[], [0], ['1'], [1.5], Array.from({ length: 1001 }, (_, i) => i + 1)]) {
      const r = await list('SupplyChain/PurchaseOrder/GetList', admin, { ids: bad });
      expect(r.status).toBe(400);
    }
  });
});
