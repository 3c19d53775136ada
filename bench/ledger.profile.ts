/**
 * Where a ledger report's request time goes (not a bench, not run by `npm run bench`):
 * `npx tsx bench/ledger.profile.ts [out]` on the ledger bench's SQLite file (run the bench once
 * first). For each case of bench/ledger.bench.ts, in this process: the whole request
 * (Report/Definition/Run through Fastify's inject: body, auth, gates, run, envelope, JSON), the
 * run alone (runReportDefinition), the source alone, the JSON of the answer, each p50 over
 * BENCH_N runs (default 200); then the request again under the CPU profiler (written to `out`,
 * default /tmp/ledger.cpuprofile) with the sampled functions by self time.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { buildApp } from '../server/app';
import type { CurrentUser } from '../server/context';
import type { Untyped } from '../server/db/untyped';
import { reportAccess } from '../server/reportDefs/access';
import { applyParams } from '../server/reportDefs/params';
import { namedReport, runReportDefinition } from '../server/reportDefs/run';
import { DATA_DIR, serverEnv } from './lib/data';
import { LINES, YEAR } from './lib/ledgerData';
import type { ReplayCase } from './lib/replayFloor';
import { percentile, round } from './lib/results';

const N = Number(process.env.BENCH_N ?? 200);
const out = process.argv[2] ?? '/tmp/ledger.cpuprofile';
const url = `sqlite:${join(DATA_DIR, `ledger-${LINES}.sqlite`)}`;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

const app = await buildApp({ logger: false, env: serverEnv(url, 0) });
const ctx = app.ctx;
const tokenRes = await app.inject({
  method: 'POST',
  url: '/Token',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: 'grant_type=password&username=admin&password=Demo%401405',
});
const auth = {
  authorization: `Bearer ${(JSON.parse(tokenRes.body) as { access_token: string }).access_token}`,
};
const row = await ctx.db
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
const receivable = Number(
  (
    await (ctx.db as unknown as Untyped)
      .selectFrom('e_accounting_account')
      .select('id')
      .where('code', '=', '1201')
      .executeTakeFirstOrThrow()
  ).id,
);
const cases = [
  {
    name: 'trial balance',
    body: { report: 'accounting.trialBalance', params: { range: YEAR, level: '2', columns: '8' } },
  },
  {
    name: 'statement page',
    body: { report: 'accounting.ledger', params: { account: receivable, range: YEAR } },
  },
];

async function p50(fn: () => Promise<unknown> | unknown): Promise<number> {
  for (let i = 0; i < 10; i++) await fn();
  const xs: number[] = [];
  for (let i = 0; i < N; i++) {
    const t = performance.now();
    await fn();
    xs.push(performance.now() - t);
  }
  return round(
    percentile(
      xs.sort((a, b) => a - b),
      50,
    ),
    3,
  );
}

const request = (body: unknown) => () =>
  app.inject({ method: 'POST', url: '/api/Report/Definition/Run', headers: auth, payload: body as object });

// the floor's statements (the bench's last capture) on a connection of this process
const floorFile = join(DATA_DIR, 'ledger-floor-SQLite.json');
const replay = existsSync(floorFile) ? (JSON.parse(readFileSync(floorFile, 'utf8')) as ReplayCase[]) : [];
const bare = new SQLite(url.slice('sqlite:'.length));
bare.pragma('journal_mode = WAL');
const prepared = replay.map((r) =>
  r.queries.map((q) => ({ stmt: bare.prepare(q.sql), params: q.parameters })),
);

for (const [i, c] of cases.entries()) {
  const def = namedReport(ctx, c.body, 'fa');
  const access = await reportAccess(ctx, user, def, 'view');
  const params = await applyParams(ctx, def, c.body.params, 'fa', null, access.forced);
  const answer = await runReportDefinition(ctx, user, c.body, 'fa', null);
  const figures = {
    request: await p50(request(c.body)),
    run: await p50(() => runReportDefinition(ctx, user, c.body, 'fa', null)),
    access: await p50(() => reportAccess(ctx, user, def, 'view')),
    params: await p50(() => applyParams(ctx, def, c.body.params, 'fa', null, access.forced)),
    source: await p50(() => access.source.run({ ctx, user, def, entity: access.entity, params, lang: 'fa' })),
    json: await p50(() => JSON.stringify({ State: 0, Data: answer.result })),
    sql: await p50(() => {
      for (const { stmt, params } of prepared[i] ?? []) if (stmt.reader) stmt.all(...params);
    }),
  };
  console.log(`${c.name}: ${JSON.stringify(figures)} (ms, p50 of ${N})`);
}

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 50 });
for (const c of cases) {
  await session.post('Profiler.start');
  for (let i = 0; i < N; i++) await request(c.body)();
  const { profile } = (await session.post('Profiler.stop')) as {
    profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
  };
  writeFileSync(
    out.replace(/(\.cpuprofile)?$/, `-${c.name.replace(/\W+/g, '-')}.cpuprofile`),
    JSON.stringify(profile),
  );
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byName = new Map<string, number>();
  for (const n of profile.nodes) {
    const f = n.callFrame;
    const key = `${f.functionName || '(anon)'} ${f.url.replace(/^.*\/(node_modules\/)?/, '')}:${f.lineNumber + 1}`;
    byName.set(key, (byName.get(key) ?? 0) + (self.get(n.id) ?? 0));
  }
  const total = [...byName.values()].reduce((a, b) => a + b, 0);
  console.log(`\n${c.name}: ${round(total / 1000 / N, 3)} ms sampled per request; self time per request:`);
  for (const [k, v] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, 30))
    console.log(`  ${round(v / 1000 / N, 3).toFixed(3)} ms  ${k}`);
}
session.disconnect();
await app.close();
