/**
 * Throughput and memory with 1,000,000 customers on SQLite:
 * - authenticated GetList of 100 rows, requests/s under autocannon vs the floor route (goal ≥ 50%);
 * - server RSS while under that load;
 * - 200 concurrent clients for 60 s (BENCH_MIXED_S) of mixed reads and writes: errors (goal 0) and p99.
 */
import { sqliteUrl, ROWS } from './lib/data';
import { cannon } from './lib/cannon';
import { rssMb, startFloor, startServer, token } from './lib/proc';
import { round, writeResults, type Figure } from './lib/results';
import { post } from './lib/timing';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const MIXED_SECONDS = Number(process.env.BENCH_MIXED_S ?? 60);
const figures: Figure[] = [];
const url = await sqliteUrl();
const server = await startServer(url);
const floor = await startFloor(url);
try {
  const auth = { authorization: `Bearer ${await token(server.url)}`, 'content-type': 'application/json' };
  const body = { startRow: 0, endRow: 100, sortModel: [{ colId: 'code', sort: 'asc' }], filterModel: {} };
  const first = JSON.parse((await post(`${server.url}/api/Sales/Customer/GetList`, auth, body)).text) as {
    Data: { lastRow: number };
  };
  const floorBody = {
    startRow: 0,
    endRow: 100,
    sort: { column: 'code', dir: 'asc' },
    lastRow: first.Data.lastRow,
  };
  const run = (target: string, path: string, headers: Record<string, string>, b: unknown) =>
    cannon({
      url: `${target}${path}`,
      connections: 10,
      duration: SECONDS,
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(b),
    });
  await run(floor.url, '/floor/list', {}, floorBody); // warm-up of both sides
  let rss = 0;
  const sampler = setInterval(() => (rss = Math.max(rss, rssMb(server.pid))), 250);
  const ours = await run(server.url, '/api/Sales/Customer/GetList', auth, body);
  clearInterval(sampler);
  const bare = await run(floor.url, '/floor/list', {}, floorBody);
  const ratio = ours.requests.average / bare.requests.average;
  console.log(
    `  GetList 100 rows: ${ours.requests.average} req/s (p99 ${ours.latency.p99} ms), floor ${bare.requests.average} req/s`,
  );
  figures.push({
    name: `GetList 100 rows, authenticated (${ROWS / 1e6}M SQLite, 10 conn)`,
    value: round(ours.requests.average, 0),
    unit: 'req/s',
    floor: round(bare.requests.average, 0),
    floorName: 'bare route',
    goal: '≥ 50% of floor',
    pass: ratio >= 0.5 && ours.non2xx === 0,
  });
  figures.push({
    name: `server RSS under GetList load (${ROWS / 1e6}M rows)`,
    value: round(rss, 0),
    unit: 'MB',
    goal: 'reported',
    pass: true,
  });

  // mixed: 80% list pages with filters and sorts, 10% Get by id, 10% Create
  let seq = 0;
  const tag = Date.now().toString(36).toUpperCase();
  const cities = ['تهران', 'مشهد', 'اصفهان', 'شیراز', 'تبریز'];
  const sorts = ['code', 'name', 'city', 'creditLimit', 'registeredOn'];
  rss = 0;
  const sampler2 = setInterval(() => (rss = Math.max(rss, rssMb(server.pid))), 500);
  const mixed = await cannon({
    url: server.url,
    connections: 200,
    duration: MIXED_SECONDS,
    timeout: 30,
    requests: [
      {
        method: 'POST',
        headers: auth,
        setupRequest: (req) => {
          const n = seq++;
          const kind = n % 10;
          if (kind === 8)
            return {
              ...req,
              path: '/api/Sales/Customer/Get',
              body: JSON.stringify({ id: 1 + ((n * 7919) % ROWS) }),
            };
          if (kind === 9)
            return {
              ...req,
              path: '/api/Sales/Customer/Create',
              body: JSON.stringify({
                values: {
                  code: `M${tag}-${n}`,
                  name: 'مشتری آزمون بار',
                  customerType: 'person',
                  nationalCode: '0499370899',
                  city: 'تهران',
                  active: true,
                },
              }),
            };
          const filterModel =
            n % 3 === 0
              ? { city: { filterType: 'text', type: 'equals', filter: cities[n % cities.length] } }
              : {};
          return {
            ...req,
            path: '/api/Sales/Customer/GetList',
            body: JSON.stringify({
              startRow: 100 * (n % 20),
              endRow: 100 * (n % 20) + 100,
              sortModel: [{ colId: sorts[n % sorts.length], sort: n % 2 ? 'asc' : 'desc' }],
              filterModel,
            }),
          };
        },
      },
    ],
  });
  clearInterval(sampler2);
  // autocannon's errors include its timeouts
  const errors = mixed.errors + mixed.non2xx;
  console.log(
    `  mixed 200 clients ${MIXED_SECONDS} s: ${mixed.requests.total} requests, ${mixed['2xx']} 2xx, ${mixed.non2xx} non-2xx, ${mixed.errors} errors, ${mixed.timeouts} timeouts, p50 ${mixed.latency.p50} ms, p99 ${mixed.latency.p99} ms, RSS max ${round(rss, 0)} MB`,
  );
  figures.push({
    name: `mixed 200 clients ${MIXED_SECONDS} s: errors`,
    value: errors,
    unit: 'errors',
    goal: '0',
    pass: errors === 0,
  });
  figures.push({
    name: `mixed 200 clients ${MIXED_SECONDS} s: p99`,
    value: mixed.latency.p99,
    unit: 'ms',
    goal: 'reported',
    pass: true,
  });
  figures.push({
    name: `mixed 200 clients: throughput`,
    value: round(mixed.requests.average, 0),
    unit: 'req/s',
    goal: 'reported',
    pass: true,
  });
  figures.push({
    name: `server RSS under mixed load`,
    value: round(rss, 0),
    unit: 'MB',
    goal: 'reported',
    pass: true,
  });
} finally {
  await server.stop();
  await floor.stop();
}
writeResults('load', figures);
