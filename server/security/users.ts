/**
 * Security/User/List and Security/User/Save (docs/lowcode-api.md), for holders of `edit` on
 * security.permission. Disabling a user or setting its password revokes its refresh-token families
 * (its sessions end at the next refresh; access tokens already fail, authenticate reads the disabled flag).
 */
import type { FastifyInstance } from 'fastify';
import { hashPassword, isStrongPassword } from '../auth/password';
import { revokeUserTokens } from '../auth/refresh';
import type { UsersTable } from '../db/types';
import { businessRoute } from '../http/business';
import { HttpError, badRequest, notFound } from '../http/errors';
import { fieldMessage } from '../i18n';
import { allowedSecurity } from './admin';
import type { UserEntry } from '../../runtime/shared/users';

type UserRow = Pick<
  UsersTable,
  'username' | 'display_name' | 'role' | 'is_vendor' | 'is_customer' | 'party_id' | 'disabled'
> & { id: number };

function answer(r: UserRow): UserEntry {
  return {
    id: Number(r.id),
    username: r.username,
    displayName: r.display_name,
    role: r.role,
    isVendor: Boolean(r.is_vendor),
    isCustomer: Boolean(r.is_customer),
    partyId: r.party_id === null ? null : Number(r.party_id),
    disabled: Boolean(r.disabled),
  };
}

const NAME = /^[A-Za-z0-9_.@-]{2,64}$/;

export async function usersPlugin(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const columns = [
    'id',
    'username',
    'display_name',
    'role',
    'is_vendor',
    'is_customer',
    'party_id',
    'disabled',
  ] as const;

  businessRoute(app, 'Security/User/List', async ({ user }) => {
    await allowedSecurity(ctx, user);
    const rows = await ctx.db.selectFrom('users').select(columns).orderBy('id').execute();
    return rows.map(answer);
  });

  businessRoute(app, 'Security/User/Save', async ({ req, user, body }) => {
    await allowedSecurity(ctx, user);
    const { id, username, displayName, role, password } = body;
    if (typeof username !== 'string' || !NAME.test(username)) throw badRequest();
    if (typeof displayName !== 'string' || !displayName.trim() || displayName.length > 200)
      throw badRequest();
    if (typeof role !== 'string' || !/^[A-Za-z][A-Za-z0-9_-]{0,63}$/.test(role)) throw badRequest();
    const isVendor = body.isVendor === true;
    const isCustomer = body.isCustomer === true;
    if (isVendor && isCustomer) throw badRequest();
    const partyId = body.partyId === null || body.partyId === undefined ? null : body.partyId;
    if (partyId !== null && (typeof partyId !== 'number' || !Number.isInteger(partyId) || partyId < 1))
      throw badRequest();
    if (password !== undefined && password !== null && password !== '') {
      if (typeof password !== 'string' || !isStrongPassword(password))
        throw new HttpError(417, 'WeakPassword', [fieldMessage(req.lang, 'password', 'errors.WeakPassword')]);
    }
    const disabled = body.disabled === true;
    const values = {
      username,
      display_name: displayName.trim(),
      role,
      is_vendor: isVendor ? 1 : 0,
      is_customer: isCustomer ? 1 : 0,
      party_id: partyId as number | null,
      disabled: disabled ? 1 : 0,
    };
    const clash = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirst();
    let userId: number;
    if (id === undefined || id === null) {
      if (clash) throw badRequest();
      if (typeof password !== 'string' || !password) throw badRequest();
      const row = await ctx.db
        .insertInto('users')
        .values({
          ...values,
          password_hash: await hashPassword(password),
          must_change_password: 1,
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      userId = Number(row.id);
      await ctx.db.insertInto('user_tenants').values({ user_id: userId, tenant: 'main' }).execute();
    } else {
      if (typeof id !== 'number' || !Number.isInteger(id)) throw badRequest();
      if (clash && Number(clash.id) !== id) throw badRequest();
      const found = await ctx.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
      if (!found) throw notFound();
      if (id === user.id && disabled) throw badRequest(); // nobody disables themselves
      await ctx.db
        .updateTable('users')
        .set({
          ...values,
          ...(typeof password === 'string' && password
            ? { password_hash: await hashPassword(password), must_change_password: 1 }
            : {}),
        })
        .where('id', '=', id)
        .execute();
      userId = id;
      // disabling or a new password (an admin's reset) ends every session of the user
      if (disabled || (typeof password === 'string' && password)) await revokeUserTokens(ctx.db, id);
    }
    const saved = await ctx.db
      .selectFrom('users')
      .select(columns)
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return answer(saved);
  });
}
