import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EntityRow } from '../../runtime/shared/definition';
import { isoToJalali } from '../../runtime/shared/jalali';
import type { ListPage } from '../../runtime/shared/envelope';
import { MAX_EXPORT_ROWS } from '../../server/entities/export';
import { DIALECTS, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';
import { unzip } from '../support/zip';

/** RFC 4180 reader: rows of fields (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted && ch === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (quoted && ch === '"') quoted = false;
    else if (quoted) field += ch;
    else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      rows.push([...row, field]);
      row = [];
      field = '';
      i++;
    } else field += ch;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

const CODE_FILTER = { code: { filterType: 'text', type: 'startsWith', filter: 'C-000' } };
const SORT = [{ colId: 'code', sort: 'desc' }];

describe.each(DIALECTS)('Export of filtered rows on %s', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  const tok: Record<string, string> = {};

  const exportFile = (who: string, body: object, lang = 'fa', path = 'Sales/Customer/Export') =>
    app.inject({
      method: 'POST',
      url: `/api/${path}`,
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${tok[who]}`,
        'accept-language': lang,
      },
      payload: JSON.stringify(body),
    });

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url);
    for (const u of ['staff', 'customer', 'vendor']) tok[u] = (await signIn(app, u)).access_token;
  });
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  it('CSV: BOM, Persian headers, only the filtered rows in the asked order, display values', async () => {
    const res = await exportFile('staff', { format: 'csv', sortModel: SORT, filterModel: CODE_FILTER });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toMatch(
      /^attachment; filename="customer-\d{4}-\d{2}-\d{2}\.csv"; filename\*=UTF-8''/,
    );
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toMatch(/^مشتریان-14\d\d-\d\d-\d\d\.csv$/);
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(res.rawPayload.subarray(3).toString('utf8'));
    expect(rows[0]).toEqual([
      'کد مشتری',
      'نام',
      'نوع',
      'شهر',
      'تلفن همراه',
      'سقف اعتبار (ریال)',
      'تاریخ ثبت',
      'فعال',
    ]);
    const list = await call<ListPage<EntityRow>>(app, 'Sales/Customer/GetList', tok.staff!, {
      startRow: 0,
      endRow: 100,
      sortModel: SORT,
      filterModel: CODE_FILTER,
    });
    const expected = list.body.Data.rows;
    expect(expected.length).toBe(9);
    expect(rows.slice(1).map((r) => r[0])).toEqual(expected.map((r) => r.code));
    const first = expected[0]!;
    expect(rows[1]).toEqual([
      first.code,
      first.name,
      first.customerType === 'company' ? 'حقوقی' : 'حقیقی',
      first.city,
      first.mobile,
      String(first.creditLimit),
      isoToJalali(String(first.registeredOn)),
      first.active ? 'بله' : 'خیر',
    ]);
  });

  it('CSV: English headers and labels with Accept-Language en, all rows without a filter', async () => {
    const res = await exportFile('staff', { format: 'csv' }, 'en');
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-disposition'])).toContain("filename*=UTF-8''customers-");
    const rows = parseCsv(res.rawPayload.subarray(3).toString('utf8'));
    expect(rows[0]).toEqual([
      'Customer code',
      'Name',
      'Type',
      'City',
      'Mobile',
      'Credit limit (IRR)',
      'Registered on',
      'Active',
    ]);
    expect(rows.length).toBe(41);
    expect(rows[1]![0]).toBe('C-0001'); // the definition's default sort
    expect(new Set(rows.slice(1).map((r) => r[2]))).toEqual(new Set(['Person', 'Company']));
    expect(rows.slice(1).every((r) => r[7] === 'Yes' || r[7] === 'No')).toBe(true);
  });

  it('CSV: formula starters get an apostrophe and quotes are doubled (RFC 4180)', async () => {
    const created = await call<EntityRow>(app, 'Sales/Customer/Create', tok.staff!, {
      values: {
        code: 'X-1',
        name: '=HYPERLINK("http://x","a,b")',
        customerType: 'person',
        nationalCode: '0499370899',
        city: '+98',
      },
    });
    expect(created.status).toBe(200);
    const res = await exportFile('staff', {
      format: 'csv',
      filterModel: { code: { filterType: 'text', type: 'equals', filter: 'X-1' } },
    });
    const text = res.rawPayload.subarray(3).toString('utf8');
    expect(text).toContain(`X-1,"'=HYPERLINK(""http://x"",""a,b"")",حقیقی,'+98,`);
    expect(parseCsv(text)[1]!.slice(0, 4)).toEqual(['X-1', `'=HYPERLINK("http://x","a,b")`, 'حقیقی', "'+98"]);
    await call(app, 'Sales/Customer/Delete', tok.staff!, { id: created.body.Data.id, version: 1 });
  });

  it('XLSX: a workbook with a right-to-left sheet, bold header, numbers as numbers, filtered rows', async () => {
    const res = await exportFile('staff', { format: 'xlsx', sortModel: SORT, filterModel: CODE_FILTER });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(String(res.headers['content-disposition'])).toMatch(/filename="customer-[\d-]+\.xlsx"/);
    const files = unzip(res.rawPayload);
    expect([...files.keys()].sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    const sheet = files.get('xl/worksheets/sheet1.xml')!;
    expect(sheet).toContain('<sheetView workbookViewId="0" rightToLeft="1">');
    expect(files.get('xl/styles.xml')).toContain('<b/>');
    expect(sheet).toContain(
      '<c r="A1" s="1" t="inlineStr"><is><t xml:space="preserve">کد مشتری</t></is></c>',
    );
    const codes = [
      ...sheet.matchAll(/<c r="A(\d+)" t="inlineStr"><is><t xml:space="preserve">([^<]*)</g),
    ].map((m) => m[2]);
    expect(codes).toEqual([
      'C-0009',
      'C-0008',
      'C-0007',
      'C-0006',
      'C-0005',
      'C-0004',
      'C-0003',
      'C-0002',
      'C-0001',
    ]);
    expect(sheet).toMatch(/<c r="F2"><v>\d+<\/v><\/c>/); // credit limit as a number
    const en = unzip(
      (await exportFile('staff', { format: 'xlsx', filterModel: CODE_FILTER }, 'en')).rawPayload,
    );
    expect(en.get('xl/worksheets/sheet1.xml')).not.toContain('rightToLeft');
  });

  it('keeps customer and vendor users to their own row, refuses without export permission and bad bodies', async () => {
    const user = await app.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'customer')
      .executeTakeFirstOrThrow();
    const own = await exportFile('customer', { format: 'csv' });
    expect(own.statusCode).toBe(200);
    const rows = parseCsv(own.rawPayload.subarray(3).toString('utf8'));
    expect(rows.length).toBe(2);
    const mine = await call<EntityRow>(app, 'Sales/Customer/Get', tok.customer!, {
      id: Number(user.party_id),
    });
    expect(rows[1]![0]).toBe(mine.body.Data.code);

    const vendorRows = parseCsv(
      (await exportFile('vendor', { format: 'csv' }, 'fa', 'SupplyChain/Vendor/Export')).rawPayload
        .subarray(3)
        .toString('utf8'),
    );
    expect(vendorRows.length).toBe(2);
    const staffVendors = await exportFile('staff', { format: 'csv' }, 'fa', 'SupplyChain/Vendor/Export');
    expect(parseCsv(staffVendors.rawPayload.subarray(3).toString('utf8')).length).toBe(16);

    const bad = await exportFile('staff', { format: 'pdf' });
    expect(bad.statusCode).toBe(400);
    const badFilter = await exportFile('staff', { format: 'csv', filterModel: { nope: { type: 'equals' } } });
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.body).toContain('nope');

    await app.ctx.db
      .updateTable('role_permissions')
      .set({ can_export: 0 })
      .where('role', '=', 'customer')
      .where('entity', '=', 'sales.customer')
      .execute();
    const refused = await exportFile('customer', { format: 'csv' });
    expect(refused.statusCode).toBe(403);
    expect((await call(app, 'Sales/Customer/GetList', tok.customer!, {})).status).toBe(200);
  });

  it('refuses more than MAX_EXPORT_ROWS matching rows with 417 and a translated message', async () => {
    // 100,000 extra customers in one statement (the 40 seeded ones make it more than the cap)
    const series =
      dialect === 'postgres'
        ? sql`select n from generate_series(1, ${MAX_EXPORT_ROWS}) as n`
        : sql`with recursive s(n) as (select 1 union all select n + 1 from s where n < ${MAX_EXPORT_ROWS}) select n from s`;
    await sql`insert into e_sales_customer (code, name, ${sql.ref('customerType')}, version, created_at, updated_at)
      select 'B-' || n, 'bulk ' || n, 'person', 1, '2026-01-01', '2026-01-01' from (${series}) as t`.execute(
      app.ctx.db,
    );
    const res = await exportFile('staff', { format: 'csv' }, 'en');
    expect(res.statusCode).toBe(417);
    expect(res.body).toBe('Too many rows to export (100040; at most 100000). Narrow the filter.');
    const narrowed = await exportFile('staff', {
      format: 'csv',
      filterModel: { code: { filterType: 'text', type: 'startsWith', filter: 'B-9999' } },
    });
    expect(narrowed.statusCode).toBe(200);
    expect(parseCsv(narrowed.rawPayload.subarray(3).toString('utf8')).length).toBe(1 + 11); // B-9999, B-99990..99999
  });
});
