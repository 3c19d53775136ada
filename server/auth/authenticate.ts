/** Bearer-token check for business calls: 401 on a missing/bad/expired token or disabled user, 426 on pwdChange. */
import type { FastifyRequest } from 'fastify';
import type { AppContext, CurrentUser } from '../context';
import { HttpError, unauthorized } from '../http/errors';
import { verifyAccessToken } from './jwt';
import { cached } from '../security/accessCache';

function bearer(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** The `tenant` header, when given, must name a tenant of the user (user_tenants), else 303. */
async function checkTenant(ctx: AppContext, req: FastifyRequest, user: CurrentUser): Promise<void> {
  const raw = req.headers.tenant;
  const tenant = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!tenant) return;
  const row = await cached(ctx.db, ['user_tenants'], `tenant:${user.id}:${tenant}`, () =>
    ctx.db
      .selectFrom('user_tenants')
      .select('tenant')
      .where('user_id', '=', user.id)
      .where('tenant', '=', tenant)
      .executeTakeFirst(),
  );
  if (!row) throw new HttpError(303, 'NotAccessTenants');
}

/** Whether a business call needs a signed-in user. */
export type Auth = 'required' | 'optional';

export async function authenticate(
  ctx: AppContext,
  req: FastifyRequest,
  mode: Auth,
  allowPwdChange: boolean,
): Promise<CurrentUser | null> {
  const token = bearer(req);
  if (!token) {
    if (mode === 'optional') return null;
    throw unauthorized();
  }
  const claims = verifyAccessToken(token, ctx.config.jwtSecret);
  if (!claims) {
    if (mode === 'optional') return null;
    throw unauthorized();
  }
  const id = Number(claims.sub);
  const row = Number.isInteger(id)
    ? await cached(ctx.db, ['users'], `user:${id}`, () =>
        ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),
      )
    : undefined;
  if (!row || row.disabled) {
    if (mode === 'optional') return null;
    throw unauthorized();
  }
  const user: CurrentUser = {
    id: Number(row.id),
    username: row.username,
    displayName: row.display_name,
    role: row.role,
    isVendor: Boolean(row.is_vendor),
    isCustomer: Boolean(row.is_customer),
    partyId: row.party_id === null ? null : Number(row.party_id),
    pwdChange: Boolean(claims.pwdChange) || Boolean(row.must_change_password),
  };
  if (user.pwdChange && !allowPwdChange && mode === 'required')
    throw new HttpError(426, 'PasswordChangeRequired');
  await checkTenant(ctx, req, user);
  return user;
}
