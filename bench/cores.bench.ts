/**
 * Every core (issue #28): an open-loop ERP mix (bench/lib/openLoop.ts) at rising fixed rates
 * against the server with WORKERS=1 and then WORKERS=2 on the same database in the same run; each
 * answers the highest rate held with p99 ≤ 300 ms and no error, and the cluster's against one
 * process's (goal ≥ 1.7× on 2 cores). SQLite, and PostgreSQL with BENCH_CORES_PG=1.
 *
 * The mix, on 20,000 customers (BENCH_CORES_ROWS) and the small demo: 50% customer list pages
 * (filters, sorts, 50 rows), 15% a customer by id, 10% a new customer, 10% invoice list pages,
 * 10% the menu, 5% a customer text search. Each rate runs BENCH_STEP_S seconds (default 10), the
 * rates are BENCH_RATES (req/s, ascending). The load generator runs on the same machine.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fill, postgres } from './lib/data';
import { highestRate, openLoop, type Call, type StepResult } from './lib/openLoop';
import { startServer, token } from './lib/proc';
import { writeResults, type Figure } from './lib/results';

const ROWS = Number(process.env.BENCH_CORES_ROWS ?? 20_000);
const STEP_S = Number(process.env.BENCH_STEP_S ?? 10);
const RATES = (process.env.BENCH_RATES ?? '50,100,150,200,250,300,350,400,500,600,800')
  .split(',')
  .map(Number);
const P99_MS = 300;
/** BENCH_CORES_WRITES=0: the Creates of the mix become Gets (to tell the writes' share). */
const WRITES = process.env.BENCH_CORES_WRITES !== '0';
const GOAL = 1.7;

const sorts = ['code', 'name', 'city', 'creditLimit', 'registeredOn'];
const cities = ['تهران', 'مشهد', 'اصفهان', 'شیراز', 'تبریز'];
const tag = Date.now().toString(36).toUpperCase();
/** New customers' codes stay unique over every step and both servers. */
let created = 0;

/** The n-th request of the mix. */
function mix(n: number): Call {
  const kind = n % 20;
  const page = (path: string, filterModel: object, sort: string) => ({
    path,
    body: JSON.stringify({
      startRow: 50 * (n % 40),
      endRow: 50 * (n % 40) + 50,
      sortModel: [{ colId: sort, sort: n % 2 ? 'asc' : 'desc' }],
      filterModel,
    }),
  });
  if (kind < 10)
    return page(
      '/api/Sales/Customer/GetList',
      n % 3 === 0 ? { city: { filterType: 'text', type: 'equals', filter: cities[n % cities.length] } } : {},
      sorts[n % sorts.length]!,
    );
  if (kind < 13 || (kind < 15 && !WRITES))
    return { path: '/api/Sales/Customer/Get', body: JSON.stringify({ id: 1 + ((n * 7919) % ROWS) }) };
  if (kind < 15)
    return {
      path: '/api/Sales/Customer/Create',
      body: JSON.stringify({
        values: {
          code: `C${tag}-${created++}`,
          name: 'مشتری آزمون بار',
          customerType: 'person',
          nationalCode: '0499370899',
          city: cities[n % cities.length],
          active: true,
        },
      }),
    };
  if (kind < 17) return page('/api/Sales/Invoice/GetList', {}, 'id');
  if (kind < 19) return { path: '/api/Security/Menu/GetMenu', body: '{}' };
  return page(
    '/api/Sales/Customer/GetList',
    { name: { filterType: 'text', type: 'contains', filter: 'علی' } },
    'code',
  );
}

const line = (label: string, s: StepResult) =>
  console.log(
    `  ${label} ${s.rate} req/s: ${s.ok}/${s.sent} ok, ${s.errors} errors, p50 ${s.p50} ms, p99 ${s.p99} ms`,
  );

/** The pid of the process answering a request on a new connection (WORKER_PID_HEADER). */
function pidOf(base: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}/api/bench-which`, { method: 'POST', agent: false }, (res) => {
      res.resume();
      resolve(String(res.headers['x-server-pid'] ?? ''));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Waits until `workers` processes answer (the first listens seconds before the others). */
async function allListening(base: string, workers: number): Promise<void> {
  const seen = new Set<string>();
  const until = Date.now() + 120_000;
  while (seen.size < workers) {
    if (Date.now() > until) throw new Error(`only ${seen.size} of ${workers} processes answered`);
    seen.add(await pidOf(base));
    if (seen.size < workers) await new Promise((r) => setTimeout(r, 100));
  }
}

/** The highest rate one server (WORKERS=`workers`) holds on `url`. */
async function measure(
  url: string,
  workers: number,
  label: string,
): Promise<{ held: number; steps: StepResult[] }> {
  const server = await startServer(url, { WORKERS: String(workers), WORKER_PID_HEADER: '1' });
  try {
    await allListening(server.url, workers);
    const headers = {
      authorization: `Bearer ${await token(server.url)}`,
      'content-type': 'application/json',
    };
    // warm-up: the first requests compile the queries and fill the caches of every process
    await openLoop(server.url, RATES[0]!, 5, headers, mix);
    return await highestRate(
      RATES,
      (rate) => openLoop(server.url, rate, STEP_S, headers, mix),
      P99_MS,
      (s) => line(label, s),
    );
  } finally {
    await server.stop();
  }
}

async function compare(dialect: string, url: string, figures: Figure[]): Promise<void> {
  await fill(url, ROWS);
  const one = await measure(url, 1, `${dialect} WORKERS=1`);
  const two = await measure(url, 2, `${dialect} WORKERS=2`);
  const name = `open-loop ERP mix, ${dialect}: highest rate with p99 ≤ ${P99_MS} ms and no errors`;
  figures.push({ name: `${name}, 1 process`, value: one.held, unit: 'req/s', goal: 'reported', pass: true });
  figures.push({
    name: `${name}, WORKERS=2`,
    value: two.held,
    unit: 'req/s',
    floor: one.held,
    floorName: '1 process, same run',
    goal: `≥ ${GOAL}× of 1 process`,
    pass: one.held > 0 && two.held >= GOAL * one.held,
  });
}

const figures: Figure[] = [];
const dir = mkdtempSync(join(tmpdir(), 'bench-cores-'));
try {
  await compare('SQLite', `sqlite:${join(dir, 'cores.sqlite')}`, figures);
  if (process.env.BENCH_CORES_PG === '1') {
    const { pg, url } = await postgres(ROWS);
    try {
      await compare('PostgreSQL', url, figures);
    } finally {
      await pg.stop();
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
writeResults('cores', figures);
