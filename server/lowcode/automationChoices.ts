/**
 * SystemConfig/Designer/AutomationChoices (docs/automations.md «The automations tab»): what the
 * designer's automations tab offers, for holders of the designer (`edit` on systemConfig.designer),
 * who may not read the security module: the roles by their labels, the active staff users by
 * display name (a notification's recipient), and the webhook endpoints by NAME only — never their
 * URL, secret or state (security.webhookEndpoint is the admin's).
 */
import type { FastifyInstance } from 'fastify';
import { businessRoute } from '../http/business';
import type { Untyped } from '../db/untyped';
import { webhookEndpointNames } from '../definitions/automationCheck';
import { requirePermission } from '../security/permissions';
import { DESIGNER } from './pseudo';
import type { AutomationChoices } from '../../runtime/shared/automationCheck';

export async function automationChoicesPlugin(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  businessRoute(app, 'SystemConfig/Designer/AutomationChoices', async ({ user }) => {
    await requirePermission(ctx, user, DESIGNER, 'edit');
    // every role a user holds, one granted anything, one an admin named (as Security/Role/List)
    const [named, held, granted] = await Promise.all([
      ctx.db.selectFrom('roles').select(['key', 'label_fa', 'label_en']).execute(),
      ctx.db.selectFrom('users').select('role').distinct().execute(),
      ctx.db.selectFrom('role_permissions').select('role').distinct().execute(),
    ]);
    // a label equal to the key is a role no admin named (as Security/Role/List): empty, the client
    // names it by the shipped roles' translations (security.roleNames), else by its key
    const own = (label: string, key: string) => (label === key ? '' : label);
    const labels = new Map(
      named.map((r) => [r.key, { fa: own(r.label_fa, r.key), en: own(r.label_en, r.key) }]),
    );
    const keys = new Set([...labels.keys(), ...held.map((r) => r.role), ...granted.map((r) => r.role)]);
    const roles = [...keys]
      .sort((a, b) => a.localeCompare(b))
      .map((key) => ({ key, label: labels.get(key) ?? { fa: '', en: '' } }));
    // staff only: a vendor or customer user is reached through its role, never picked by name here
    const users = (
      await ctx.db
        .selectFrom('users')
        .select(['username', 'display_name'])
        .where('disabled', '=', 0)
        .where('is_vendor', '=', 0)
        .where('is_customer', '=', 0)
        .orderBy('display_name')
        .execute()
    ).map((u) => ({ username: u.username, name: u.display_name || u.username }));
    const endpoints = await webhookEndpointNames(ctx.db as unknown as Untyped, ctx.registry);
    const answer: AutomationChoices = { roles, users, endpoints };
    return answer;
  });
}
