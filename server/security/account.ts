/** Security/PasswordReset/Request (no token) and Security/Account/ChangePassword. */
import type { FastifyInstance } from 'fastify';
import { hashPassword, isStrongPassword, verifyPassword, dummyHash } from '../auth/password';
import { revokeUserTokens } from '../auth/refresh';
import { issueTokens } from '../auth/tokens';
import { signInAttempt } from '../auth/rateLimit';
import { businessRoute } from '../http/business';
import { HttpError, badRequest } from '../http/errors';
import { fieldMessage } from '../i18n';
import { requestReset, resetRequestsSettled } from '../auth/resetRequests';

const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);

export async function accountPlugin(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  // queued reset requests are recorded before the database closes
  app.addHook('onClose', async () => resetRequestsSettled(ctx));

  businessRoute(
    app,
    'Security/PasswordReset/Request',
    async ({ req, body }) => {
      const username = str(body.username)?.trim();
      if (!username || username.length > 60) throw badRequest();
      // the same work and answer whether the user exists or not (server/auth/resetRequests.ts)
      await requestReset(ctx, username, req.ip);
      return null;
    },
    { auth: 'optional' },
  );

  businessRoute(
    app,
    'Security/Account/ChangePassword',
    async ({ req, user, body }) => {
      const current = str(body.currentPassword);
      const next = str(body.newPassword);
      if (!current || !next) throw badRequest();
      const username = user?.username ?? str(body.username)?.trim();
      if (!username) throw badRequest();
      // a password check like /Token: the same counters, so it is no way around them
      const taken = await signInAttempt(ctx.db, ctx.config.rateLimit, username, req.ip);
      if (!taken.ok)
        throw new HttpError(429, 'TooManyRequestsError', [], [], { 'Retry-After': String(taken.wait) });
      const row = await ctx.db
        .selectFrom('users')
        .selectAll()
        .where('username', '=', username)
        .executeTakeFirst();
      let valid: boolean;
      try {
        valid = await verifyPassword(current, row?.password_hash ?? (await dummyHash()));
      } catch (err) {
        await taken.attempt.notEvaluated(); // the queue was full (HashQueueFull, 429)
        throw err;
      }
      if (!row || !valid || row.disabled) {
        await taken.attempt.failed();
        throw new HttpError(417, 'WrongCurrentPassword', [
          fieldMessage(req.lang, 'currentPassword', 'errors.WrongCurrentPassword'),
        ]);
      }
      await taken.attempt.succeeded();
      if (!isStrongPassword(next)) {
        throw new HttpError(417, 'WeakPassword', [
          fieldMessage(req.lang, 'newPassword', 'errors.WeakPassword'),
        ]);
      }
      await ctx.db
        .updateTable('users')
        .set({ password_hash: await hashPassword(next), must_change_password: 0 })
        .where('id', '=', row.id)
        .execute();
      // a forced change (after an admin's reset) ends every session, as asked otherwise
      if (body.endOtherSessions === true || row.must_change_password)
        await revokeUserTokens(ctx.db, Number(row.id));
      if (!user) return null;
      return issueTokens(ctx, { ...row, id: Number(row.id), must_change_password: 0 });
    },
    { auth: 'optional' },
  );
}
