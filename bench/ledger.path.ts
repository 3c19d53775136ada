/**
 * The request path alone (not a bench, not run by `npm run bench`): `npx tsx bench/ledger.path.ts`
 * times an authenticated business call that reads nothing (Security/Account/GetTenants) on the real
 * server beside the replaying floor answering its bytes with no SQL, interleaved, on the ledger
 * bench's SQLite file: what the server's own path (auth, hooks, logging, envelope) costs per call.
 * PATH_CASE=tb calls the year's trial balance instead (the floor still runs no SQL): with
 * BENCH_SERVER_PROF=<folder>, the server's CPU profile of that.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATA_DIR } from './lib/data';
import { LINES, YEAR } from './lib/ledgerData';
import { startReplayFloor, startServer, token } from './lib/proc';
import { interleaved, post } from './lib/timing';

const N = Number(process.env.BENCH_N ?? 300);
const url = `sqlite:${join(DATA_DIR, `ledger-${LINES}.sqlite`)}`;
const server = await startServer(url);
try {
  const auth = { authorization: `Bearer ${await token(server.url)}` };
  const tb = process.env.PATH_CASE === 'tb';
  const call = `${server.url}/api/${tb ? 'Report/Definition/Run' : 'Security/Account/GetTenants'}`;
  const body = tb
    ? { report: 'accounting.trialBalance', params: { range: YEAR, level: '2', columns: '8' } }
    : {};
  const { text } = await post(call, auth, body);
  const file = join(DATA_DIR, 'ledger-path-floor.json');
  writeFileSync(file, JSON.stringify([{ queries: [], body: text }]));
  const floor = await startReplayFloor(url, file);
  try {
    const ours = { url: call, headers: auth, body: () => body };
    const bare = { url: `${floor.url}/floor/replay`, headers: {}, body: () => ({ case: 0 }) };
    await interleaved(ours, bare, 50);
    const [o, f] = await interleaved(ours, bare, N);
    console.log(`${text.length} bytes: ours ${JSON.stringify(o)}, floor ${JSON.stringify(f)}`);
  } finally {
    await floor.stop();
  }
} finally {
  await server.stop();
}
