/**
 * Token promises not already in auth.test.ts / account.test.ts: tokens not yet valid (nbf or iat in
 * the future) are refused; a guesser at one address cannot lock the real user out at another
 * (per user-and-address counters), while a ceiling over all addresses still bounds guessing; the
 * anonymous password change counts against the same limits (it is a password check too); a
 * password change keeps other sessions unless asked to end them; disabling a user ends its sessions.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { signAccessToken } from '../../server/auth/jwt';
import type { TokenPair } from '../../server/auth/tokens';
import {
  PASSWORD,
  SECRET,
  call,
  freshDatabase,
  inFreshWindow,
  makeApp,
  signIn,
  token,
  type TestDb,
} from './helpers';

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const HOUR = 3_600_000;

function signed(payload: Record<string, unknown>): string {
  const head = b64({ alg: 'HS256', typ: 'JWT' });
  const body = b64(payload);
  const sig = createHmac('sha256', Buffer.from(SECRET)).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${sig}`;
}

async function tokenFrom(app: FastifyInstance, address: string, fields: Record<string, string>) {
  const res = await app.inject({
    method: 'POST',
    url: '/Token',
    remoteAddress: address,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
  return { status: res.statusCode, body: res.json() as Record<string, string>, headers: res.headers };
}

describe('tokens and sessions (sqlite)', () => {
  let db: TestDb;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await freshDatabase('sqlite');
    // an hour-long window: all attempts of one test fall into it
    app = await makeApp(db.url, {
      rateLimit: { windowMs: HOUR, perUser: 2, perUserAllAddresses: 5, perAddress: 50 },
    });
  });
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  it('refuses tokens that are not valid yet (nbf or iat in the future) with 401', async () => {
    const claims = {
      sub: '1',
      name: 'x',
      username: 'admin',
      role: 'admin',
      isVendor: false,
      isCustomer: false,
      pwdChange: false,
    };
    const now = Math.floor(Date.now() / 1000);
    const later = signAccessToken(claims, Buffer.from(SECRET), 900, Date.now() + 10 * 60_000);
    const futureIat = signed({ ...claims, iat: now + 600, nbf: now, exp: now + 900, jti: 'a' });
    const fine = signed({ ...claims, iat: now, nbf: now, exp: now + 900, jti: 'b' });
    expect((await call(app, 'Security/Menu/GetMenu', fine)).status).toBe(200);
    for (const bad of [later, futureIat]) {
      const res = await call(app, 'Security/Menu/GetMenu', bad);
      expect(res.status).toBe(401);
      expect(res.body.MessageTexts).toEqual(['نشست شما به پایان رسیده است؛ لطفاً دوباره وارد شوید.']);
    }
  });

  it(
    'a guesser at one address cannot lock the real user out at another; many addresses hit a ceiling',
    { timeout: 60_000 },
    async () => {
      await inFreshWindow(HOUR, 30_000);
      const wrong = { grant_type: 'password', username: 'customer', password: 'wrong-pass1' };
      const right = { grant_type: 'password', username: 'customer', password: PASSWORD };
      for (let i = 0; i < 2; i++) expect((await tokenFrom(app, '10.0.0.1', wrong)).status).toBe(400);
      const blocked = await tokenFrom(app, '10.0.0.1', right);
      expect(blocked.status).toBe(429);
      expect(blocked.body).toEqual({ error: 'too_many_requests' });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      // the real user, elsewhere, still signs in
      expect((await tokenFrom(app, '10.0.0.2', right)).status).toBe(200);
      // guessing from many addresses: the ceiling over all addresses (5 here) stops it for this window
      for (const address of ['10.0.0.3', '10.0.0.3', '10.0.0.4'])
        expect((await tokenFrom(app, address, wrong)).status).toBe(400);
      expect((await tokenFrom(app, '10.0.0.5', right)).status).toBe(429);
      // other users are not affected
      expect((await tokenFrom(app, '10.0.0.5', { ...right, username: 'vendor' })).status).toBe(200);
    },
  );

  it('the anonymous password change counts against the sign-in limits', { timeout: 60_000 }, async () => {
    await inFreshWindow(HOUR, 30_000);
    const guess = (address: string, currentPassword: string) =>
      app.inject({
        method: 'POST',
        url: '/api/Security/Account/ChangePassword',
        remoteAddress: address,
        payload: { username: 'staff', currentPassword, newPassword: 'Other2026x' },
      });
    expect((await guess('10.0.1.1', 'nope-1234')).statusCode).toBe(417);
    expect((await guess('10.0.1.1', 'nope-5678')).statusCode).toBe(417);
    const blocked = await guess('10.0.1.1', PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ MessageTexts: [expect.any(String)] });
    expect(blocked.headers['retry-after']).toBeDefined();
    // the password did not change
    expect(
      (await tokenFrom(app, '10.0.1.2', { grant_type: 'password', username: 'staff', password: PASSWORD }))
        .status,
    ).toBe(200);
  });

  it(
    'a password change keeps other sessions unless asked to end them; disabling ends them all',
    { timeout: 60_000 },
    async () => {
      const phone = await signIn(app, 'admin');
      const laptop = await signIn(app, 'admin');
      const kept = await call<TokenPair>(app, 'Security/Account/ChangePassword', laptop.access_token, {
        currentPassword: PASSWORD,
        newPassword: 'Second2026x',
        endOtherSessions: false,
      });
      expect(kept.status).toBe(200);
      const phone2 = await token(app, { grant_type: 'refresh_token', refresh_token: phone.refresh_token });
      expect(phone2.status).toBe(200);
      const ended = await call<TokenPair>(
        app,
        'Security/Account/ChangePassword',
        kept.body.Data.access_token,
        { currentPassword: 'Second2026x', newPassword: PASSWORD, endOtherSessions: true },
      );
      expect(ended.status).toBe(200);
      expect(
        (await token(app, { grant_type: 'refresh_token', refresh_token: phone2.body.refresh_token })).body,
      ).toEqual({ error: 'invalid_grant' });
      // the session that changed the password goes on with its new pair
      const mine = await token(app, {
        grant_type: 'refresh_token',
        refresh_token: ended.body.Data.refresh_token,
      });
      expect(mine.status).toBe(200);

      // disabling: the access token stops at once, the refresh token too
      await app.ctx.db.updateTable('users').set({ disabled: 1 }).where('username', '=', 'admin').execute();
      try {
        expect((await call(app, 'Security/Menu/GetMenu', mine.body.access_token)).status).toBe(401);
        expect(
          (await token(app, { grant_type: 'refresh_token', refresh_token: mine.body.refresh_token })).body,
        ).toEqual({ error: 'invalid_grant' });
      } finally {
        await app.ctx.db.updateTable('users').set({ disabled: 0 }).where('username', '=', 'admin').execute();
      }
    },
  );
});
