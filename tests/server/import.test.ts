/**
 * Import of rows (docs/import.md), on SQLite and PostgreSQL: the `import` permission of its own;
 * the XLSX template (Persian headers, a sample row, a notes sheet); a preview that reads every cell
 * through the form's validators (Jalali dates, Persian and Arabic digits, enum labels, lookups by
 * code or name) and writes nothing; jobs in insert, update-by-key and upsert modes, each row
 * written through the write path (audited, row scope and field permissions holding) and never
 * twice when a job cut short is run again; bad files (not a spreadsheet, too large, formulas,
 * CSV injection, wrong types) refused or reported with nothing written; invoices with their lines
 * from one sheet.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ImportJobAnswer, ImportOptions, ImportPreviewAnswer } from '../../runtime/shared/imports';
import type { Untyped } from '../../server/db/untyped';
import { IMPORT_BATCH, createJob, resumeJob, runJob } from '../../server/imports/run';
import { toPersianDigits } from '../../runtime/shared/normalize';
import { DIALECTS, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

const CUSTOMER = 'sales.customer';
/** A valid national code (the check digit of nine digits) for the n-th test person. */
function nationalCode(n: number): string {
  const nine = String(100_000_000 + n).slice(-9);
  const sum = [...nine].reduce((acc, d, i) => acc + Number(d) * (10 - i), 0) % 11;
  return `${nine}${sum < 2 ? sum : 11 - sum}`;
}
let people = 0;
const person = () => nationalCode(++people * 7919);

const csv = (lines: string[]) => Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
const b64 = (data: Buffer) => data.toString('base64');

