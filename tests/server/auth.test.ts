import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { signAccessToken, verifyAccessToken } from '../../server/auth/jwt';
import {
  DIALECTS,
  PASSWORD,
  SECRET,
  call,
  freshDatabase,
  makeApp,
  signIn,
  token,
  type TestDb,
} from './helpers';

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

describe.each(DIALECTS)('auth on %s', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url);
  });
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  it('grants a token pair with the documented claims', async () => {
    const t = await signIn(app, 'vendor');
    expect(t.token_type).toBe('bearer');
    expect(t.expires_in).toBe(900);
    expect(t.refresh_expires_in).toBe(7 * 24 * 3600);
    const claims = verifyAccessToken(t.access_token, Buffer.from(SECRET));
    expect(claims).toMatchObject({
      username: 'vendor',
      role: 'vendor',
      isVendor: true,
      isCustomer: false,
      pwdChange: false,
    });
    expect(claims?.exp).toBe((claims?.iat ?? 0) + 900);
    expect(typeof claims?.jti).toBe('string');
    // JSON bodies are accepted too
    const res = await app.inject({
      method: 'POST',
      url: '/Token',
      payload: { grant_type: 'password', username: 'staff', password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers wrong password and unknown user identically', async () => {
    const wrong = await token(app, { grant_type: 'password', username: 'admin', password: 'nope1234' });
    const unknown = await token(app, { grant_type: 'password', username: 'ghost', password: 'nope1234' });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(wrong.body).toEqual({ error: 'invalid_grant' });
    expect(unknown.body).toEqual(wrong.body);
    expect((await token(app, { grant_type: 'password', username: 'admin' })).body).toEqual({
      error: 'invalid_request',
    });
    expect((await token(app, { grant_type: 'client_credentials' })).body).toEqual({
      error: 'unsupported_grant_type',
    });
  });

  it('rotates refresh tokens and revokes the family on reuse', async () => {
    const first = await signIn(app, 'staff');
    const second = await token(app, { grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    // reuse of the used token: refused, and the family (including the new token) is dead
    const reuse = await token(app, { grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(reuse).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    const afterReuse = await token(app, {
      grant_type: 'refresh_token',
      refresh_token: second.body.refresh_token,
    });
    expect(afterReuse).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('revokes a refresh token family', async () => {
    const t = await signIn(app, 'staff');
    const res = await app.inject({ method: 'POST', url: '/revoke', payload: { token: t.refresh_token } });
    expect(res.statusCode).toBe(200);
    const again = await token(app, { grant_type: 'refresh_token', refresh_token: t.refresh_token });
    expect(again.body).toEqual({ error: 'invalid_grant' });
    const unknown = await app.inject({
      method: 'POST',
      url: '/revoke',
      payload: 'token=whatever',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(unknown.statusCode).toBe(200);
  });

  it('refuses tampered, alg-none, wrong-alg, expired and missing tokens with 401', async () => {
    const good = (await signIn(app, 'admin')).access_token;
    const [h, p, s] = good.split('.') as [string, string, string];
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
    const tampered = `${h}.${b64({ ...payload, role: 'root' })}.${s}`;
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${p}.`;
    const hs512 = `${b64({ alg: 'HS512', typ: 'JWT' })}.${p}.${s}`;
    const expired = signAccessToken(
      {
        sub: '1',
        name: 'x',
        username: 'admin',
        role: 'admin',
        isVendor: false,
        isCustomer: false,
        pwdChange: false,
      },
      Buffer.from(SECRET),
      -120,
    );
    const otherKey = signAccessToken(
      {
        sub: '1',
        name: 'x',
        username: 'admin',
        role: 'admin',
        isVendor: false,
        isCustomer: false,
        pwdChange: false,
      },
      Buffer.from('another secret'),
      900,
    );
    expect((await call(app, 'Security/Menu/GetMenu', good)).status).toBe(200);
    for (const bad of [tampered, none, hs512, expired, otherKey, 'garbage', null]) {
      const res = await call(app, 'Security/Menu/GetMenu', bad);
      expect(res.status).toBe(401);
      expect(res.body.MessageTexts).toEqual(['نشست شما به پایان رسیده است؛ لطفاً دوباره وارد شوید.']);
    }
  });

  // scrypt on every attempt plus a real window to wait out: room for a loaded 2-core machine
  it(
    'rate-limits failed sign-ins per username and per address with 429 and lets the user in after the window',
    { timeout: 90_000 },
    async () => {
      const windowMs = 8000;
      const limited = await makeApp(db.url, { rateLimit: { windowMs, perUser: 2, perAddress: 3 } });
      try {
        // start at the beginning of a window so all attempts fall into the same one
        await new Promise((r) => setTimeout(r, windowMs - (Date.now() % windowMs) + 20));
        for (let i = 0; i < 2; i++) {
          const res = await token(limited, {
            grant_type: 'password',
            username: 'customer',
            password: 'wrong-pass1',
          });
          expect(res.status).toBe(400);
        }
        const blocked = await token(limited, {
          grant_type: 'password',
          username: 'customer',
          password: PASSWORD,
        });
        expect(blocked.status).toBe(429);
        expect(blocked.body).toEqual({ error: 'too_many_requests' });
        // a third failure from this address (another name) exhausts the address budget for every name
        expect(
          (await token(limited, { grant_type: 'password', username: 'ghost', password: 'x' })).status,
        ).toBe(400);
        const byAddress = await token(limited, {
          grant_type: 'password',
          username: 'staff',
          password: PASSWORD,
        });
        expect(byAddress.status).toBe(429);
        const retry = Number(blocked.headers['retry-after']);
        expect(retry).toBeGreaterThanOrEqual(1);
        expect(retry).toBeLessThanOrEqual(8);
        await new Promise((r) => setTimeout(r, retry * 1000 + 50));
        const later = await token(limited, {
          grant_type: 'password',
          username: 'customer',
          password: PASSWORD,
        });
        expect(later.status).toBe(200);
      } finally {
        await limited.close();
      }
    },
  );
});
