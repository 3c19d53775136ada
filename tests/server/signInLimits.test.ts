/**
 * Sign-in limits under concurrency (docs/api.md, Tokens): an attempt is counted before its password
 * check, atomically in the database, so concurrent wrong passwords cannot all be evaluated; the
 * scrypt work is a bounded queue, so a flood from one address cannot starve a real user elsewhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DIALECTS, PASSWORD, freshDatabase, inFreshWindow, makeApp, type TestDb } from './helpers';

const HOUR = 3_600_000;

function tokenFrom(app: FastifyInstance, address: string, username: string, password: string) {
  return app.inject({
    method: 'POST',
    url: '/Token',
    remoteAddress: address,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
  });
}

describe.each(DIALECTS)('sign-in limits under concurrency on %s', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    // the documented limits (10 per user and address, 100 per user, 50 per address), one long window
    app = await makeApp(db.url, { rateLimit: { windowMs: HOUR } });
  });
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  it(
    '40 concurrent wrong passwords for one user: at most 10 evaluated, the rest 429',
    { timeout: 120_000 },
    async () => {
      await inFreshWindow(HOUR, 120_000);
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => tokenFrom(app, '10.9.0.1', 'customer', `wrong-pass${i}`)),
      );
      const evaluated = answers.filter((a) => a.statusCode === 400);
      const refused = answers.filter((a) => a.statusCode === 429);
      expect(evaluated.length).toBeGreaterThan(0);
      expect(evaluated.length).toBeLessThanOrEqual(10);
      expect(evaluated.length + refused.length).toBe(40);
      for (const r of refused) {
        expect(r.json()).toEqual({ error: 'too_many_requests' });
        expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      }
      for (const e of evaluated) expect(e.json()).toEqual({ error: 'invalid_grant' });
      // the right password from this address is refused too: its 10 failures are used up
      expect((await tokenFrom(app, '10.9.0.1', 'customer', PASSWORD)).statusCode).toBe(429);
      // a success gives its slot back: the user signs in from elsewhere again and again
      for (let i = 0; i < 3; i++)
        expect((await tokenFrom(app, '10.9.0.2', 'customer', PASSWORD)).statusCode).toBe(200);
    },
  );

  it(
    '150 concurrent unknown users from one address: at most 50 evaluated; a real user elsewhere signs in promptly',
    { timeout: 180_000 },
    async () => {
      await inFreshWindow(HOUR, 150_000);
      const answers = await Promise.all(
        Array.from({ length: 150 }, (_, i) => tokenFrom(app, '10.9.1.1', `ghost${i}`, 'wrong-pass1')),
      );
      const evaluated = answers.filter((a) => a.statusCode === 400).length;
      const refused = answers.filter((a) => a.statusCode === 429).length;
      expect(evaluated).toBeGreaterThan(0);
      expect(evaluated).toBeLessThanOrEqual(50);
      expect(evaluated + refused).toBe(150);
      // the real user is not queued behind the flood's password checks; the bound is generous for a
      // loaded 2-core machine, where one scrypt takes a few hundred ms
      const started = Date.now();
      const real = await tokenFrom(app, '10.9.1.2', 'staff', PASSWORD);
      expect(real.statusCode).toBe(200);
      expect(Date.now() - started).toBeLessThan(10_000);
    },
  );
});
