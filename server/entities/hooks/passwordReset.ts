/**
 * When an admin sets a password-reset request to approved with a temporary password, that user's
 * password becomes it and must be changed at the next sign-in. The temporary password itself is
 * not kept in the row (nor in the audit log).
 */
import { hashPassword } from '../../auth/password';
import { revokeUserTokens } from '../../auth/refresh';
import type { EntityHooks } from './index';

export const passwordResetHook: EntityHooks = {
  async beforeWrite({ trx, action, before, values }) {
    if (action !== 'update' || !values) return values;
    const temporary = values.temporaryPassword;
    if (values.status !== 'approved' || typeof temporary !== 'string' || temporary === '') return values;
    if (before?.status === 'approved' && !before.temporaryPassword && !temporary) return values;
    const username = String(values.username ?? before?.username ?? '');
    const user = await trx
      .selectFrom('users')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirst();
    if (user) {
      await trx
        .updateTable('users')
        .set({ password_hash: await hashPassword(temporary), must_change_password: 1 })
        .where('id', '=', user.id)
        .execute();
      await revokeUserTokens(trx, Number(user.id));
    }
    const { temporaryPassword: _dropped, ...rest } = values;
    return rest;
  },
};
