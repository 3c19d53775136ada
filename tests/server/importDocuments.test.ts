/**
 * Import of documents with lines (docs/import.md), on SQLite and PostgreSQL: the template offers
 * both forms (one sheet with a document key, and a lines sheet); two sheets (documents, then lines
 * naming their document's key) previewed with problems per sheet and row, written through the job
 * path and never twice when the job is cut short and run again; opening balances (a voucher,
 * balanced; an unbalanced one refused on its row, nothing written) and opening stock (a stock
 * document with lines, finalised: the stock balance report shows it) through the same path; a
 * running job cancelled; old finished jobs' files dropped.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EntityRow } from '../../runtime/shared/definition';
import type { ImportJobAnswer, ImportOptions, ImportPreviewAnswer } from '../../runtime/shared/imports';
import type { ReportResult } from '../../runtime/shared/reportDefinition';
import type { Untyped } from '../../server/db/untyped';
import type { CurrentUser } from '../../server/context';
import { IMPORT_BATCH, cleanupJobs, createJob, runJob } from '../../server/imports/run';
import { DIALECTS, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

type Row = EntityRow & Record<string, unknown>;
type Sheet = { name: string; rows: ExcelJS.CellValue[][] };

async function workbook(sheets: Sheet[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  for (const s of sheets) {
    const ws = book.addWorksheet(s.name);
    for (const r of s.rows) ws.addRow(r);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
const csv = (lines: string[]) => Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
const b64 = (data: Buffer) => data.toString('base64');

describe.each(DIALECTS)('import of documents on %s', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  let admin = '';
  let staff = '';
  let sql: Untyped;
  let adminUser: CurrentUser;
  let serial = 0;
  const tag = (prefix: string) => `${prefix}${dialect.slice(0, 2)}${++serial}`;

  const start = (who: string, body: Partial<ImportOptions> & { entity: string; content: string }) =>
    call<ImportJobAnswer>(app, 'Import/Run', who, { fileName: 'f.xlsx', mode: 'insert', ...body });
  const waitFor = async (who: string, id: string) => {
    for (let i = 0; i < 600; i++) {
      const s = await call<ImportJobAnswer>(app, 'Import/Status', who, { id });
      expect(s.status).toBe(200);
      if (s.body.Data.status !== 'running') return s.body.Data;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the job did not end');
  };
  const runImport = async (
    who: string,
    body: Partial<ImportOptions> & { entity: string; content: string },
  ) => {
    const res = await start(who, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return waitFor(who, res.body.Data.id);
  };
  const codes = async (table: string, n: number, where?: [string, unknown]) => {
    let q = sql.selectFrom(table).select(['id', 'code', 'name']).orderBy('id').limit(n);
    if (where) q = q.where(where[0], '=', where[1]);
    return (await q.execute()) as { id: unknown; code: string; name: string }[];
  };
  const tableOf = (key: string) => app.ctx.registry.byEntityKey(key)!.table;
  const byDescription = async (key: string, prefix: string) =>
    (await sql
      .selectFrom(tableOf(key))
      .selectAll()
      .where('description', 'like', `${prefix}%`)
      .orderBy('description')
      .execute()) as Row[];
  const linesOf = async (key: string, parent: unknown, cols: string[]) =>
    (await sql
      .selectFrom(`${tableOf(key)}__lines`)
      .select(cols)
      .where('parent_id', '=', parent)
      .orderBy('line_no')
      .execute()) as Record<string, unknown>[];

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url, { demoVolume: 'small' });
    sql = app.ctx.db as unknown as Untyped;
    admin = (await signIn(app, 'admin')).access_token;
    staff = (await signIn(app, 'staff')).access_token;
    const row = await app.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    adminUser = {
      id: Number(row.id),
      username: 'admin',
      displayName: '',
      role: 'admin',
      isVendor: false,
      isCustomer: false,
      partyId: null,
      pwdChange: false,
    };
  }, 240_000);
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  it('the template of a document type offers both forms: the key column, a lines sheet, and the notes say how', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/Import/Template',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ entity: 'sales.invoice' }),
    });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['داده‌ها', 'اقلام', 'راهنما']);
    const headers = (n: number) => (book.worksheets[n]!.getRow(1).values as unknown[]).slice(1);
    expect(headers(0)[0]).toBe('کلید سند');
    expect(headers(0)).toContain('مشتری*');
    expect(headers(1)[0]).toBe('کلید سند');
    expect(headers(1).every((h, i) => i === 0 || String(h).includes('('))).toBe(true);
    const notes = JSON.stringify(book.worksheets[2]!.getSheetValues());
    expect(notes).toContain('اقلام در دو برگه');
    expect(notes).toContain('اقلام در یک برگه');
    // filled in as it is, both sheets map back: the key on each, the lines sheet found
    const p = await call<ImportPreviewAnswer>(app, 'Import/Preview', admin, {
      entity: 'sales.invoice',
      fileName: 't.xlsx',
      content: b64(Buffer.from(res.rawPayload)),
      mode: 'insert',
    });
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    expect(p.body.Data.mapping['0']).toBe('#doc');
    expect(p.body.Data.sheets.map((s) => s.name)).toEqual(['اقلام', 'راهنما']);
    expect(Object.keys(p.body.Data.lineMappings)).toEqual(['1']);
    expect(p.body.Data.lineMappings['1']!['0']).toBe('#doc');
    expect(p.body.Data.fields[0]).toMatchObject({ name: '#doc', label: 'کلید سند' });
  });

  it('two sheets: documents with their key, lines naming it; problems per sheet and row; resumable without duplicates', async () => {
    const [c1, c2] = await codes('e_sales_customer', 2);
    const [i1, i2] = await codes('e_inventory_item', 2);
    const [w1] = await codes('e_inventory_warehouse', 1);
    const t = tag('TWO');
    const docs: Sheet = {
      name: 'اسناد',
      rows: [
        ['کلید سند', 'مشتری', 'تاریخ', 'انبار', 'شرح'],
        ['A', c1!.code, '1405/02/20', w1!.code, `${t}-A`],
        ['B', c2!.name, '1405/02/21', w1!.code, `${t}-B`],
        ['C', c2!.code, '1405/02/21', w1!.code, `${t}-C`],
        ['A', c2!.code, '1405/02/21', w1!.code, `${t}-A2`],
      ],
    };
    const lines: Sheet = {
      name: 'ردیف‌ها',
      rows: [
        ['کلید سند', 'کالا (اقلام)', 'مقدار (اقلام)', 'lines.unitPrice'],
        ['A', i1!.code, 2, 1000],
        ['B', i2!.code, 'abc', 500],
        ['A', i2!.name, '۳', 100],
        ['Z', i1!.code, 1, 1],
        ['C', i1!.code, 1, 700],
      ],
    };
    const content = b64(await workbook([docs, lines]));
    const preview = await call<ImportPreviewAnswer>(app, 'Import/Preview', admin, {
      entity: 'sales.invoice',
      fileName: 'two.xlsx',
      content,
      mode: 'insert',
    });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const p = preview.body.Data;
    expect(p.sheet).toBe('اسناد');
    expect(p.lineMappings).toEqual({
      1: { 0: '#doc', 1: 'lines.item', 2: 'lines.quantity', 3: 'lines.unitPrice' },
    });
    const where = p.errors.map((e) => `${e.sheet}:${e.row}:${e.field}`);
    expect(where).toEqual(
      expect.arrayContaining(['اسناد:5:#doc', 'ردیف‌ها:3:lines.quantity', 'ردیف‌ها:5:#doc']),
    );
    expect(
      where.some((w) => w.startsWith('اسناد:2:') || w.startsWith('اسناد:4:')),
      JSON.stringify(p.errors),
    ).toBe(false);
    expect(await byDescription('sales.invoice', t)).toEqual([]);
    // the lines sheet's mapping must name the key; the first sheet's too
    const noKey = await call(app, 'Import/Preview', admin, {
      entity: 'sales.invoice',
      fileName: 'two.xlsx',
      content,
      mode: 'insert',
      mapping: { 1: 'customer', 2: 'date', 3: 'warehouse', 4: 'description' },
      lineMappings: { 1: { 0: '#doc', 1: 'lines.item', 2: 'lines.quantity' } },
    });
    expect(noKey.status).toBe(417);
    expect(JSON.stringify(noKey.body)).toContain('کلید سند');
    const badLineField = await call(app, 'Import/Preview', admin, {
      entity: 'sales.invoice',
      fileName: 'two.xlsx',
      content,
      mode: 'insert',
      lineMappings: { 1: { 0: '#doc', 1: 'customer' } },
    });
    expect(badLineField.status).toBe(400);

    const job = await runImport(admin, { entity: 'sales.invoice', content });
    expect(job, JSON.stringify(job.errors)).toMatchObject({
      status: 'done',
      total: 5,
      written: 2,
      failed: 3,
    });
    const written = await byDescription('sales.invoice', t);
    expect(written.map((r) => r.description)).toEqual([`${t}-A`, `${t}-C`]);
    expect(
      (await linesOf('sales.invoice', written[0]!.id, ['item', 'quantity'])).map((l) => [
        Number(l.item),
        Number(l.quantity),
      ]),
    ).toEqual([
      [Number(i1!.id), 2],
      [Number(i2!.id), 3],
    ]);

    // more documents than a batch, of 2 lines each: cut short after one batch, run again: each written once, whole
    const count = IMPORT_BATCH + 6;
    const t2 = tag('RES');
    const many: Sheet = { name: 'docs', rows: [['کلید سند', 'مشتری', 'تاریخ', 'انبار', 'شرح']] };
    const manyLines: Sheet = {
      name: 'lines',
      rows: [['کلید سند', 'کالا (اقلام)', 'مقدار (اقلام)', 'lines.unitPrice']],
    };
    for (let k = 1; k <= count; k++) {
      many.rows.push([k, c1!.code, '1405/02/20', w1!.code, `${t2}-${String(k).padStart(2, '0')}`]);
      manyLines.rows.push([k, i1!.code, 1, 100], [String(k), i2!.code, 2, 50]);
    }
    const data = await workbook([many, manyLines]);
    const id = await createJob(
      app.ctx,
      {
        entity: app.ctx.registry.byEntityKey('sales.invoice')!,
        user: adminUser,
        lang: 'fa',
        fileName: 'many.xlsx',
        data,
        mapping: { 0: '#doc', 1: 'customer', 2: 'date', 3: 'warehouse', 4: 'description' },
        lineMappings: { 1: { 0: '#doc', 1: 'lines.item', 2: 'lines.quantity', 3: 'lines.unitPrice' } },
        mode: 'insert',
      },
      count,
    );
    await runJob(app.ctx, id, 1);
    const partial = (await byDescription('sales.invoice', t2)).length;
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(count);
    await runJob(app.ctx, id);
    await runJob(app.ctx, id);
    const all = await byDescription('sales.invoice', t2);
    expect(all).toHaveLength(count);
    for (const inv of all) expect(await linesOf('sales.invoice', inv.id, ['item'])).toHaveLength(2);
    expect((await call<ImportJobAnswer>(app, 'Import/Status', admin, { id })).body.Data).toMatchObject({
      status: 'done',
      written: count,
      failed: 0,
    });
  });

  it('opening balances: a balanced voucher is written; an unbalanced one is refused on its line row, nothing written', async () => {
    const [land] = await codes('e_accounting_account', 1, ['code', '2101']);
    const t = tag('OPEN');
    const content = b64(
      await workbook([
        {
          name: 'اسناد',
          rows: [
            ['کلید سند', 'شماره سند', 'تاریخ', 'شرح'],
            [1, 'x', '1405/03/11', `${t} سند افتتاحیه`],
            [2, 'x', '1405/03/11', `${t} سند ناتراز`],
          ],
        },
        {
          name: 'آرتیکل‌ها',
          rows: [
            ['کلید سند', 'حساب (آرتیکل‌ها)', 'بدهکار (آرتیکل‌ها)', 'بستانکار (آرتیکل‌ها)', 'شرح (آرتیکل‌ها)'],
            [1, '2101', '5,000,000', 0, 'زمین'],
            [1, land!.name, 1_000_000, 0, 'زمین دوم'],
            [1, '5101', 0, '۶٬۰۰۰٬۰۰۰', 'سرمایه'],
            [2, '2103', 700, 0, 'اثاثه'],
            [2, '5101', 0, 500, 'سرمایه'],
          ],
        },
      ]),
    );
    const job = await runImport(admin, { entity: 'accounting.voucher', content });
    expect(job, JSON.stringify(job.errors)).toMatchObject({
      status: 'done',
      total: 2,
      written: 1,
      failed: 1,
    });
    // the balance rule names the last line: the lines sheet's row 6, in Persian with the difference
    const refusal = job.errors.find((e) => e.sheet === 'آرتیکل‌ها' && e.row === 6);
    expect(refusal, JSON.stringify(job.errors)).toBeDefined();
    expect(refusal!.message).toContain('۲۰۰');
    const vouchers = await byDescription('accounting.voucher', t);
    expect(vouchers.map((v) => v.description)).toEqual([`${t} سند افتتاحیه`]);
    expect(Number(vouchers[0]!.totalDebit ?? vouchers[0]!.total_debit)).toBe(6_000_000);
    const lines = await linesOf('accounting.voucher', vouchers[0]!.id, ['debit', 'credit']);
    expect(lines.map((l) => [Number(l.debit), Number(l.credit)])).toEqual([
      [5_000_000, 0],
      [1_000_000, 0],
      [0, 6_000_000],
    ]);
    // audited as any write
    const audited = await sql
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'accounting.voucher')
      .where('row_id', '=', vouchers[0]!.id)
      .execute();
    expect(audited).toHaveLength(1);
  });

  it('opening stock: a stock document with lines (one sheet, grouped by key), finalised, shows in the stock balance', async () => {
    const warehouse = await call<Row>(app, 'Inventory/Warehouse/Create', admin, {
      values: { code: tag('W'), name: `انبار افتتاحیه ${serial}` },
    });
    expect(warehouse.status, JSON.stringify(warehouse.body)).toBe(200);
    const wCode = warehouse.body.Data.code as string;
    const [i1, i2] = await codes('e_inventory_item', 2);
    const t = tag('STK');
    const content = b64(
      csv([
        'کلید سند,تاریخ,نوع سند,انبار,شرح,کالا (اقلام),مقدار (اقلام),بهای واحد (ریال) (اقلام)',
        `S1,1405/02/01,موجودی اول دوره,${wCode},${t},${i1!.code},۱۲,۱۰۰۰`,
        `S1,,,,,${i2!.code},5.5,2000`,
      ]),
    );
    const job = await runImport(admin, { entity: 'inventory.stockMove', content, fileName: 'stock.csv' });
    expect(job, JSON.stringify(job.errors)).toMatchObject({
      status: 'done',
      total: 1,
      written: 1,
      failed: 0,
    });
    const [doc] = await byDescription('inventory.stockMove', t);
    expect(doc).toMatchObject({ kind: 'opening' });
    const got = await call<Row>(app, 'Inventory/StockMove/Get', admin, { id: doc!.id });
    const done = await call<Row>(app, 'Inventory/StockMove/Finalise', admin, {
      id: got.body.Data.id,
      version: got.body.Data.version,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const report = await call<ReportResult>(app, 'Report/Definition/Run', admin, {
      report: 'inventory.stockBalance',
      params: { date: '2026-05-04', warehouse: warehouse.body.Data.id },
    });
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    const held = report.body.Data.rows
      .filter((r) => Number(r.warehouseId) === warehouse.body.Data.id)
      .map((r) => [Number(r.itemId), Number(r.quantity), Number(r.value)])
      .sort((a, b) => a[0]! - b[0]!);
    expect(held).toEqual(
      [
        [Number(i1!.id), 12, 12_000],
        [Number(i2!.id), 5.5, 11_000],
      ].sort((a, b) => a[0]! - b[0]!),
    );
  });

  it('a running job is cancelled by its owner (not by another user); it writes no more and is not resumed', async () => {
    const t = tag('CAN');
    const header = 'کد مشتری,نام,نوع,کد ملی';
    const data = csv([
      header,
      ...Array.from({ length: IMPORT_BATCH + 10 }, (_, i) => `${t}-${i},مشتری ${t} ${i},حقیقی,0499370899`),
    ]);
    const id = await createJob(
      app.ctx,
      {
        entity: app.ctx.registry.byEntityKey('sales.customer')!,
        user: adminUser,
        lang: 'fa',
        fileName: 'c.csv',
        data,
        mapping: { 0: 'code', 1: 'name', 2: 'customerType', 3: 'nationalCode' },
        mode: 'insert',
      },
      IMPORT_BATCH + 10,
    );
    await runJob(app.ctx, id, 1);
    const count = async () =>
      (
        (await sql
          .selectFrom('e_sales_customer')
          .select('id')
          .where('code', 'like', `${t}-%`)
          .execute()) as unknown[]
      ).length;
    const before = await count();
    expect(before).toBeGreaterThan(0);
    // another user may neither cancel it nor read it
    const denied = await call(app, 'Import/Cancel', staff, { id });
    expect(denied.status).toBe(403);
    expect((await call(app, 'Import/Status', staff, { id })).body.Data).toBeNull();
    const cancelled = await call<ImportJobAnswer>(app, 'Import/Cancel', admin, { id });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.Data.status).toBe('cancelled');
    await runJob(app.ctx, id);
    const status = await call<ImportJobAnswer>(app, 'Import/Status', admin, { id });
    expect(status.body.Data.status).toBe('cancelled');
    await new Promise((r) => setTimeout(r, 100));
    expect(await count()).toBe(before);
    // a finished job stays as it is
    const again = await call<ImportJobAnswer>(app, 'Import/Cancel', admin, { id });
    expect(again.body.Data.status).toBe('cancelled');
    expect((await call(app, 'Import/Cancel', admin, { id: 'no-such-job' })).status).toBe(403);
  });

  it('finished jobs older than the keeping days lose their file and committed rows; recent and running ones keep them', async () => {
    const make = async (status: string, daysAgo: number) => {
      const id = await createJob(
        app.ctx,
        {
          entity: app.ctx.registry.byEntityKey('sales.customer')!,
          user: adminUser,
          lang: 'fa',
          fileName: 'c.csv',
          data: csv(['کد مشتری,نام', 'X,Y']),
          mapping: { 0: 'code', 1: 'name' },
          mode: 'insert',
        },
        1,
      );
      const at = new Date(Date.now() - daysAgo * 86_400_000).toISOString();
      await sql.updateTable('import_jobs').set({ status, updated_at: at }).where('id', '=', id).execute();
      await sql.insertInto('import_job_rows').values({ job_id: id, source_row: 2, record_id: 1 }).execute();
      return id;
    };
    const old = await make('done', 8);
    const oldCancelled = await make('cancelled', 30);
    const recent = await make('done', 1);
    const running = await make('running', 30);
    await sql.updateTable('import_jobs').set({ status: 'running' }).where('id', '=', running).execute();
    await cleanupJobs(app.ctx);
    const state = async (id: string) => {
      const job = (await sql
        .selectFrom('import_jobs')
        .select('content')
        .where('id', '=', id)
        .executeTakeFirst()) as {
        content: string;
      };
      const rows = await sql
        .selectFrom('import_job_rows')
        .select('source_row')
        .where('job_id', '=', id)
        .execute();
      return [job.content.length > 0, rows.length];
    };
    expect(await state(old)).toEqual([false, 0]);
    expect(await state(oldCancelled)).toEqual([false, 0]);
    expect(await state(recent)).toEqual([true, 1]);
    // the running one is not finished: kept (marked done so no process resumes it in this test)
    expect(await state(running)).toEqual([true, 1]);
    await sql.updateTable('import_jobs').set({ status: 'done' }).where('id', '=', running).execute();
  });
});
