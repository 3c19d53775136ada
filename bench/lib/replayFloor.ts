/**
 * The floor of the ledger bench: a bare Fastify process that runs a report's SQL statements on the
 * driver (better-sqlite3 with the server's pragmas, or pg), in order, and answers the bytes the real
 * server answered for that report. No auth, permission, parameter checks, report logic or
 * serialisation: what any server must do to answer that report, the SQL and the bytes on the wire.
 * FLOOR_CASES names a JSON file: [{ queries: [{ sql, parameters }], body }] (bench/ledger.bench.ts
 * writes it: the statements captured from the report's own run, the body of a real answer).
 * POST /floor/replay { case } runs case `case`.
 */
import { readFileSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';

export interface ReplayCase {
  queries: { sql: string; parameters: unknown[] }[];
  body: string;
}

const url = process.env.DATABASE_URL as string;
const cases = JSON.parse(readFileSync(process.env.FLOOR_CASES as string, 'utf8')) as ReplayCase[];
const bodies = cases.map((c) => Buffer.from(c.body, 'utf8'));
const app = Fastify({ logger: false });

const send = (reply: { type(t: string): { send(b: Buffer): unknown } }, i: number) =>
  reply.type('application/json; charset=utf-8').send(bodies[i]!);

if (url.startsWith('sqlite:')) {
  const db = new SQLite(url.slice('sqlite:'.length));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  const prepared = cases.map((c) =>
    c.queries.map((q) => ({ stmt: db.prepare(q.sql), params: q.parameters })),
  );
  app.post<{ Body: { case: number } }>('/floor/replay', async (req, reply) => {
    const i = req.body.case;
    for (const { stmt, params } of prepared[i]!) if (stmt.reader) stmt.all(...params);
    return send(reply, i);
  });
} else {
  // as the server: bigint (int8) as a number
  pg.types.setTypeParser(20, (v) => Number(v));
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  app.post<{ Body: { case: number } }>('/floor/replay', async (req, reply) => {
    const i = req.body.case;
    for (const q of cases[i]!.queries) await pool.query(q.sql, q.parameters);
    return send(reply, i);
  });
}

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
