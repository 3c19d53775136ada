/**
 * Server processes of the benches: the real server (server/main.ts), the bare floor
 * (bench/lib/floor.ts) and the ledger bench's replaying floor (bench/lib/replayFloor.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../tests/support/pg';
import { serverEnv } from './data';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface Proc {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

async function waitUp(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const until = Date.now() + 180_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited: ${log()}`);
    try {
      await fetch(`${url}/api/health-probe`, { method: 'POST' });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`server did not start: ${log()}`);
}

/** Servers still running: stopped when the bench exits or is interrupted, so none is left behind. */
const running = new Set<ChildProcess>();
/** The signals that end a bench, with their numbers (the exit status is 128 + the number). */
const SIGNALS = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 };
let hooked = false;

function stopOnExit(child: ChildProcess): void {
  running.add(child);
  child.once('exit', () => running.delete(child));
  if (hooked) return;
  hooked = true;
  const killAll = () => {
    for (const c of running) c.kill('SIGKILL');
  };
  process.once('exit', killAll);
  for (const [signal, number] of Object.entries(SIGNALS))
    process.once(signal, () => {
      killAll();
      process.exit(128 + number);
    });
}

async function start(
  script: string,
  env: NodeJS.ProcessEnv,
  port: number,
  nodeArgs: string[] = [],
): Promise<Proc> {
  // node itself (not the tsx wrapper) so the pid is the server's, for its RSS
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  stopOnExit(child);
  let err = '';
  child.stderr?.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  await waitUp(url, child, () => err);
  return {
    url,
    pid: child.pid as number,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * The real server; `env` overrides serverEnv (e.g. STATIC_DIR of a built app). BENCH_SERVER_PROF
 * names a folder: the server runs under node's CPU profiler and writes its profile there on exit.
 */
export async function startServer(databaseUrl: string, env: NodeJS.ProcessEnv = {}): Promise<Proc> {
  const port = await freePort();
  const prof = process.env.BENCH_SERVER_PROF;
  const args = prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`, '--cpu-prof-interval=100'] : [];
  return start('server/main.ts', { ...serverEnv(databaseUrl, port), ...env }, port, args);
}

export async function startFloor(databaseUrl: string): Promise<Proc> {
  const port = await freePort();
  return start('bench/lib/floor.ts', { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port) }, port);
}

/** The bare route replaying a report's SQL and answering its bytes (`casesFile`: replayFloor.ts). */
export async function startReplayFloor(databaseUrl: string, casesFile: string): Promise<Proc> {
  const port = await freePort();
  return start(
    'bench/lib/replayFloor.ts',
    { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), FLOOR_CASES: casesFile },
    port,
  );
}

/** CPU time a process has used so far, user and system, in ms (/proc/<pid>/stat, clock ticks of 10 ms). */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // the fields after the command's ")": state is field 3, utime 14 and stime 15
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Resident set size of a process in MB (VmRSS). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** An access token of the demo admin. */
export async function token(url: string): Promise<string> {
  const res = await fetch(`${url}/Token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: 'admin', password: 'Demo@1405' }),
  });
  const body = (await res.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`no token: ${JSON.stringify(body)}`);
  return body.access_token;
}
