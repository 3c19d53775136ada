/**
 * Security/User/List and Security/User/Save (docs/lowcode-api.md; with the user's attributes row
 * rules compare with, docs/security.md), for holders of `edit` on
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
import { ATTRIBUTE_NAME, USER_FIELDS } from '../../runtime/shared/rowRules';
import type { AppContext } from '../context';

type UserRow = Pick<
  UsersTable,
  'username' | 'display_name' | 'role' | 'is_vendor' | 'is_customer' | 'party_id' | 'disabled'
> & { id: number };

function answer(r: UserRow, attributes: Record<string, string> = {}): UserEntry {
  return {
    id: Number(r.id),
    username: r.username,
    displayName: r.display_name,
    role: r.role,
    isVendor: Boolean(r.is_vendor),
    isCustomer: Boolean(r.is_customer),
    partyId: r.party_id === null ? null : Number(r.party_id),
    disabled: Boolean(r.disabled),
    attributes,
  };
}

/** The stored attributes of users, by user id. */
async function attributesOf(ctx: AppContext, ids?: number[]): Promise<Map<number, Record<string, string>>> {
  let q = ctx.db.selectFrom('user_attributes').select(['user_id', 'name', 'value']);
  if (ids) q = q.where('user_id', 'in', ids);
  const out = new Map<number, Record<string, string>>();
  for (const r of await q.execute()) {
    const id = Number(r.user_id);
    out.set(id, { ...out.get(id), [r.name]: r.value });
  }
  return out;
}

/** `attributes` of a User/Save body: a name → text map (numbers as text), or undefined (kept). */
function parseAttributes(v: unknown): Record<string, string> | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'object' || Array.isArray(v)) throw badRequest();
  const entries = Object.entries(v as Record<string, unknown>);
  if (entries.length > 50) throw badRequest();
  const out: Record<string, string> = {};
  for (const [name, value] of entries) {
    // `id` and `partyId` are the user's own fields (rowRules.ts USER_FIELDS), never stored
    if (!ATTRIBUTE_NAME.test(name) || (USER_FIELDS as readonly string[]).includes(name)) throw badRequest();
    if (value === null || value === '') continue;
    if (typeof value === 'number' && Number.isFinite(value)) out[name] = String(value);
    else if (typeof value === 'string' && value.length <= 200) out[name] = value.trim();
    else throw badRequest();
  }
  return out;
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
    const attributes = await attributesOf(ctx);
    return rows.map((r) => answer(r, attributes.get(Number(r.id))));
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
    const attributes = parseAttributes(body.attributes);
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
    if (attributes) {
      await ctx.db.deleteFrom('user_attributes').where('user_id', '=', userId).execute();
      const rows = Object.entries(attributes).map(([name, value]) => ({ user_id: userId, name, value }));
      if (rows.length) await ctx.db.insertInto('user_attributes').values(rows).execute();
    }
    // a role no roles row names yet becomes one, named by its key until an admin labels it
    const known = await ctx.db.selectFrom('roles').select('key').where('key', '=', role).executeTakeFirst();
    if (!known)
      await ctx.db
        .insertInto('roles')
        .values({ key: role, label_fa: role, label_en: role, description: '' })
        .execute();
    const saved = await ctx.db
      .selectFrom('users')
      .select(columns)
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return answer(saved, (await attributesOf(ctx, [userId])).get(userId));
  });
}
