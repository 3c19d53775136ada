/**
 * When an admin saves a password-reset request (Create or Update) as approved with a temporary
 * password, that user's password becomes it (only its hash is kept, in users.password_hash), the
 * password must be changed at the next sign-in, and every session of the user ends.
 * `temporaryPassword` is a secret field (../secrets.ts): its plaintext reaches this rule alone,
 * never the row, the audit log, an answer, or a rule's or computed field's evaluation.
 */
import { hashPassword, isStrongPassword } from '../../auth/password';
import { revokeUserTokens } from '../../auth/refresh';
import { invalid } from '../../http/errors';
import { fieldMessage } from '../../i18n';
import type { EntityRule } from './types';

const MAX_LENGTH = 64;

export const passwordResetRule: EntityRule = {
  name: 'passwordReset',
  secretFields: ['temporaryPassword'],
  async run({ trx, before, values, secrets, lang }) {
    if (!values) return values;
    const temporary = secrets.temporaryPassword;
    if (values.status !== 'approved' || typeof temporary !== 'string') return values;
    if (!isStrongPassword(temporary) || temporary.length > MAX_LENGTH)
      throw invalid([
        temporary.length > MAX_LENGTH
          ? fieldMessage(lang, 'temporaryPassword', 'validation.maxLength', { limit: MAX_LENGTH })
          : fieldMessage(lang, 'temporaryPassword', 'errors.WeakPassword'),
      ]);
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
    return values;
  },
};
