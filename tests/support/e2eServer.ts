/**
 * Starts the real, built server (`tsx server/main.ts`, serving dist/) for the end-to-end tests:
 * a free loopback port, a fresh SQLite file in a temporary folder, a fixed JWT secret and the
 * default demo password. `stop()` kills the whole process group and removes the folder.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** The demo users' password, as the server seeds it (DEMO_PASSWORD, default `Demo@1405`). */
export const DEMO_PASSWORD = process.env.DEMO_PASSWORD || 'Demo@1405';

export interface E2eServer {
  baseURL: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** A port that was free a moment ago on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

/** Debian Chromium's path (`which chromium`), or a clear error. */
export function chromiumPath(): string {
  const found = spawnSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' });
  const path = found.stdout.trim();
  if (found.status !== 0 || !path) {
    throw new Error(
      'Debian Chromium is not installed (`which chromium` found nothing); `npm test` installs it.',
    );
  }
  return path;
}

async function waitUntilServing(baseURL: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  let lastError = '';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before serving:\n${log()}`);
    }
    try {
      const response = await fetch(`${baseURL}/login`, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      // the client routes /login: the server answers it with the built index.html
      if (response.ok && (response.headers.get('content-type') ?? '').includes('text/html')) return;
      lastError = `GET /login answered ${response.status} ${response.headers.get('content-type') ?? ''}`;
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`the server did not serve ${baseURL}/login within 60 s (${lastError}):\n${log()}`);
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

export async function startE2eServer(port: number): Promise<E2eServer> {
  // STATIC_DIR: a build in another folder (parallel work on one tree); default dist/
  const staticDir = process.env.STATIC_DIR || join(PROJECT_ROOT, 'dist');
  if (!existsSync(join(staticDir, 'index.html'))) {
    throw new Error(
      'dist/index.html is missing: build the client first (`npx vite build`; `npm test` does).',
    );
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'erp-e2e-'));
  const baseURL = `http://127.0.0.1:${port}`;
  const tsx = join(PROJECT_ROOT, 'node_modules', '.bin', 'tsx');
  const child = spawn(tsx, ['server/main.ts'], {
    cwd: PROJECT_ROOT,
    detached: true, // own process group, so stop() also ends tsx's child node process
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: `sqlite:${join(dataDir, 'e2e.sqlite')}`,
      WORKERS: process.env.WORKERS || '1',
      JWT_SECRET: 'e2e-only-secret-0123456789abcdef0123456789abcdef',
      DEMO_PASSWORD,
      STATIC_DIR: staticDir,
      // the map test's fake tile/OSRM/geocoder server listens on another loopback port
      CSP_EXTRA_SOURCES: 'http://127.0.0.1:*',
    },
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  if (process.env.E2E_SERVER_LOG) child.stderr?.pipe(process.stderr);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      killGroup(child, 'SIGTERM');
      const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilServing(baseURL, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, dataDir, stop };
}
