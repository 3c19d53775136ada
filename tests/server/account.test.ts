import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EntityRow } from '../../runtime/shared/definition';
import type { ListPage } from '../../runtime/shared/envelope';
import { verifyAccessToken } from '../../server/auth/jwt';
import type { TokenPair } from '../../server/auth/tokens';
import { resetRequestsSettled } from '../../server/auth/resetRequests';
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

describe.each(DIALECTS)('password reset and change on %s', (dialect) => {
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

  // many scrypt hashes (N=2^17): give it room on a loaded 2-core machine
  it('approves a forgot-password request, forces a change, then clears it', { timeout: 90_000 }, async () => {
    const unknown = await call(app, 'Security/PasswordReset/Request', null, { username: 'ghost' });
    const known = await call(app, 'Security/PasswordReset/Request', null, { username: 'customer' });
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    await resetRequestsSettled(app.ctx); // recorded after the answer (server/auth/resetRequests.ts)

    const admin = (await signIn(app, 'admin')).access_token;
    const requests = await call<ListPage<EntityRow>>(app, 'Security/PasswordResetRequest/GetList', admin, {
      startRow: 0,
      endRow: 10,
    });
    expect(requests.body.Data.lastRow).toBe(1);
    const req = requests.body.Data.rows[0]!;
    expect(req).toMatchObject({ username: 'customer', status: 'pending', requestedAt: expect.any(String) });

    const approved = await call<EntityRow>(app, 'Security/PasswordResetRequest/Update', admin, {
      id: req.id,
      version: req.version,
      values: { username: 'customer', status: 'approved', temporaryPassword: 'Temp۱۲۳۴abc' },
    });
    expect(approved.status).toBe(200);
    expect(approved.body.Data.temporaryPassword).toBeUndefined();
    expect(approved.body.Data.requestedAt).toBe(req.requestedAt);

    expect(
      (await token(app, { grant_type: 'password', username: 'customer', password: PASSWORD })).status,
    ).toBe(400);
    const temp = await signIn(app, 'customer', 'Temp1234abc');
    expect(verifyAccessToken(temp.access_token, Buffer.from(SECRET))?.pwdChange).toBe(true);
    const blocked = await call(app, 'Security/Menu/GetMenu', temp.access_token);
    expect(blocked.status).toBe(426);
    expect(blocked.body.MessageTexts).toEqual(['لطفاً پیش از ادامه، رمز عبور خود را تغییر دهید.']);
    expect(
      (await call(app, 'Sales/Customer/GetList', temp.access_token, { startRow: 0, endRow: 10 })).status,
    ).toBe(426);

    const weak = await call(app, 'Security/Account/ChangePassword', temp.access_token, {
      currentPassword: 'Temp1234abc',
      newPassword: 'short',
    });
    expect(weak.status).toBe(417);
    expect(weak.body.ServerMessageTexts).toEqual([
      {
        FieldName: 'newPassword',
        Key: 'errors.WeakPassword',
        Params: {},
        Message: 'رمز عبور باید دست‌کم ۸ نویسه و شامل حرف و رقم باشد.',
      },
    ]);
    const wrong = await call(app, 'Security/Account/ChangePassword', temp.access_token, {
      currentPassword: 'nope',
      newPassword: 'NewPass2026',
    });
    expect(wrong.status).toBe(417);
    expect(wrong.body.ServerMessageTexts[0]?.FieldName).toBe('currentPassword');

    const changed = await call<TokenPair>(app, 'Security/Account/ChangePassword', temp.access_token, {
      currentPassword: 'Temp1234abc',
      newPassword: 'NewPass2026',
      endOtherSessions: true,
    });
    expect(changed.status).toBe(200);
    expect(verifyAccessToken(changed.body.Data.access_token, Buffer.from(SECRET))?.pwdChange).toBe(false);
    expect((await call(app, 'Security/Menu/GetMenu', changed.body.Data.access_token)).status).toBe(200);
    // endOtherSessions revoked the temporary sign-in's refresh family
    expect(
      (await token(app, { grant_type: 'refresh_token', refresh_token: temp.refresh_token })).body,
    ).toEqual({ error: 'invalid_grant' });
    const fresh = await signIn(app, 'customer', 'NewPass2026');
    expect(verifyAccessToken(fresh.access_token, Buffer.from(SECRET))?.pwdChange).toBe(false);

    // without a token: username + current password
    const anon = await call(app, 'Security/Account/ChangePassword', null, {
      username: 'customer',
      currentPassword: 'NewPass2026',
      newPassword: 'Other2026x',
    });
    expect(anon.status).toBe(200);
    expect(anon.body.Data).toBeNull();
    await signIn(app, 'customer', 'Other2026x');

    const audit = await app.ctx.db
      .selectFrom('audit_log')
      .select('diff')
      .where('entity', '=', 'security.passwordResetRequest')
      .execute();
    expect(audit.map((a) => a.diff).join('')).not.toContain('Temp1234abc');
  });

  it('refuses disabled users at sign-in and on business calls', async () => {
    const t = await signIn(app, 'staff');
    await app.ctx.db.updateTable('users').set({ disabled: 1 }).where('username', '=', 'staff').execute();
    try {
      expect((await call(app, 'Security/Menu/GetMenu', t.access_token)).status).toBe(401);
      expect(
        (await token(app, { grant_type: 'password', username: 'staff', password: PASSWORD })).body,
      ).toEqual({ error: 'invalid_grant' });
      expect(
        (await token(app, { grant_type: 'refresh_token', refresh_token: t.refresh_token })).body,
      ).toEqual({ error: 'invalid_grant' });
    } finally {
      await app.ctx.db.updateTable('users').set({ disabled: 0 }).where('username', '=', 'staff').execute();
    }
  });
});
