/**
 * Durability under crashes: a real server process (`tsx server/main.ts`) takes concurrent creates
 * and is killed with SIGKILL mid-stream, again and again. After each restart every acknowledged
 * write (a 200 answer) is in the database, every row written here has its audit entry (same transaction), and the database passes its
 * integrity check: SQLite (WAL, synchronous=FULL) `PRAGMA integrity_check`; PostgreSQL amcheck's
 * bt_index_check on every index plus the same row/audit consistency.
 * Each database is killed 20 times (CRASH_KILLS overrides). The server is bundled once by esbuild
 * (the same server/main.ts, node_modules left external) so a restart costs node's start, not tsx's
 * transpiling of the whole server; the throwaway PostgreSQL runs with fsync=off, so there only
 * the application's acknowledgement discipline is under test, not the disk.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { build } from 'esbuild';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../server/config';
import { tableName } from '../../server/definitions/registry';
import { freePort } from '../support/pg';
import { PASSWORD, SECRET, freshDatabase } from './helpers';

const KILLS = Number(process.env.CRASH_KILLS) || 20;
const UNIT_TABLE = tableName({ module: 'inventory', name: 'unit' });
// one directory below the project root, so server/config.ts's PROJECT_ROOT (the bundle's folder/..) holds
const fromRoot = createRequire(join(PROJECT_ROOT, 'package.json'));
const BUNDLE = join(PROJECT_ROOT, '.tmp', `crash-server-${process.pid}.mjs`);

beforeAll(async () => {
  await build({
    entryPoints: [join(PROJECT_ROOT, 'server/main.ts')],
    outfile: BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
    plugins: [
      {
        // packages stay in node_modules; a deep import (ajv/dist/standalone) is handed to node as
        // the file require() finds, since ESM resolution refuses directories and missing extensions
        name: 'node-modules-external',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, ({ path }) => {
            const deep = /^(@[^/]+\/)?[^/]+\/./.test(path) && !path.startsWith('node:');
            return { path: deep ? fromRoot.resolve(path) : path, external: true };
          });
        },
      },
    ],
  });
}, 60_000);
afterAll(() => rmSync(BUNDLE, { force: true }));

interface Proc {
  child: ChildProcess;
  base: string;
}

async function start(databaseUrl: string): Promise<Proc> {
  const port = await freePort();
  const child = spawn(process.execPath, [BUNDLE], {
    cwd: PROJECT_ROOT,
    detached: true, // its own process group: SIGKILL reaches tsx's node child too
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      JWT_SECRET: SECRET,
      DEMO_PASSWORD: PASSWORD,
      DEMO_VOLUME: 'small',
      STATIC_DIR: join(tmpdir(), 'no-such-dist'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-5000);
      if (output.includes('Server listening')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  child.removeAllListeners('exit');
  return { child, base: `http://127.0.0.1:${port}` };
}

function kill(proc: Proc): Promise<void> {
  return new Promise((resolve) => {
    if (proc.child.exitCode !== null || proc.child.signalCode !== null) return resolve();
    proc.child.once('exit', () => resolve());
    process.kill(-proc.child.pid!, 'SIGKILL');
  });
}

/** Writes until the process dies; answers the ids and titles the server acknowledged. */
async function writeUntilKilled(proc: Proc, token: string, cycle: number, killAfterMs: number) {
  const acknowledged = new Map<number, string>();
  let stop = false;
  const worker = async (w: number) => {
    for (let i = 0; !stop; i++) {
      const title = `c${cycle}-w${w}-${i}`;
      try {
        const res = await fetch(`${proc.base}/api/Inventory/Unit/Create`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ values: { title, symbol: 'k' } }),
        });
        if (res.status !== 200) continue;
        const body = (await res.json()) as { Data: { id: number } };
        acknowledged.set(Number(body.Data.id), title);
      } catch {
        stop = true; // the connection died with the process
      }
    }
  };
  const workers = Array.from({ length: 8 }, (_, w) => worker(w));
  await new Promise((r) => setTimeout(r, killAfterMs));
  await kill(proc);
  stop = true;
  await Promise.all(workers);
  return acknowledged;
}

