/**
 * The floor of the HTTP benches: a bare Fastify process running the same SQL as GetList/Create of
 * sales.customer directly on the driver (better-sqlite3 with the server's pragmas, or pg), and
 * answering the same bytes (same envelope, same row shape). No auth, permission, validation or audit.
 * POST /floor/list { startRow, endRow, city?, minCredit?, sort, lastRow? } (counts when lastRow is absent)
 * POST /floor/create { values } (one insert, committed: the same durability as the server)
 */
import { readFileSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';

const url = process.env.DATABASE_URL as string;
const TABLE = 'e_sales_customer';
const schema = JSON.parse(readFileSync('schemas/sales/customer.json', 'utf8')) as {
  schema: { properties: Record<string, { type: string }> };
};
const FIELDS = Object.entries(schema.schema.properties);
const SYSTEM: [string, string][] = [
  ['id', 'id'],
  ['version', 'version'],
  ['createdAt', 'created_at'],
  ['updatedAt', 'updated_at'],
  ['createdBy', 'created_by'],
  ['updatedBy', 'updated_by'],
];
type Row = Record<string, unknown>;

function apiRow(r: Row): Row {
  const out: Row = {};
  for (const [api, col] of SYSTEM) {
    const v = r[col];
    if (v !== null && v !== undefined)
      out[api] = api === 'createdAt' || api === 'updatedAt' ? String(v) : Number(v);
  }
  for (const [name, f] of FIELDS) {
    const v = r[name];
    if (v === null || v === undefined) continue;
    if (f.type === 'boolean') out[name] = v === true || v === 1;
    else if (f.type === 'integer' || f.type === 'number') out[name] = Number(v);
    else out[name] = String(v);
  }
  return out;
}

interface ListBody {
  startRow: number;
  endRow: number;
  city?: string;
  minCredit?: number;
  sort: { column: string; dir: 'asc' | 'desc' };
  lastRow?: number;
}

const sqlite = url.startsWith('sqlite:');
const ph = (i: number) => (sqlite ? '?' : `$${i}`);

function where(b: ListBody): { text: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (b.city !== undefined) {
    // as server/entities/filters.ts: a value without letter case is compared as is
    const v = b.city.toLowerCase();
    params.push(v);
    parts.push(
      v === v.toUpperCase() ? `"city" = ${ph(params.length)}` : `lower("city") = ${ph(params.length)}`,
    );
  }
  if (b.minCredit !== undefined) {
    params.push(b.minCredit);
    parts.push(`"creditLimit" > ${ph(params.length)}`);
  }
  return { text: parts.length ? parts.join(' and ') : '1 = 1', params };
}

function listSql(b: ListBody): { page: string; count: string; params: unknown[] } {
  const w = where(b);
  const col = /^[A-Za-z]+$/.test(b.sort.column) ? b.sort.column : 'id';
  const dir = b.sort.dir === 'desc' ? 'desc' : 'asc';
  const n = w.params.length;
  const order = col === 'id' ? `"id" ${dir}` : `"${col}" ${dir}, "id" ${dir}`;
  return {
    page: `select * from "${TABLE}" where ${w.text} order by ${order} limit ${ph(n + 1)} offset ${ph(n + 2)}`,
    count: `select count(*) as "n" from "${TABLE}" where ${w.text}`,
    params: w.params,
  };
}

const envelope = (data: unknown) => ({
  State: 0,
  Data: data,
  MessageTexts: [],
  ServerMessageTexts: [],
  TableMessageTexts: [],
});

const app = Fastify({ logger: false });
const insertCols = [
  'version',
  'created_at',
  'updated_at',
  'created_by',
  'updated_by',
  ...FIELDS.map(([n]) => n),
];

if (sqlite) {
  const db = new SQLite(url.slice('sqlite:'.length));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  const insert = db.prepare(
    `insert into "${TABLE}" (${insertCols.map((c) => `"${c}"`).join(', ')}) values (${insertCols.map(() => '?').join(', ')}) returning id`,
  );
  app.post<{ Body: ListBody }>('/floor/list', async (req) => {
    const b = req.body;
    const q = listSql(b);
    const rows = (db.prepare(q.page).all(...q.params, b.endRow - b.startRow, b.startRow) as Row[]).map(
      apiRow,
    );
    const lastRow = b.lastRow ?? Number((db.prepare(q.count).get(...q.params) as { n: number }).n);
    return envelope({ rows, lastRow });
  });
  app.post<{ Body: { values: Row } }>('/floor/create', async (req) => {
    const now = new Date().toISOString();
    const v = req.body.values;
    const params = [
      1,
      now,
      now,
      null,
      null,
      ...FIELDS.map(([n, f]) => (f.type === 'boolean' ? (v[n] ? 1 : 0) : (v[n] ?? null))),
    ];
    return envelope(insert.get(...params));
  });
} else {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pg.types.setTypeParser(20, (v) => Number(v));
  app.post<{ Body: ListBody }>('/floor/list', async (req) => {
    const b = req.body;
    const q = listSql(b);
    const page = await pool.query(q.page, [...q.params, b.endRow - b.startRow, b.startRow]);
    const lastRow = b.lastRow ?? Number((await pool.query(q.count, q.params)).rows[0].n);
    return envelope({ rows: (page.rows as Row[]).map(apiRow), lastRow });
  });
  app.post<{ Body: { values: Row } }>('/floor/create', async (req) => {
    const now = new Date().toISOString();
    const v = req.body.values;
    const params = [1, now, now, null, null, ...FIELDS.map(([n]) => v[n] ?? null)];
    const sqlText = `insert into "${TABLE}" (${insertCols.map((c) => `"${c}"`).join(', ')}) values (${insertCols.map((_, i) => `$${i + 1}`).join(', ')}) returning id`;
    return envelope((await pool.query(sqlText, params)).rows[0]);
  });
}

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
