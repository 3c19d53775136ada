/**
 * Ledger reports over 1,000,000 voucher lines (bench/lib/ledgerData.ts), on SQLite and on a
 * throwaway PostgreSQL: Report/Definition/Run over HTTP against the real server of
 *   - the trial balance of the year (8 columns at the general level: every figure of every account),
 *   - an account statement page: the ledger of trade receivables (1201, the busiest account, four
 *     lines in ten) over the year, its first page (2000 lines, with the totals of the whole year),
 * each beside its floor, alternated request by request: a bare Fastify route (bench/lib/replayFloor.ts)
 * running the same SQL statements on the driver (better-sqlite3 with the server's pragmas, or pg)
 * and answering the same bytes, as the getlist bench's floor. The statements are captured from the
 * report's own run in process (a Kysely plugin compiling each query; the second of two runs, so the
 * caches the server keeps warm are warm), not written again; their time alone on the driver in this
 * process is reported too. Goal: ≤ 1.5× floor, and the trial balance ≤ 1 s.
 * BENCH_N runs per case (default 20). BENCH_PG=0 skips PostgreSQL, BENCH_SQLITE=0 SQLite.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import type { CompiledQuery, KyselyPlugin } from 'kysely';
import pg from 'pg';
import { buildApp } from '../server/app';
import type { CurrentUser } from '../server/context';
import { registerWriteWatch, writeWatchOf } from '../server/db/writeWatch';
import { runReportDefinition } from '../server/reportDefs/run';
import { createDatabase, startPostgres } from '../tests/support/pg';
import { DATA_DIR, serverEnv } from './lib/data';
import { fillLedger, LINES, YEAR, type LedgerFacts } from './lib/ledgerData';
import type { ReplayCase } from './lib/replayFloor';
import { cpuMs, startReplayFloor, startServer, token } from './lib/proc';
import { percentile, round, writeResults, type Figure } from './lib/results';
import { interleaved, post, type Target } from './lib/timing';

const N = Number(process.env.BENCH_N ?? 20);

interface Case {
  name: string;
  body: { report: string; params: Record<string, unknown> };
  /** The trial balance's absolute goal, ms. */
  within?: number;
}

function cases(facts: LedgerFacts): Case[] {
  return [
    {
      name: 'trial balance, year, 8 columns',
      body: { report: 'accounting.trialBalance', params: { range: YEAR, level: '2', columns: '8' } },
      within: 1000,
    },
    {
      name: 'account statement page (1201, 2000 lines)',
      body: { report: 'accounting.ledger', params: { account: facts.receivable, range: YEAR } },
    },
  ];
}

/** The SQL statements each report runs, captured from its run in process (the second of two). */
async function capture(url: string, list: Case[]): Promise<CompiledQuery[][]> {
  const app = await buildApp({ logger: false, env: serverEnv(url, 0) });
  try {
    const base = app.ctx.db;
    // a statement counts once it ran (its result came back): a subquery is compiled on its own
    // too (transformQuery) but runs inside its query
    const compiled = new Map<unknown, CompiledQuery>();
    const seen: CompiledQuery[] = [];
    const plugin: KyselyPlugin = {
      transformQuery(args) {
        compiled.set(args.queryId, base.getExecutor().compileQuery(args.node, args.queryId));
        return args.node;
      },
      transformResult: async (args) => {
        const q = compiled.get(args.queryId);
        if (q) seen.push(q);
        return args.result;
      },
    };
    const db = base.withPlugin(plugin);
    // the server's caches (permissions, settings) key on the database and its write watch
    const watch = writeWatchOf(base);
    if (watch) registerWriteWatch(db, watch);
    const ctx = { ...app.ctx, db };
    const row = await base
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    const user: CurrentUser = {
      id: Number(row.id),
      username: row.username,
      displayName: row.display_name,
      role: row.role,
      isVendor: false,
      isCustomer: false,
      partyId: null,
      pwdChange: false,
    };
    const out: CompiledQuery[][] = [];
    for (const c of list) {
      await runReportDefinition(ctx, user, c.body, 'fa', null);
      seen.length = 0;
      compiled.clear();
      await runReportDefinition(ctx, user, c.body, 'fa', null);
      out.push([...seen]);
    }
    return out;
  } finally {
    await app.close();
  }
}

/** The captured statements run bare on the driver in this process (their SQL time alone, reported). */
async function sqlRunner(url: string, queries: CompiledQuery[][]) {
  if (url.startsWith('sqlite:')) {
    const db = new SQLite(url.slice('sqlite:'.length));
    db.pragma('journal_mode = WAL');
    db.pragma('busy_timeout = 5000');
    const prepared = queries.map((qs) => qs.map((q) => ({ stmt: db.prepare(q.sql), params: q.parameters })));
    return {
      run: async (i: number) => {
        let rows = 0;
        for (const { stmt, params } of prepared[i]!)
          rows += stmt.reader ? stmt.all(...(params as unknown[])).length : 0;
        return rows;
      },
      close: async () => db.close(),
    };
  }
  pg.types.setTypeParser(20, (v) => Number(v));
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  return {
    run: async (i: number) => {
      let rows = 0;
      for (const q of queries[i]!) rows += (await pool.query(q.sql, q.parameters as unknown[])).rowCount ?? 0;
      return rows;
    },
    close: () => pool.end(),
  };
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { p50: round(percentile(s, 50)), p95: round(percentile(s, 95)) };
};

