/** Two real server processes on one PostgreSQL share refresh-token families and rate-limit counters. */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMIT, PROJECT_ROOT } from '../../server/config';
import { freePort } from '../support/pg';
import { PASSWORD, SECRET, freshDatabase, inFreshWindow, makeApp } from './helpers';

/** Time the rate-limit test needs at most (twelve password checks on two processes), with room. */
const WINDOW_MARGIN_MS = 30_000;

interface Proc {
  child: ChildProcess;
  base: string;
}

async function startProcess(databaseUrl: string): Promise<Proc> {
  const port = await freePort();
  const child = spawn(join(PROJECT_ROOT, 'node_modules/.bin/tsx'), ['server/main.ts'], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      JWT_SECRET: SECRET,
      DEMO_PASSWORD: PASSWORD,
      STATIC_DIR: join(tmpdir(), 'no-such-dist'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 40000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
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

async function post(base: string, fields: Record<string, string>) {
  const res = await fetch(`${base}/Token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}

describe('two server processes on one PostgreSQL', () => {
  const procs: Proc[] = [];

  beforeAll(async () => {
    const db = await freshDatabase('postgres');
    // migrate and seed once, then two processes share the database
    await (await makeApp(db.url)).close();
    procs.push(...(await Promise.all([startProcess(db.url), startProcess(db.url)])));
  }, 90000);

  afterAll(async () => {
    await Promise.all(
      procs.map(
        (p) =>
          new Promise<void>((resolve) => {
            if (p.child.exitCode !== null) return resolve();
            p.child.once('exit', () => resolve());
            p.child.kill('SIGTERM');
          }),
      ),
    );
  });

  it('rotates on one process and detects reuse on the other', async () => {
    const [a, b] = procs as [Proc, Proc];
    const first = await post(a.base, { grant_type: 'password', username: 'staff', password: PASSWORD });
    expect(first.status).toBe(200);
    const rotated = await post(b.base, {
      grant_type: 'refresh_token',
      refresh_token: first.body.refresh_token!,
    });
    expect(rotated.status).toBe(200);
    const reuse = await post(a.base, {
      grant_type: 'refresh_token',
      refresh_token: first.body.refresh_token!,
    });
    expect(reuse).toEqual({ status: 400, body: { error: 'invalid_grant' } });
    const familyDead = await post(b.base, {
      grant_type: 'refresh_token',
      refresh_token: rotated.body.refresh_token!,
    });
    expect(familyDead).toEqual({ status: 400, body: { error: 'invalid_grant' } });
    // the access token of one process is accepted by the other
    const menu = await fetch(`${b.base}/api/Security/Menu/GetMenu`, {
      method: 'POST',
      headers: { authorization: `Bearer ${first.body.access_token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(menu.status).toBe(200);
  });

  it('shares rate-limit counters', async () => {
    const [a, b] = procs as [Proc, Proc];
    await inFreshWindow(DEFAULT_RATE_LIMIT.windowMs, WINDOW_MARGIN_MS);
    for (let i = 0; i < 10; i++) {
      const res = await post(i % 2 ? a.base : b.base, {
        grant_type: 'password',
        username: 'vendor',
        password: 'wrong-1234',
      });
      expect(res.status).toBe(400);
    }
    for (const base of [a.base, b.base]) {
      const res = await post(base, { grant_type: 'password', username: 'vendor', password: PASSWORD });
      expect(res).toEqual({ status: 429, body: { error: 'too_many_requests' } });
    }
  }, 60_000);
});
