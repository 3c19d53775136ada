/**
 * Writes on SQLite (synchronous=FULL, WAL: durable once answered, on both sides):
 * - validated, audited Create of a customer over HTTP under autocannon vs the floor's raw
 *   insert + commit of the same values (goal ≥ 50%), on the 1,000,000-row table;
 * - bulk import of 100,000 validated rows (server/demo/generate.ts, transactions of 20,000) into a fresh database.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { DATA_DIR, ENTITY, fill, sqliteUrl } from './lib/data';
import { cannon, type CannonRequest } from './lib/cannon';
import { startFloor, startServer, token } from './lib/proc';
import { round, writeResults, type Figure } from './lib/results';
import { buildApp } from '../server/app';
import { generateRows } from '../server/demo/generate';
import { serverEnv } from './lib/data';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT ?? 100_000);
const figures: Figure[] = [];
const url = await sqliteUrl();
const server = await startServer(url);
const floor = await startFloor(url);
const tag = Date.now().toString(36).toUpperCase();
let seq = 0;
const values = () => ({
  code: `W${tag}-${seq++}`,
  name: 'مشتری آزمون نوشتن',
  customerType: 'company',
  nationalCode: '0499370899',
  mobile: '09121234567',
  city: 'تهران',
  creditLimit: 5_000_000,
  registeredOn: '2026-04-01',
  active: true,
});
const request = (path: string, headers: Record<string, string>): CannonRequest[] => [
  {
    method: 'POST',
    path,
    headers: { ...headers, 'content-type': 'application/json' },
    setupRequest: (req) => ({ ...req, body: JSON.stringify({ values: values() }) }),
  },
];
try {
  const auth = { authorization: `Bearer ${await token(server.url)}` };
  const run = (target: string, path: string, headers: Record<string, string>) =>
    cannon({ url: target, connections: 10, duration: SECONDS, requests: request(path, headers) });
  await run(floor.url, '/floor/create', {});
  const ours = await run(server.url, '/api/Sales/Customer/Create', auth);
  const bare = await run(floor.url, '/floor/create', {});
  console.log(
    `  creates: ${ours.requests.average}/s (non-2xx ${ours.non2xx}, p99 ${ours.latency.p99} ms), floor ${bare.requests.average}/s (non-2xx ${bare.non2xx})`,
  );
  figures.push({
    name: 'Create, validated + audited (SQLite, FULL sync, 10 conn)',
    value: round(ours.requests.average, 0),
    unit: 'creates/s',
    floor: round(bare.requests.average, 0),
    floorName: 'raw insert+commit',
    goal: '≥ 50% of floor',
    pass: ours.non2xx === 0 && ours.requests.average >= 0.5 * bare.requests.average,
  });
} finally {
  await server.stop();
  await floor.stop();
}

const importFile = join(DATA_DIR, 'import.sqlite');
for (const suffix of ['', '-wal', '-shm']) rmSync(`${importFile}${suffix}`, { force: true });
await fill(`sqlite:${importFile}`, 0);
const app = await buildApp({ logger: false, env: serverEnv(`sqlite:${importFile}`, 0) });
try {
  const r = await generateRows(app.ctx, ENTITY, IMPORT_ROWS, { validate: true, seed: 7 });
  const perSecond = Math.round(IMPORT_ROWS / (r.ms / 1000));
  console.log(`  bulk import: ${IMPORT_ROWS} rows in ${round(r.ms / 1000, 1)} s (${perSecond} rows/s)`);
  figures.push({
    name: `bulk import ${IMPORT_ROWS} rows (validated)`,
    value: round(r.ms / 1000, 1),
    unit: 's',
    goal: 'reported',
    pass: true,
  });
  figures.push({ name: 'bulk import rate', value: perSecond, unit: 'rows/s', goal: 'reported', pass: true });
} finally {
  await app.close();
}
writeResults('writes', figures);
