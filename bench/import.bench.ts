/**
 * Import of 100,000 customers (BENCH_IMPORT_ROWS) through the UI's HTTP path, beside the floor of
 * the same run (docs/performance.md "Import"):
 * - a customers XLSX of 100,000 rows is made (exceljs), with the template's headers;
 * - the real server (server/main.ts) on a fresh SQLite database (synchronous=FULL, WAL) takes it as
 *   the wizard sends it: Import/Template, Import/Preview (automatic mapping), Import/Run, then
 *   Import/Status every 250 ms until the job is done; every row is written through the write
 *   path (validation, field modes, rules, effects such as the customer's detail account, audit,
 *   the job's committed row);
 * - the floor: the same rows (the values the import stored) inserted raw into the same table of the
 *   same database by better-sqlite3 with the server's pragmas, a prepared insert in transactions
 *   of 10,000 rows; no validation, audit, effect nor job bookkeeping.
 * Goal: the import's rate (rows / time from Preview to the job done) ≥ 50% of the floor's.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import SQLite from 'better-sqlite3';
import type { ImportJobAnswer, ImportPreviewAnswer } from '../runtime/shared/imports';
import { DATA_DIR, fill } from './lib/data';
import { cpuMs, startServer, token } from './lib/proc';
import { round, writeResults, type Figure } from './lib/results';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const TABLE = 'e_sales_customer';
const file = join(DATA_DIR, 'import-bench.sqlite');
for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
const url = `sqlite:${file}`;
await fill(url, 0);

/** A valid national code (check digit) for the n-th row. */
function nationalCode(n: number): string {
  const nine = String(100_000_000 + ((n * 7919) % 900_000_000)).slice(-9);
  const sum = [...nine].reduce((acc, d, i) => acc + Number(d) * (10 - i), 0) % 11;
  return `${nine}${sum < 2 ? sum : 11 - sum}`;
}
const tag = Date.now().toString(36).toUpperCase();
const HEADERS = ['کد مشتری', 'نام', 'نوع', 'کد ملی', 'تلفن همراه', 'شهر', 'سقف اعتبار (ریال)', 'تاریخ ثبت'];
const CITIES = ['تهران', 'اصفهان', 'شیراز', 'تبریز', 'مشهد'];
const row = (i: number, prefix: string) => [
  `${prefix}${tag}-${i}`,
  `مشتری ورودی ${i}`,
  'حقیقی',
  nationalCode(i),
  '09121234567',
  CITIES[i % CITIES.length]!,
  1_000_000 + (i % 1000) * 1000,
  '1405/01/15',
];

let started = Date.now();
const book = new ExcelJS.Workbook();
const sheet = book.addWorksheet('داده‌ها');
sheet.addRow(HEADERS);
for (let i = 0; i < ROWS; i++) sheet.addRow(row(i, 'I'));
const xlsx = Buffer.from(await book.xlsx.writeBuffer());
console.log(
  `  ${ROWS} rows: XLSX of ${round(xlsx.length / 2 ** 20, 1)} MB made in ${Date.now() - started} ms`,
);

const figures: Figure[] = [];
const server = await startServer(url);
let importMs = 0;
let previewMs = 0;
let serverCpu = 0;
try {
  const auth = { authorization: `Bearer ${await token(server.url)}`, 'content-type': 'application/json' };
  const post = async <T>(path: string, body: object): Promise<T> => {
    const res = await fetch(`${server.url}/api/${path}`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${path}: ${res.status} ${text.slice(0, 500)}`);
    return (JSON.parse(text) as { Data: T }).Data;
  };
  const template = await fetch(`${server.url}/api/Import/Template`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ entity: 'sales.customer' }),
  });
  if (!template.ok) throw new Error(`template: ${template.status}`);
  await template.arrayBuffer();
  const body = {
    entity: 'sales.customer',
    fileName: 'customers.xlsx',
    content: xlsx.toString('base64'),
    mode: 'insert',
  };
  const cpu0 = cpuMs(server.pid);
  started = Date.now();
  const preview = await post<ImportPreviewAnswer>('Import/Preview', body);
  previewMs = Date.now() - started;
  if (preview.total !== ROWS || preview.badRows !== 0)
    throw new Error(
      `preview: ${preview.total} rows, ${preview.badRows} bad: ${JSON.stringify(preview.errors.slice(0, 3))}`,
    );
  let job = await post<ImportJobAnswer>('Import/Run', { ...body, mapping: preview.mapping });
  let last = 0;
  while (job.status === 'running') {
    await new Promise((r) => setTimeout(r, 250));
    job = (await post<ImportJobAnswer | null>('Import/Status', { id: job.id }))!;
    if (job.written - last >= 20_000) {
      last = job.written;
      console.log(`  written ${job.written}/${ROWS} (${round((Date.now() - started) / 1000, 1)} s)`);
    }
  }
  importMs = Date.now() - started;
  serverCpu = cpuMs(server.pid) - cpu0;
  if (job.status !== 'done' || job.written !== ROWS)
    throw new Error(
      `job: ${job.status}, ${job.written} written, ${job.failed} failed: ${JSON.stringify(job.errors.slice(0, 3))}`,
    );
} finally {
  await server.stop();
}

// the floor: the same rows, as stored by the import, raw into the same table
const db = new SQLite(file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
const cols = [
  'version',
  'created_at',
  'updated_at',
  'created_by',
  'code',
  'name',
  'customerType',
  'nationalCode',
  'mobile',
  'city',
  'creditLimit',
  'registeredOn',
];
const insert = db.prepare(
  `insert into "${TABLE}" (${cols.map((c) => `"${c}"`).join(', ')}) values (${cols.map(() => '?').join(', ')})`,
);
const batch = db.transaction((from: number, to: number) => {
  const now = new Date().toISOString();
  for (let i = from; i < to; i++) {
    const r = row(i, 'F');
    insert.run(1, now, now, 1, r[0], r[1], 'person', r[3], r[4], r[5], r[6], '2026-04-04');
  }
});
started = Date.now();
for (let at = 0; at < ROWS; at += 10_000) batch(at, Math.min(ROWS, at + 10_000));
const floorMs = Date.now() - started;
const imported = Number(
  (db.prepare(`select count(*) as n from "${TABLE}" where code like ?`).get(`I${tag}-%`) as { n: number }).n,
);
db.close();
if (imported !== ROWS) throw new Error(`${imported} rows imported, not ${ROWS}`);

const rate = Math.round(ROWS / (importMs / 1000));
const floorRate = Math.round(ROWS / (floorMs / 1000));
console.log(
  `  import: ${ROWS} rows in ${round(importMs / 1000, 1)} s (preview ${round(previewMs / 1000, 1)} s; server CPU ${round(serverCpu / 1000, 1)} s), ${rate} rows/s; ` +
    `floor: ${round(floorMs / 1000, 2)} s, ${floorRate} rows/s; ratio ${round(rate / floorRate, 3)}`,
);
figures.push({
  name: `import ${ROWS} customers, UI path (Preview+Run+Status, SQLite)`,
  value: rate,
  unit: 'rows/s',
  floor: floorRate,
  floorName: 'raw bulk insert, same rows, same table',
  goal: '≥ 50% of floor',
  pass: rate >= 0.5 * floorRate,
});
figures.push({
  name: 'import: time from Preview to done',
  value: round(importMs / 1000, 1),
  unit: 's',
  goal: 'reported',
  pass: true,
});
figures.push({
  name: 'import: of which Preview',
  value: round(previewMs / 1000, 1),
  unit: 's',
  goal: 'reported',
  pass: true,
});
writeResults('import', figures);
