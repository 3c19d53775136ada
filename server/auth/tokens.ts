/** Issues the token pair answered by /Token and by ChangePassword. */
import type { AppContext } from '../context';
import type { UsersTable } from '../db/types';
import type { TokenPair } from '../../runtime/shared/tokens';
import { signAccessToken } from './jwt';
import { issueRefreshToken } from './refresh';

export type { TokenPair } from '../../runtime/shared/tokens';

type UserRow = Pick<
  UsersTable,
  'username' | 'display_name' | 'role' | 'is_vendor' | 'is_customer' | 'must_change_password'
> & { id: number };

export async function issueTokens(ctx: AppContext, user: UserRow, familyId?: string): Promise<TokenPair> {
  const { accessTokenTtl, refreshTokenTtl, jwtSecret } = ctx.config;
  const access = signAccessToken(
    {
      sub: String(user.id),
      name: user.display_name,
      username: user.username,
      role: user.role,
      isVendor: Boolean(user.is_vendor),
      isCustomer: Boolean(user.is_customer),
      pwdChange: Boolean(user.must_change_password),
    },
    jwtSecret,
    accessTokenTtl,
  );
  const refresh = await issueRefreshToken(ctx.db, Number(user.id), refreshTokenTtl, familyId);
  return {
    access_token: access,
    refresh_token: refresh,
    expires_in: accessTokenTtl,
    refresh_expires_in: refreshTokenTtl,
    token_type: 'bearer',
  };
}