async function measure(label: string, url: string, facts: LedgerFacts): Promise<Figure[]> {
  const list = cases(facts);
  const queries = await capture(url, list);
  const server = await startServer(url);
  const figures: Figure[] = [];
  let floor: Awaited<ReturnType<typeof startReplayFloor>> | undefined;
  const bare = await sqlRunner(url, queries);
  try {
    const auth = { authorization: `Bearer ${await token(server.url)}` };
    const run = `${server.url}/api/Report/Definition/Run`;
    // the floor answers the bytes the server answers
    const replay: ReplayCase[] = [];
    for (const [i, c] of list.entries()) {
      const { text } = await post(run, auth, c.body);
      replay.push({
        queries: queries[i]!.map((q) => ({ sql: q.sql, parameters: [...q.parameters] })),
        body: text,
      });
      const data = (JSON.parse(text) as { Data: { rows: unknown[]; truncated?: boolean } }).Data;
      console.log(
        `  ${label} ${c.name}: ${data.rows.length} rows${data.truncated ? ' (a page)' : ''}, ${text.length} bytes; ` +
          `${queries[i]!.length} statements (${await bare.run(i)} rows):\n` +
          queries[i]!.map((q) => `    ${q.sql.replace(/\s+/g, ' ').slice(0, 200)}`).join('\n'),
      );
    }
    const file = join(DATA_DIR, `ledger-floor-${label}.json`);
    writeFileSync(file, JSON.stringify(replay));
    floor = await startReplayFloor(url, file);
    const replayUrl = `${floor.url}/floor/replay`;
    for (const [i, c] of list.entries()) {
      const ours: Target = { url: run, headers: auth, body: () => c.body };
      const route: Target = { url: replayUrl, headers: {}, body: () => ({ case: i }) };
      const same = (await post(replayUrl, {}, { case: i })).text;
      if (same !== replay[i]!.body) throw new Error('the floor answers other bytes');
      // warm both (page cache, JIT, prepared statements)
      await interleaved(ours, route, 5);
      const cpu = [cpuMs(server.pid), cpuMs(floor.pid)];
      const [o, f] = await interleaved(ours, route, N);
      // CPU time per request of each process over the same requests: what the load leaves alone
      const [oCpu, fCpu] = [cpuMs(server.pid) - cpu[0]!, cpuMs(floor.pid) - cpu[1]!].map((ms) =>
        round(ms / N),
      );
      const sqlAlone: number[] = [];
      for (let k = 0; k < N; k++) {
        const t = performance.now();
        await bare.run(i);
        sqlAlone.push(performance.now() - t);
      }
      const s = stats(sqlAlone);
      console.log(
        `  ${label} ${c.name}: ours ${JSON.stringify(o)}, floor ${JSON.stringify(f)}, the SQL alone in process ${JSON.stringify(s)}, CPU per request ours ${oCpu} ms, floor ${fCpu} ms`,
      );
      const name = `${label} ${c.name}`;
      const goal = `≤ 1.5× floor${c.within ? ` and ≤ ${c.within / 1000} s` : ''}`;
      const pass = (v: number, fl: number) => v <= 1.5 * fl && (!c.within || v <= c.within);
      const floorName = 'same SQL on the driver, same bytes';
      figures.push(
        {
          name: `${name} p50`,
          value: o.p50,
          unit: 'ms',
          floor: f.p50,
          floorName,
          goal,
          pass: pass(o.p50, f.p50),
        },
        {
          name: `${name} p95`,
          value: o.p95,
          unit: 'ms',
          floor: f.p95,
          floorName,
          goal,
          pass: pass(o.p95, f.p95),
        },
        {
          name: `${name}: CPU per request (process time over the runs)`,
          value: oCpu!,
          unit: 'ms',
          floor: fCpu!,
          floorName: 'the floor process',
          goal: 'reported',
          pass: true,
        },
        {
          name: `${name}: the SQL alone in process, p50`,
          value: s.p50,
          unit: 'ms',
          goal: 'reported',
          pass: true,
        },
      );
    }
    return figures;
  } finally {
    await bare.close();
    await floor?.stop();
    await server.stop();
  }
}

const figures: Figure[] = [];
if (process.env.BENCH_SQLITE !== '0') {
  mkdirSync(DATA_DIR, { recursive: true });
  const file = join(DATA_DIR, `ledger-${LINES}.sqlite`);
  if (!existsSync(file)) console.log(`  creating ${file} (kept for the next runs)`);
  const url = `sqlite:${file}`;
  const t = Date.now();
  const facts = await fillLedger(url);
  console.log(`  SQLite ready in ${round((Date.now() - t) / 1000, 1)} s: ${JSON.stringify(facts)}`);
  figures.push(...(await measure('SQLite', url, facts)));
}
if (process.env.BENCH_PG !== '0') {
  const t = Date.now();
  const pgServer = await startPostgres();
  try {
    const url = await createDatabase(pgServer.url, 'bench');
    const facts = await fillLedger(url);
    console.log(`  PostgreSQL filled in ${round((Date.now() - t) / 1000, 1)} s: ${JSON.stringify(facts)}`);
    figures.push(...(await measure('PostgreSQL', url, facts)));
  } finally {
    await pgServer.stop();
  }
}
writeResults('ledger', figures);