async function xlsx(rows: ExcelJS.CellValue[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('داده‌ها');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe.each(DIALECTS)('import on %s', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  let admin = '';
  let staff = '';
  let customerUser = '';
  let sql: Untyped;
  let serial = 0;
  const code = (prefix = 'IM') => `${prefix}${dialect.slice(0, 2)}${++serial}`;

  const customers = async (codes: string[]) =>
    (await sql.selectFrom('e_sales_customer').selectAll().where('code', 'in', codes).execute()) as Record<
      string,
      unknown
    >[];
  const count = async (table: string) =>
    Number(
      (
        (await sql
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()) as { n: unknown }
      ).n,
    );
  const preview = (who: string, data: Buffer, extra: Partial<ImportOptions> = {}, fileName = 'c.csv') =>
    call<ImportPreviewAnswer>(app, 'Import/Preview', who, {
      entity: CUSTOMER,
      fileName,
      content: b64(data),
      mode: 'insert',
      ...extra,
    });
  const runImport = async (
    who: string,
    data: Buffer,
    extra: Partial<ImportOptions> = {},
    fileName = 'c.csv',
  ) => {
    const res = await call<ImportJobAnswer>(app, 'Import/Run', who, {
      entity: CUSTOMER,
      fileName,
      content: b64(data),
      mode: 'insert',
      ...extra,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return waitFor(who, res.body.Data.id);
  };
  const waitFor = async (who: string, id: string) => {
    for (let i = 0; i < 600; i++) {
      const s = await call<ImportJobAnswer>(app, 'Import/Status', who, { id });
      expect(s.status).toBe(200);
      if (s.body.Data.status !== 'running') return s.body.Data;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the job did not end');
  };

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url);
    sql = app.ctx.db as unknown as Untyped;
    admin = (await signIn(app, 'admin')).access_token;
    staff = (await signIn(app, 'staff')).access_token;
    customerUser = (await signIn(app, 'customer')).access_token;
  });
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  it('import is a permission of its own: admin has it, staff (who may create) does not until granted', async () => {
    const file = csv(['کد مشتری,نام,نوع,کد ملی', `${code()},علی رضایی,حقیقی,${person()}`]);
    expect((await call(app, 'Import/Template', staff, { entity: CUSTOMER })).status).toBe(403);
    expect((await preview(staff, file)).status).toBe(403);
    expect(
      (
        await call(app, 'Import/Run', staff, {
          entity: CUSTOMER,
          fileName: 'c.csv',
          content: b64(file),
          mode: 'insert',
        })
      ).status,
    ).toBe(403);
    expect((await preview(admin, file)).status).toBe(200);
  });

  it('the template: Persian headers of the fields, required ones marked, a sample row and a notes sheet', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/Import/Template',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ entity: CUSTOMER }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const [data, notes] = book.worksheets;
    expect(data!.name).toBe('داده‌ها');
    expect(data!.views[0]?.rightToLeft).toBe(true);
    const headers = (data!.getRow(1).values as unknown[]).slice(1);
    expect(headers).toContain('کد مشتری*');
    expect(headers).toContain('نام*');
    expect(headers).toContain('تاریخ ثبت');
    const sample = data!.getRow(2).values as unknown[];
    expect(sample[headers.indexOf('نوع*') + 1]).toBe('حقیقی');
    expect(notes!.name).toBe('راهنما');
    const noteText = JSON.stringify(notes!.getSheetValues());
    expect(noteText).toContain('حقیقی، حقوقی');
    expect(noteText).toContain('تاریخ شمسی');
    // the template, filled in, imports as it is (its headers map back to the fields)
    const filled = (await preview(admin, Buffer.from(res.rawPayload), {}, 'template.xlsx')).body.Data;
    expect(Object.values(filled.mapping)).toEqual(
      expect.arrayContaining(['code', 'name', 'customerType', 'registeredOn']),
    );
  });

  it('the preview reads Jalali dates, Persian and Arabic digits and labels, reports per cell and writes nothing', async () => {
    const [a, b, c] = [code(), code(), code()];
    const file = csv([
      'Customer code,نام,نوع,تاریخ ثبت,سقف اعتبار (ریال),تلفن همراه,شهر,National code',
      `${a},مريم كريمي,حقیقی,۱۴۰۵/۰۱/۱۵,"۱٬۲۵۰٬۰۰۰",۰۹۱۲۱۲۳۴۵۶۷,تهران,${toPersianDigits(person())}`,
      `${b},,حقیقی,1405/13/40,abc,0912,قم,${person()}`,
      `${c},سارا,نامعلوم,2026-04-04,٣٠٠,,,`,
    ]);
    const before = await count('e_sales_customer');
    const res = await preview(admin, file);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const p = res.body.Data;
    expect(p.total).toBe(3);
    expect(p.mapping).toMatchObject({
      0: 'code',
      1: 'name',
      2: 'customerType',
      3: 'registeredOn',
      4: 'creditLimit',
      5: 'mobile',
      6: 'city',
      7: 'nationalCode',
    });
    expect(p.rows[0]!.values).toMatchObject({
      code: a,
      name: 'مریم کریمی',
      customerType: 'person',
      registeredOn: '2026-04-04',
      creditLimit: 1_250_000,
      mobile: '09121234567',
    });
    expect(p.rows[2]!.values).toMatchObject({ creditLimit: 300, registeredOn: '2026-04-04' });
    const cells = p.errors.map((e) => `${e.row}:${e.field}`);
    expect(cells).toEqual(
      expect.arrayContaining(['3:name', '3:registeredOn', '3:creditLimit', '3:mobile', '4:customerType']),
    );
    expect(
      cells.some((c) => c.startsWith('2:')),
      JSON.stringify(p.errors),
    ).toBe(false);
    expect(p.badRows).toBe(2);
    expect(p.errors.every((e) => e.message.length > 0 && !e.message.startsWith('validation.'))).toBe(true);
    expect(await count('e_sales_customer')).toBe(before);
    expect(await customers([a, b, c])).toEqual([]);
  });

  it('insert writes each good row through the write path (audited); bad rows are reported, not written', async () => {
    const [a, b, c] = [code(), code(), code()];
    const file = csv([
      'کد مشتری,نام,نوع,سقف اعتبار (ریال),کد ملی',
      `${a},پیمان,حقیقی,۵۰۰,${person()}`,
      `${b},x,حقیقی,abc,${person()}`,
      `${c},نگار,حقیقی,,${person()}`,
    ]);
    const job = await runImport(admin, file);
    expect(job).toMatchObject({ status: 'done', total: 3, written: 2, failed: 1 });
    expect(job.errors.map((e) => `${e.row}:${e.field}`)).toEqual(
      expect.arrayContaining(['3:name', '3:creditLimit']),
    );
    const rows = await customers([a, b, c]);
    expect(rows.map((r) => r.code).sort()).toEqual([a, c].sort());
    const audited = (await sql
      .selectFrom('audit_log')
      .select(['row_id', 'action'])
      .where('entity', '=', CUSTOMER)
      .where(
        'row_id',
        'in',
        rows.map((r) => Number(r.id)),
      )
      .execute()) as { action: string }[];
    expect(audited).toHaveLength(2);
    // the job is found again (a reloaded page shows it)
    const latest = await call<ImportJobAnswer>(app, 'Import/Status', admin, { entity: CUSTOMER });
    expect(latest.body.Data.id).toBe(job.id);
    // nobody else sees it
    const staffView = await call<ImportJobAnswer | null>(app, 'Import/Status', staff, { id: job.id });
    expect(staffView.body.Data).toBeNull();
  });

  it('upsert by key updates the row with that key (keeping what the file does not name) and inserts the others; update refuses unknown keys', async () => {
    const [a, b, c] = [code(), code(), code()];
    await runImport(admin, csv(['کد مشتری,نام,نوع,شهر,کد ملی', `${a},کاوه,حقیقی,یزد,${person()}`]));
    const [stored] = await customers([a]);
    const file = csv([
      'کد مشتری,نام,سقف اعتبار (ریال),نوع,کد ملی',
      `${a},کاوه آهنگر,۷۰۰,,`,
      `${b},بهرام,۱۰,حقیقی,${person()}`,
    ]);
    expect(
      (
        await call(app, 'Import/Preview', admin, {
          entity: CUSTOMER,
          fileName: 'c.csv',
          content: b64(file),
          mode: 'upsert',
        })
      ).status,
    ).toBe(417);
    const job = await runImport(admin, file, { mode: 'upsert', keyField: 'code' });
    expect(job, JSON.stringify(job.errors)).toMatchObject({ status: 'done', written: 2, failed: 0 });
    const [updated] = await customers([a]);
    expect(updated).toMatchObject({
      id: stored!.id,
      name: 'کاوه آهنگر',
      city: 'یزد',
      customerType: 'person',
    });
    expect(Number(updated!.credit_limit ?? updated!.creditLimit)).toBe(700);
    expect(Number(updated!.version)).toBe(2);
    expect(await customers([b])).toHaveLength(1);
    const only = await runImport(admin, csv(['کد مشتری,نام', `${c},تازه`]), {
      mode: 'update',
      keyField: 'code',
    });
    expect(only).toMatchObject({ written: 0, failed: 1 });
    expect(only.errors[0]!.message).toContain(toPersianDigits(c));
    expect(await customers([c])).toEqual([]);
  });

  it('a job cut short and run again writes each row once', async () => {
    const many = IMPORT_BATCH + 16; // more than one batch
    const codes = Array.from({ length: many }, () => code('RS'));
    const file = csv([
      'کد مشتری,نام,نوع,کد ملی',
      ...codes.map((c, i) => `${c},مشتری ${i + 10},حقیقی,${person()}`),
    ]);
    const user = {
      id: 1,
      username: 'admin',
      displayName: '',
      role: 'admin',
      isVendor: false,
      isCustomer: false,
      partyId: null,
      pwdChange: false,
    };
    const adminRow = await app.ctx.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    user.id = Number(adminRow.id);
    const id = await createJob(
      app.ctx,
      {
        entity: app.ctx.registry.byEntityKey(CUSTOMER)!,
        user,
        lang: 'fa',
        fileName: 'c.csv',
        data: file,
        mapping: { 0: 'code', 1: 'name', 2: 'customerType', 3: 'nationalCode' },
        mode: 'insert',
      },
      many,
    );
    await runJob(app.ctx, id, 1); // one batch, then "the server stops"
    const partial = (await customers(codes)).length;
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(many);
    await runJob(app.ctx, id); // started again
    await resumeJob(app.ctx, id); // and once more: nothing left to write
    const rows = await customers(codes);
    expect(rows).toHaveLength(many);
    expect(new Set(rows.map((r) => r.code)).size).toBe(many);
    const job = await call<ImportJobAnswer>(app, 'Import/Status', admin, { id });
    expect(job.body.Data).toMatchObject({ status: 'done', written: many, failed: 0 });
  });

  it('bad files are refused with a clear message and nothing written', async () => {
    const before = await count('e_sales_customer');
    const jobs = await count('import_jobs');
    const refused = async (data: Buffer, fileName: string) => {
      const res = await preview(admin, data, {}, fileName);
      const run = await call(app, 'Import/Run', admin, {
        entity: CUSTOMER,
        fileName,
        content: b64(data),
        mode: 'insert',
      });
      expect(run.status).toBe(res.status);
      return res;
    };
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    const notSheet = await refused(png, 'photo.xlsx');
    expect(notSheet.status).toBe(417);
    expect(JSON.stringify(notSheet.body)).toContain('صفحه‌گسترده نیست');
    const fakeZip = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(200, 7)]);
    expect(JSON.stringify((await refused(fakeZip, 'x.xlsx')).body)).toContain('صفحه‌گسترده نیست');
    expect(
      JSON.stringify((await refused(Buffer.from('%PDF-1.4\n\u0000\u0001binary'), 'a.pdf')).body),
    ).toContain('صفحه‌گسترده نیست');
    expect(JSON.stringify((await refused(csv(['کد مشتری,نام']), 'h.csv')).body)).toContain('سطر داده');
    const justOver = Buffer.alloc(10 * 1024 * 1024 + 1, 0x41);
    const over = await refused(justOver, 'big.csv');
    expect(over.status).toBe(417);
    expect(JSON.stringify(over.body)).toContain('مگابایت');
    // 50 MB: refused before it is read at all
    const huge = await app.inject({
      method: 'POST',
      url: '/api/Import/Preview',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      payload: JSON.stringify({
        entity: CUSTOMER,
        fileName: 'huge.csv',
        content: 'A'.repeat(50 * 1024 * 1024),
        mode: 'insert',
      }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().MessageText ?? JSON.stringify(huge.json())).toContain('حجم');
    expect(await count('e_sales_customer')).toBe(before);
    expect(await count('import_jobs')).toBe(jobs);
  });

  it('formulas are never run and text starting with = + - @ is stored as text; the CSV export escapes it', async () => {
    const [a, b, c] = [code(), code(), code()];
    const data = await xlsx([
      ['کد مشتری', 'نام', 'نوع', 'سقف اعتبار (ریال)', 'شهر', 'کد ملی'],
      [a, { formula: '1+1', result: 2 }, 'حقیقی', null, '=HYPERLINK("http://x","y")', person()],
      [b, '+98 نام', 'حقیقی', { formula: '2*3', result: 6 }, '-cmd', person()],
      [c, '@SUM(A1)', 'حقیقی', null, '+cmd|calc', person()],
    ]);
    const job = await runImport(admin, data, {}, 'f.xlsx');
    // the computed credit limit is the formula's text: not a number, so that row is refused
    expect(job).toMatchObject({ written: 2, failed: 1 });
    expect(job.errors.map((e) => `${e.row}:${e.field}`)).toEqual(['3:creditLimit']);
    const rows = await customers([a, b, c]);
    const byCode = new Map(rows.map((r) => [r.code, r]));
    expect(byCode.get(a)).toMatchObject({ name: '=1+1', city: '=HYPERLINK("http://x","y")' });
    expect(byCode.get(c)).toMatchObject({ name: '@SUM(A1)', city: '+cmd|calc' });
    const exported = await app.inject({
      method: 'POST',
      url: '/api/Sales/Customer/Export',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      payload: JSON.stringify({
        format: 'csv',
        sortModel: [],
        filterModel: { code: { filterType: 'text', type: 'equals', filter: c } },
      }),
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain("'@SUM(A1)");
    expect(exported.body).not.toMatch(/(^|,)@SUM/m);
  });

  it('documents with lines import from one sheet: header fields repeated (or left empty), lookups by code or name', async () => {
    const pick = async (table: string) =>
      (await sql.selectFrom(table).select(['id', 'code', 'name']).orderBy('id').limit(2).execute()) as {
        id: number;
        code: string;
        name: string;
      }[];
    const [c1, c2] = await pick('e_sales_customer');
    const [i1, i2] = await pick('e_inventory_item');
    const [w1] = await pick('e_inventory_warehouse');
    const tag = code('DOC');
    const file = csv([
      'مشتری,تاریخ,انبار,description,lines.item,lines.quantity,lines.unitPrice',
      `${c1!.code},۱۴۰۵/۰۲/۲۰,${w1!.code},${tag}-A,${i1!.code},۲,۱۰۰۰`,
      `${c1!.code},۱۴۰۵/۰۲/۲۰,${w1!.code},${tag}-A,${i2!.name},1,500`,
      `,,,,${i1!.code},3,100`,
      `${c2!.code},1405/02/21,${w1!.code},${tag}-B,${i1!.code},1,200`,
      `${c2!.code},1405/02/22,${w1!.code},${tag}-C,${i1!.code},abc,200`,
      `${c2!.code},1405/02/22,${w1!.code},${tag}-D,ناموجود,1,200`,
    ]);
    const res = await call<ImportJobAnswer>(app, 'Import/Run', admin, {
      entity: 'sales.invoice',
      fileName: 'invoices.csv',
      content: b64(file),
      mode: 'insert',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const job = await waitFor(admin, res.body.Data.id);
    expect(job, JSON.stringify(job.errors)).toMatchObject({
      status: 'done',
      total: 4,
      written: 2,
      failed: 2,
    });
    expect(job.errors.map((e) => `${e.row}:${e.field}`)).toEqual(
      expect.arrayContaining(['6:lines.quantity', '7:lines.item']),
    );
    const invoices = (await sql
      .selectFrom('e_sales_invoice')
      .select(['id', 'description', 'customer', 'date'])
      .where('description', 'like', `${tag}-%`)
      .orderBy('description')
      .execute()) as { id: number; description: string; customer: number; date: string }[];
    expect(invoices.map((i) => i.description)).toEqual([`${tag}-A`, `${tag}-B`]);
    expect(Number(invoices[0]!.customer)).toBe(Number(c1!.id));
    expect(String(invoices[0]!.date)).toContain('2026-05-10');
    const lines = (await sql
      .selectFrom('e_sales_invoice__lines')
      .select(['item', 'quantity'])
      .where('parent_id', '=', invoices[0]!.id)
      .orderBy('line_no')
      .execute()) as { item: number; quantity: number }[];
    expect(lines.map((l) => [Number(l.item), Number(l.quantity)])).toEqual([
      [Number(i1!.id), 2],
      [Number(i2!.id), 1],
      [Number(i1!.id), 3],
    ]);
  });

  it('row scope and field permissions hold: a customer user updates only their own row, never a hidden field', async () => {
    await sql
      .updateTable('role_permissions')
      .set({ can_import: 1 })
      .where('role', '=', 'customer')
      .where('entity', '=', CUSTOMER)
      .execute();
    const own = (
      await call<{ rows: Record<string, unknown>[] }>(app, 'Sales/Customer/GetList', customerUser, {
        startRow: 0,
        endRow: 5,
      })
    ).body.Data.rows;
    expect(own).toHaveLength(1);
    const mine = own[0]!;
    const [other] = (await sql
      .selectFrom('e_sales_customer')
      .select(['code'])
      .where('id', '!=', mine.id as number)
      .limit(1)
      .execute()) as { code: string }[];
    // insert needs create, which the customer role has not
    expect((await preview(customerUser, csv(['کد مشتری,نام', `${code()},تازه`]))).status).toBe(403);
    const file = csv(['کد مشتری,شهر', `${String(mine.code)},کرمان`, `${other!.code},کرمان`]);
    const job = await runImport(customerUser, file, { mode: 'update', keyField: 'code' });
    expect(job).toMatchObject({ written: 1, failed: 1 });
    expect(job.errors[0]!.row).toBe(3);
    const [after] = await customers([String(mine.code)]);
    expect(after!.city).toBe('کرمان');
    const [untouched] = await customers([other!.code]);
    expect(untouched!.city).not.toBe('کرمان');
    // a hidden field is no column to map (auto-mapping skips it; naming it is refused)
    await app.ctx.db
      .insertInto('field_permissions')
      .values({ role: 'customer', entity: CUSTOMER, field: 'city', mode: 'hidden' })
      .execute();
    try {
      const auto = await preview(customerUser, file, { mode: 'update', keyField: 'code' });
      expect(auto.status, JSON.stringify(auto.body)).toBe(200);
      expect(Object.values(auto.body.Data.mapping)).toEqual(['code']);
      const named = await preview(customerUser, file, {
        mode: 'update',
        keyField: 'code',
        mapping: { 0: 'code', 1: 'city' },
      });
      expect(named.status).toBe(400);
    } finally {
      await app.ctx.db.deleteFrom('field_permissions').where('role', '=', 'customer').execute();
    }
  });
});
