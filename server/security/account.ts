/** Security/PasswordReset/Request (no token) and Security/Account/ChangePassword. */
import type { FastifyInstance } from 'fastify';
import { hashPassword, isStrongPassword, verifyPassword, dummyHash } from '../auth/password';
import { revokeUserTokens } from '../auth/refresh';
import { issueTokens } from '../auth/tokens';
import { signInBlocked, signInFailed } from '../auth/rateLimit';
import { businessRoute } from '../http/business';
import { HttpError, badRequest } from '../http/errors';
import { t } from '../i18n';
import { createRow } from '../entities/repository';

const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);

export async function accountPlugin(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  businessRoute(
    app,
    'Security/PasswordReset/Request',
    async ({ body }) => {
      const username = str(body.username)?.trim();
      if (!username) throw badRequest();
      const entity = ctx.registry.byEntityKey('security.passwordResetRequest');
      const user = await ctx.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', username)
        .executeTakeFirst();
      if (user && entity) {
        await createRow(ctx, entity, null, {
          username,
          requestedAt: new Date().toISOString(),
          status: 'pending',
        });
      }
      return null; // the same answer whether the user exists or not
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
      const wait = await signInBlocked(ctx.db, ctx.config.rateLimit, username, req.ip);
      if (wait !== null)
        throw new HttpError(429, 'TooManyRequestsError', [], [], { 'Retry-After': String(wait) });
      const row = await ctx.db
        .selectFrom('users')
        .selectAll()
        .where('username', '=', username)
        .executeTakeFirst();
      const valid = await verifyPassword(current, row?.password_hash ?? (await dummyHash()));
      if (!row || !valid || row.disabled) {
        await signInFailed(ctx.db, ctx.config.rateLimit, username, req.ip);
        throw new HttpError(417, 'WrongCurrentPassword', [
          { FieldName: 'currentPassword', Message: t(req.lang, 'errors.WrongCurrentPassword') },
        ]);
      }
      if (!isStrongPassword(next)) {
        throw new HttpError(417, 'WeakPassword', [
          { FieldName: 'newPassword', Message: t(req.lang, 'errors.WeakPassword') },
        ]);
      }
      await ctx.db
        .updateTable('users')
        .set({ password_hash: await hashPassword(next), must_change_password: 0 })
        .where('id', '=', row.id)
        .execute();
      if (body.endOtherSessions === true) await revokeUserTokens(ctx.db, Number(row.id));
      if (!user) return null;
      return issueTokens(ctx, { ...row, id: Number(row.id), must_change_password: 0 });
    },
    { auth: 'optional' },
  );
}
