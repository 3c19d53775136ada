/**
 * GetList over 1,000,000 customers with a sort and a filter, p50/p95 over HTTP, on SQLite and on a
 * throwaway PostgreSQL, against the floor (bench/lib/floor.ts: same SQL on the driver, same bytes).
 * Two cases: a new filter each request (the count runs: page + count SQL on both sides), and
 * scrolling one filter (pages 2..; the server's count is cached, the floor runs only the page SQL).
 * BENCH_N requests per case (default 60), scrolling the first 30 pages. BENCH_PG=0 skips PostgreSQL, BENCH_SQLITE=0 SQLite.
 */
import { sqliteUrl, postgres, ROWS } from './lib/data';
import { startFloor, startServer, token } from './lib/proc';
import { writeResults, round, type Figure } from './lib/results';
import { interleaved, post, type Target } from './lib/timing';

const N = Number(process.env.BENCH_N ?? 60);
const CITIES = ['تهران', 'مشهد', 'اصفهان', 'شیراز', 'تبریز', 'کرج', 'اهواز', 'قم', 'کرمانشاه', 'رشت'];

async function measure(label: string, databaseUrl: string): Promise<Figure[]> {
  const server = await startServer(databaseUrl);
  const floor = await startFloor(databaseUrl);
  try {
    const auth = { authorization: `Bearer ${await token(server.url)}` };
    const list = `${server.url}/api/Sales/Customer/GetList`;
    // new filter each time: a city and a credit threshold (sort by name)
    const filter = (i: number) => ({
      city: CITIES[i % CITIES.length] as string,
      minCredit: ((i * 7919) % 990) * 1e9 + 1e6,
    });
    const ours = (i: number, startRow: number) => {
      const f = filter(i);
      return {
        startRow,
        endRow: startRow + 100,
        sortModel: [{ colId: 'name', sort: 'asc' }],
        filterModel: {
          city: { filterType: 'text', type: 'equals', filter: f.city },
          creditLimit: { filterType: 'number', type: 'greaterThan', filter: f.minCredit },
        },
      };
    };
    const bare = (i: number, startRow: number, lastRow?: number) => ({
      ...filter(i),
      startRow,
      endRow: startRow + 100,
      sort: { column: 'name', dir: 'asc' },
      lastRow,
    });
    // same bytes (checked, not assumed)
    const a = await post(list, auth, ours(N + 1, 0));
    const b = await post(`${floor.url}/floor/list`, {}, bare(N + 1, 0));
    if (a.text !== b.text)
      throw new Error(`floor answers other bytes:\n${a.text.slice(0, 400)}\n${b.text.slice(0, 400)}`);
    // warm both (page cache, JIT) on other filters
    await interleaved(
      { url: list, headers: auth, body: (i) => ours(10_000 + i, 0) },
      { url: `${floor.url}/floor/list`, headers: {}, body: (i) => bare(10_000 + i, 0) },
      30,
    );
    const cold: [Target, Target] = [
      { url: list, headers: auth, body: (i) => ours(i, 0) },
      { url: `${floor.url}/floor/list`, headers: {}, body: (i) => bare(i, 0) },
    ];
    const [oc, fc] = await interleaved(cold[0], cold[1], N);
    // scrolling one filter: pages 1..N (the first request counted it above for i = 0)
    const lastRow = (JSON.parse((await post(list, auth, ours(0, 0))).text) as { Data: { lastRow: number } })
      .Data.lastRow;
    const pages = Math.max(1, Math.min(30, Math.floor(lastRow / 100) - 1));
    const [ow, fw] = await interleaved(
      { url: list, headers: auth, body: (i) => ours(0, 100 * ((i % pages) + 1)) },
      { url: `${floor.url}/floor/list`, headers: {}, body: (i) => bare(0, 100 * ((i % pages) + 1), lastRow) },
      N,
    );
    const fig = (name: string, v: number, f: number): Figure => ({
      name: `GetList ${ROWS / 1e6}M ${label}: ${name}`,
      value: v,
      unit: 'ms',
      floor: f,
      floorName: 'bare route',
      goal: '≤ 1.5× floor',
      pass: v <= 1.5 * f,
    });
    console.log(
      `  ${label}: filter first page ${JSON.stringify(oc)} vs ${JSON.stringify(fc)}; scroll ${JSON.stringify(ow)} vs ${JSON.stringify(fw)}`,
    );
    return [
      fig('new filter p50', oc.p50, fc.p50),
      fig('new filter p95', oc.p95, fc.p95),
      fig('scroll p50', ow.p50, fw.p50),
      fig('scroll p95', ow.p95, fw.p95),
    ];
  } finally {
    await server.stop();
    await floor.stop();
  }
}

const figures: Figure[] = [];
let t = Date.now();
if (process.env.BENCH_SQLITE !== '0') {
  const sqlite = await sqliteUrl();
  console.log(`  SQLite ready in ${round((Date.now() - t) / 1000, 1)} s`);
  figures.push(...(await measure('SQLite', sqlite)));
}
if (process.env.BENCH_PG !== '0') {
  t = Date.now();
  const { pg, url } = await postgres();
  console.log(`  PostgreSQL filled in ${round((Date.now() - t) / 1000, 1)} s`);
  try {
    figures.push(...(await measure('PostgreSQL', url)));
  } finally {
    await pg.stop();
  }
}
writeResults('getlist', figures);
