/**
 * Security/Role/Save|Delete and Security/RowRule/Get|Save (docs/security.md «Roles and row
 * rules»), for holders of `edit` on security.permission (the admin role), like every security
 * call; Security/Role/List is in admin.ts. A role is deleted only while no user has it; the admin
 * role is neither deleted nor held by row rules (nobody locks everyone out).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { businessRoute } from '../http/business';
import { HttpError, badRequest } from '../http/errors';
import { t } from '../i18n';
import { parseRowRules, type RowRule } from '../../runtime/shared/rowRules';
import type { Lang } from '../../runtime/shared/definition';
import { allowedSecurity } from './admin';

export const ROLE_KEY = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
const ADMIN = 'admin';

const roleKey = (v: unknown): string => {
  if (typeof v !== 'string' || !ROLE_KEY.test(v)) throw badRequest();
  return v;
};

const label = (v: unknown, required: boolean): string => {
  if (v === undefined || v === null || v === '') {
    if (required) throw badRequest();
    return '';
  }
  if (typeof v !== 'string' || v.trim().length === 0 || v.length > 100) throw badRequest();
  return v.trim();
};

/** 417 with the text `rowRules.{key}` in the request's language. */
function refusal(key: string, params: Record<string, unknown> = {}): HttpError {
  return new HttpError(417, 'BusinessRuleViolated', [], [], {}, (lang: Lang) => ({
    BusinessErrors: [t(lang, `rowRules.errors.${key}`, params)],
  }));
}

/** Each role's row rules, by entity (Security/RowRule/Get). */
export async function rulesOfRole(ctx: AppContext, role: string): Promise<Record<string, RowRule[]>> {
  const rows = await ctx.db
    .selectFrom('row_rules')
    .select(['entity', 'rules'])
    .where('role', '=', role)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.entity, JSON.parse(r.rules) as RowRule[]]));
}

export async function rolesPlugin(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  businessRoute(app, 'Security/Role/Save', async ({ user, body }) => {
    await allowedSecurity(ctx, user);
    const role = roleKey(body.role);
    const labels =
      typeof body.label === 'object' && body.label !== null ? (body.label as Record<string, unknown>) : {};
    const row = {
      label_fa: label(labels.fa, true),
      label_en: label(labels.en, false),
      description: typeof body.description === 'string' ? body.description.trim().slice(0, 500) : '',
    };
    const found = await ctx.db.selectFrom('roles').select('key').where('key', '=', role).executeTakeFirst();
    if (found) await ctx.db.updateTable('roles').set(row).where('key', '=', role).execute();
    else
      await ctx.db
        .insertInto('roles')
        .values({ key: role, ...row })
        .execute();
    return { role, label: { fa: row.label_fa, en: row.label_en }, description: row.description };
  });

  businessRoute(app, 'Security/Role/Delete', async ({ user, body }) => {
    await allowedSecurity(ctx, user);
    const role = roleKey(body.role);
    if (role === ADMIN) throw refusal('adminStays');
    const holders = await ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('role', '=', role)
      .executeTakeFirstOrThrow();
    if (Number(holders.n) > 0) throw refusal('roleInUse', { n: Number(holders.n) });
    await ctx.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('row_rules').where('role', '=', role).execute();
      await trx.deleteFrom('field_permissions').where('role', '=', role).execute();
      await trx.deleteFrom('role_permissions').where('role', '=', role).execute();
      await trx.deleteFrom('menu_access').where('who', '=', role).execute();
      await trx.deleteFrom('roles').where('key', '=', role).execute();
    });
    return null;
  });

  businessRoute(app, 'Security/RowRule/Get', async ({ user, body }) => {
    await allowedSecurity(ctx, user);
    const role = roleKey(body.role);
    const names = await ctx.db.selectFrom('user_attributes').select('name').distinct().execute();
    return { role, rules: await rulesOfRole(ctx, role), attributes: names.map((n) => n.name).sort() };
  });

  businessRoute(app, 'Security/RowRule/Save', async ({ user, body }) => {
    await allowedSecurity(ctx, user);
    const role = roleKey(body.role);
    if (role === ADMIN) throw refusal('adminStays');
    const entity = typeof body.entity === 'string' ? ctx.registry.byEntityKey(body.entity) : undefined;
    if (!entity) throw badRequest();
    const { rules, errors } = parseRowRules(entity.def, body.rules);
    if (errors.length) throw refusal('invalid', { errors: errors.join('; ') });
    await ctx.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('row_rules').where('role', '=', role).where('entity', '=', entity.key).execute();
      // no rules: the role sees every row it may view
      if (rules.length)
        await trx
          .insertInto('row_rules')
          .values({ role, entity: entity.key, rules: JSON.stringify(rules) })
          .execute();
    });
    return { role, entity: entity.key, rules };
  });
}
