/** Test helpers: a fresh app per dialect and database, sign-in, business calls through inject(). */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type BuildOptions } from '../../server/app';
import { createDatabase } from '../support/pg';
import { currentWindow } from '../../server/auth/rateLimit';
import type { Envelope } from '../../runtime/shared/envelope';
import type { TokenPair } from '../../runtime/shared/tokens';

export const DIALECTS = ['sqlite', 'postgres'] as const;
export type TestDialect = (typeof DIALECTS)[number];
export const PASSWORD = 'Demo@1405';
export const SECRET = randomBytes(32).toString('hex');

export interface TestDb {
  url: string;
  cleanup(): void;
}

export async function freshDatabase(dialect: TestDialect): Promise<TestDb> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'erp-sqlite-'));
    return {
      url: `sqlite:${join(dir, 'erp.sqlite')}`,
      cleanup: () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  return { url: await createDatabase(inject('pgUrl'), name), cleanup: () => undefined };
}

export async function makeApp(url: string, extra: BuildOptions['config'] = {}): Promise<FastifyInstance> {
  return buildApp({
    logger: false,
    config: {
      databaseUrl: url,
      jwtSecret: Buffer.from(SECRET),
      demoPassword: PASSWORD,
      staticDir: join(tmpdir(), 'no-such-dist'),
      ...extra,
    },
  });
}

/** The /Token answer (runtime/shared/tokens.ts). */
export type TokenAnswer = TokenPair;

export async function token(
  app: FastifyInstance,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: TokenAnswer & { error?: string }; headers: Record<string, unknown> }> {
  const res = await app.inject({
    method: 'POST',
    url: '/Token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

export async function signIn(
  app: FastifyInstance,
  username: string,
  password = PASSWORD,
): Promise<TokenAnswer> {
  const res = await token(app, { grant_type: 'password', username, password });
  if (res.status !== 200)
    throw new Error(`sign-in of ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export interface CallResult<T = unknown> {
  status: number;
  body: Envelope<T>;
}

export async function call<T = unknown>(
  app: FastifyInstance,
  path: string,
  accessToken: string | null,
  body: unknown = {},
  headers: Record<string, string> = {},
): Promise<CallResult<T>> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/${path}`,
    headers: {
      'content-type': 'application/json',
      ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}),
      ...headers,
    },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.statusCode, body: res.json() };
}

/**
 * Rate-limit counters are per fixed window, aligned to multiples of its length: failures counted at
 * the end of one window and a sign-in checked in the next do not add up. When the current window has
 * less than `marginMs` left, waits for the next one to start.
 */
export async function inFreshWindow(windowMs: number, marginMs: number): Promise<void> {
  const left = currentWindow(windowMs).end - Date.now();
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