async function signInOnce(base: string): Promise<string> {
  const res = await fetch(`${base}/Token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: 'admin', password: PASSWORD }).toString(),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

interface Check {
  titles(): Promise<Map<number, string>>;
  unaudited(): Promise<number>;
  integrity(): Promise<string[]>;
  close(): Promise<void>;
}

function sqliteCheck(url: string): Check {
  const file = url.slice('sqlite:'.length);
  const open = () => new SQLite(file, { readonly: true });
  return {
    async titles() {
      const db = open();
      try {
        const rows = db.prepare(`select id, title from ${UNIT_TABLE}`).all() as Array<{
          id: number;
          title: string;
        }>;
        return new Map(rows.map((r) => [Number(r.id), r.title]));
      } finally {
        db.close();
      }
    },
    async unaudited() {
      const db = open();
      try {
        const row = db
          .prepare(
            `select count(*) as n from ${UNIT_TABLE} u where not exists (select 1 from audit_log a where a.entity = 'inventory.unit' and a.row_id = u.id and a.action = 'create') and u.title like 'c%-w%'`,
          )
          .get() as { n: number };
        return row.n;
      } finally {
        db.close();
      }
    },
    async integrity() {
      const db = open();
      try {
        return (db.pragma('integrity_check') as Array<{ integrity_check: string }>).map(
          (r) => r.integrity_check,
        );
      } finally {
        db.close();
      }
    },
    async close() {},
  };
}

function postgresCheck(url: string): Check {
  const client = new pg.Client({ connectionString: url });
  const ready = client.connect();
  return {
    async titles() {
      await ready;
      const res = await client.query<{ id: number; title: string }>(`select id, title from ${UNIT_TABLE}`);
      return new Map(res.rows.map((r) => [Number(r.id), r.title]));
    },
    async unaudited() {
      await ready;
      const res = await client.query<{ n: string }>(
        `select count(*) as n from ${UNIT_TABLE} u where not exists (select 1 from audit_log a where a.entity = 'inventory.unit' and a.row_id = u.id and a.action = 'create') and u.title like 'c%-w%'`,
      );
      return Number(res.rows[0]!.n);
    },
    async integrity() {
      await ready;
      await client.query('create extension if not exists amcheck');
      const indexes = await client.query<{ oid: number; name: string }>(
        `select c.oid, c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid
         join pg_am am on am.oid = c.relam join pg_namespace n on n.oid = c.relnamespace
         where am.amname = 'btree' and n.nspname = 'public'`,
      );
      expect(indexes.rows.length).toBeGreaterThan(5);
      for (const index of indexes.rows) await client.query('select bt_index_check($1, true)', [index.oid]);
      return ['ok'];
    },
    async close() {
      await ready;
      await client.end();
    },
  };
}

describe.each(['sqlite', 'postgres'] as const)('SIGKILL under concurrent writes on %s', (dialect) => {
  it(`keeps every acknowledged write over ${KILLS} kills`, { timeout: 600_000 }, async () => {
    const db = await freshDatabase(dialect);
    const check = dialect === 'sqlite' ? sqliteCheck(db.url) : postgresCheck(db.url);
    const all = new Map<number, string>();
    let token = '';
    try {
      for (let cycle = 0; cycle < KILLS; cycle++) {
        const proc = await start(db.url);
        token ||= await signInOnce(proc.base);
        const acknowledged = await writeUntilKilled(proc, token, cycle, 300 + ((cycle * 137) % 500));
        for (const [id, title] of acknowledged) all.set(id, title);
        const stored = await check.titles();
        const lost = [...all].filter(([id, title]) => stored.get(id) !== title);
        expect(lost).toEqual([]);
        expect(await check.unaudited()).toBe(0);
        expect(await check.integrity()).toEqual(['ok']);
      }
      expect(all.size).toBeGreaterThan(KILLS); // writes really were acknowledged
    } finally {
      await check.close();
      db.cleanup();
    }
  });
});
