/**
 * The list print's rows (POST /api/{Module}/{Entity}/Print/List, server/print/listPrint.ts) and the
 * company logo of the print header (the settings' image field, server/print/company.ts) on both
 * databases: a customer's and a vendor's list print hold their own rows only (row scope, as GetList),
 * a field hidden from the role is not printed, the print permission is needed; the filter, sort and
 * asked columns are the grid's. The logo: only the admin uploads it, only an image of at most
 * 512 KB; Print/Company answers it to any signed-in user as a data URL and the PDF embeds it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EntityRow } from '../../runtime/shared/definition';
import type { ListPage as Page } from '../../runtime/shared/envelope';
import type { PrintCompany } from '../../runtime/shared/printFormat';
import { LOGO_MAX_BYTES } from '../../runtime/shared/printFormat';
import type { ListPrintAnswer } from '../../runtime/shared/print/listSheet';
import { MAX_LIST_PRINT_ROWS } from '../../server/print/listPrint';
import { chromiumPath } from '../../server/print/pdf';
import { DIALECTS, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

type Row = EntityRow & Record<string, unknown>;

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const ALL = { view: true, create: true, edit: true, delete: true, export: true, print: true };

describe.each(DIALECTS)('list print and company logo on %s', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  const tok: Record<string, string> = {};

  const printList = (who: string | null, path: string, body: unknown) =>
    call<ListPrintAnswer>(app, `${path}/Print/List`, who ? tok[who]! : null, body);
  const upload = (who: string, content: Buffer) =>
    app.inject({
      method: 'POST',
      url: '/api/Attachments/Upload/SystemConfig/Setting/image',
      headers: {
        'content-type': 'application/octet-stream',
        authorization: `Bearer ${tok[who]}`,
        'x-file-name': encodeURIComponent('نشان.png'),
        'x-file-type': 'image/png',
      },
      payload: content,
    });

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url, { demoVolume: 'small' });
    for (const u of ['admin', 'staff', 'customer', 'vendor']) tok[u] = (await signIn(app, u)).access_token;
  }, 240_000);
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  it("prints the rows the grid's filter and sort select, in the asked columns", async () => {
    const all = await call<Page<Row>>(app, 'Sales/Customer/GetList', tok.admin!, {
      startRow: 0,
      endRow: 500,
    });
    const res = await printList('admin', 'Sales/Customer', {
      sortModel: [{ colId: 'name', sort: 'desc' }],
      columns: ['code', 'name', 'customerGroup', 'creditLimit', 'nope'],
    });
    expect(res.status).toBe(200);
    const answer = res.body.Data;
    expect(answer.max).toBe(MAX_LIST_PRINT_ROWS);
    expect(answer.total).toBe(all.body.Data.lastRow);
    expect(answer.rows).toHaveLength(answer.total);
    expect(answer.columns).toEqual(['code', 'name', 'customerGroup', 'creditLimit']);
    // only the asked columns (and lookups' texts) are answered
    for (const r of answer.rows)
      for (const k of Object.keys(r))
        expect(['id', 'code', 'name', 'customerGroup', 'customerGroup__display', 'creditLimit']).toContain(k);
    // in the grid's order: as GetList sorts the same request
    const sorted = await call<Page<Row>>(app, 'Sales/Customer/GetList', tok.admin!, {
      startRow: 0,
      endRow: 500,
      sortModel: [{ colId: 'name', sort: 'desc' }],
    });
    expect(answer.rows.map((r) => r.id)).toEqual(sorted.body.Data.rows.map((r) => r.id));
    // a filter narrows it as the grid's does
    const first = answer.rows[0]!;
    const one = await printList('admin', 'Sales/Customer', {
      filterModel: { code: { filterType: 'text', type: 'equals', filter: first.code } },
    });
    expect(one.body.Data.rows.map((r) => r.id)).toEqual([first.id]);
    expect(one.body.Data.total).toBe(1);
  });

  it("a customer's and a vendor's list print hold their own rows only", async () => {
    const adminAll = await printList('admin', 'Treasury/Cheque', {});
    for (const who of ['customer', 'vendor']) {
      const own = await call<Page<Row>>(app, 'Treasury/Cheque/GetList', tok[who]!, {
        startRow: 0,
        endRow: 500,
      });
      const res = await printList(who, 'Treasury/Cheque', {
        columns: ['number', 'customer', 'vendor', 'amount'],
      });
      expect(res.status, who).toBe(200);
      const ids = res.body.Data.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
      expect(ids.length, who).toBeGreaterThan(0);
      expect(ids, who).toEqual(own.body.Data.rows.map((r) => r.id).sort((a, b) => a - b));
      expect(res.body.Data.total, who).toBeLessThan(adminAll.body.Data.total);
    }
    // the vendor's purchase orders: as its GetList, fewer than all
    const ownOrders = await call<Page<Row>>(app, 'SupplyChain/PurchaseOrder/GetList', tok.vendor!, {
      startRow: 0,
      endRow: 500,
    });
    const orders = (await printList('vendor', 'SupplyChain/PurchaseOrder', { columns: ['vendor'] })).body
      .Data;
    expect(orders.rows.map((r) => r.id)).toEqual(ownOrders.body.Data.rows.map((r) => r.id));
    expect(orders.total).toBeLessThan(
      (await printList('admin', 'SupplyChain/PurchaseOrder', {})).body.Data.total,
    );
  });

  it('needs the print permission and a session', async () => {
    expect((await printList('customer', 'Sales/Invoice', {})).status).toBe(403);
    expect((await printList('vendor', 'Sales/Customer', {})).status).toBe(403);
    expect((await printList(null, 'Sales/Customer', {})).status).toBe(401);
    expect((await printList('admin', 'Sales/Customer', { columns: 'name' })).status).toBe(400);
  });

  it('does not print a field hidden from the role, nor filter or sort by it', async () => {
    const saved = await call(app, 'Security/Permission/Save', tok.admin!, {
      role: 'staff',
      entities: [{ key: 'sales.customer', permissions: ALL, fields: { creditLimit: 'hidden' } }],
    });
    expect(saved.status).toBe(200);
    const res = await printList('staff', 'Sales/Customer', { columns: ['name', 'creditLimit'] });
    expect(res.status).toBe(200);
    expect(res.body.Data.columns).toEqual(['name']);
    expect(res.body.Data.rows.length).toBeGreaterThan(0);
    for (const r of res.body.Data.rows) expect(r).not.toHaveProperty('creditLimit');
    // asking for it anyway, or narrowing by it, tells nothing: refused like GetList refuses it
    const probe = await printList('staff', 'Sales/Customer', {
      filterModel: { creditLimit: { filterType: 'number', type: 'greaterThan', filter: 0 } },
    });
    const list = await call(app, 'Sales/Customer/GetList', tok.staff!, {
      filterModel: { creditLimit: { filterType: 'number', type: 'greaterThan', filter: 0 } },
    });
    expect(probe.status).toBe(list.status);
  });

  it('takes the company logo from the admin only, an image of at most 512 KB', async () => {
    // staff may not write settings (writes: admin)
    expect((await upload('staff', PNG)).statusCode).toBe(403);
    expect((await upload('customer', PNG)).statusCode).toBe(403);
    // not an image (whatever the name and claimed type say)
    expect((await upload('admin', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).statusCode).toBe(
      400,
    );
    // an image bigger than the logo's limit
    const big = Buffer.concat([PNG, Buffer.alloc(LOGO_MAX_BYTES)]);
    expect((await upload('admin', big)).statusCode).toBe(413);
    // without a logo the header has none
    expect((await call<PrintCompany>(app, 'Print/Company', tok.customer!)).body.Data.logo).toBeUndefined();
    const res = await upload('admin', PNG);
    expect(res.statusCode, res.body).toBe(200);
    const id = (res.json() as { Data: { id: number } }).Data.id;
    const created = await call(app, 'SystemConfig/Setting/Create', tok.admin!, {
      values: { key: 'company.logo', image: String(id) },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    // any signed-in user gets it in the header (a customer printing its cheque), nobody else
    const company = await call<PrintCompany>(app, 'Print/Company', tok.customer!);
    expect(company.body.Data.logo).toBe(`data:image/png;base64,${PNG.toString('base64')}`);
    expect(company.body.Data.name).toBeTruthy();
    expect((await call(app, 'Print/Company', null)).status).toBe(401);
  });

  it('embeds the logo in the PDF', async () => {
    if (!chromiumPath()) return;
    const cheques = (await printList('customer', 'Treasury/Cheque', { columns: ['number'] })).body.Data.rows;
    const res = await app.inject({
      method: 'POST',
      url: '/api/Treasury/Cheque/Print/Pdf',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tok.customer}` },
      payload: JSON.stringify({ ids: [cheques[0]!.id] }),
    });
    expect(res.statusCode).toBe(200);
    const file = join(mkdtempSync(join(tmpdir(), 'print-logo-')), 'cheque.pdf');
    writeFileSync(file, res.rawPayload);
    const images = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .slice(2);
    expect(images.length).toBeGreaterThan(0);
  });
});
