/**
 * Security/Account/GetTenants: the tenants (companies) of the signed-in user, from user_tenants,
 * for the shell's tenant selector (docs/api.md "Licence, branches, stock-taking, tenants").
 * 'main' (every user's default) first, then the others by name. Like every business call it
 * passes the `tenant` header check first: a stored tenant the user lost answers 303, and the
 * client asks again without it.
 */
import type { FastifyInstance } from 'fastify';
import { businessRoute } from '../http/business';

export const DEFAULT_TENANT = 'main';

export function orderTenants(tenants: string[]): string[] {
  return [...tenants].sort((a, b) =>
    a === DEFAULT_TENANT ? -1 : b === DEFAULT_TENANT ? 1 : a < b ? -1 : a > b ? 1 : 0,
  );
}

export async function tenantsPlugin(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  businessRoute(app, 'Security/Account/GetTenants', async ({ user }) => {
    const rows = await ctx.db
      .selectFrom('user_tenants')
      .select('tenant')
      .where('user_id', '=', user.id)
      .execute();
    return orderTenants(rows.map((r) => r.tenant));
  });
}
