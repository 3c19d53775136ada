/**
 * Security/Role/List (Save and Delete: roles.ts), Security/Permission/Get|Save, Security/MenuAccess, Security/Menu/GetLayout|SaveLayout
 * (docs/lowcode-api.md). Callers need `edit` on the pseudo-entity security.permission.
 */
import type { FastifyInstance } from 'fastify';
import { ENTITY_ACTIONS, localText, type EntityPermissions } from '../../runtime/shared/definition';
import type { AppContext, CurrentUser } from '../context';
import { businessRoute } from '../http/business';
import { HttpError, badRequest } from '../http/errors';
import { authenticate } from '../auth/authenticate';
import { ok } from '../../runtime/shared/envelope';
import { PSEUDO_ENTITIES, PSEUDO_TITLES, SECURITY } from '../lowcode/pseudo';
import { FIELD_MODES, type FieldMode } from './fieldAccess';
import { isPermissionField } from './lineFields';
import { menuSlots, reportSlotKey, saveLayout } from './menuLayout';
import { requirePermission } from './permissions';
import { applyWriteRule } from './writeRule';

export const allowedSecurity = (ctx: AppContext, user: CurrentUser) =>
  requirePermission(ctx, user, SECURITY, 'edit');

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string => {
  if (typeof v !== 'string' || !v.trim() || v.length > 100) throw badRequest();
  return v.trim();
};

/** Every key a permission may name: the registry's entities and the pseudo-entities. */
function knownKeys(ctx: AppContext): Set<string> {
  // reports a vendor/customer user may be granted: those held to its own detail account
  const reports = ctx.reports
    .all()
    .filter((r) => r.scope)
    .map(reportSlotKey);
  return new Set([...ctx.registry.all().map((e) => e.key), ...PSEUDO_ENTITIES, ...reports]);
}

export async function securityAdminPlugin(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  businessRoute(app, 'Security/Role/List', async ({ user }) => {
    await allowedSecurity(ctx, user);
    const users = await ctx.db.selectFrom('users').select('role').execute();
    const perms = await ctx.db.selectFrom('role_permissions').select('role').distinct().execute();
    const roles = await ctx.db.selectFrom('roles').selectAll().execute();
    const count = new Map<string, number>();
    for (const r of roles) count.set(r.key, 0);
    for (const p of perms) count.set(p.role, 0);
    for (const u of users) count.set(u.role, (count.get(u.role) ?? 0) + 1);
    // labels and description as an admin named them (Security/Role/Save); empty: named by the key
    const named = new Map(roles.map((r) => [r.key, r]));
    return [...count]
      .map(([role, n]) => {
        const r = named.get(role);
        const fa = r && r.label_fa !== role ? r.label_fa : '';
        const en = r && r.label_en !== role ? r.label_en : '';
        return { role, users: n, label: { fa, en }, description: r?.description ?? '' };
      })
      .sort((a, b) => a.role.localeCompare(b.role));
  });

  businessRoute(app, 'Security/Permission/Get', async ({ req, user, body }) => {
    await allowedSecurity(ctx, user);
    const role = text(body.role);
    const perms = await ctx.db.selectFrom('role_permissions').selectAll().where('role', '=', role).execute();
    const fields = await ctx.db
      .selectFrom('field_permissions')
      .selectAll()
      .where('role', '=', role)
      .execute();
    const byKey = new Map(perms.map((p) => [p.entity, p]));
    const entities = [
      ...ctx.registry
        .all()
        .map((e) => ({ key: e.key, module: e.def.module, title: localText(e.def.title, req.lang) })),
      ...PSEUDO_ENTITIES.map((key) => ({
        key,
        module: key.split('.')[0] ?? key,
        title: localText(PSEUDO_TITLES[key], req.lang),
      })),
    ];
    return {
      role,
      entities: entities.map((e) => {
        const row = byKey.get(e.key);
        // as in force: the definition's write rule (logs, settings) above the stored grants
        const permissions = applyWriteRule(
          ctx.registry.byEntityKey(e.key)?.def,
          role,
          Object.fromEntries(ENTITY_ACTIONS.map((a) => [a, Boolean(row?.[`can_${a}`])])) as EntityPermissions,
        );
        const own = Object.fromEntries(
          fields.filter((f) => f.entity === e.key).map((f) => [f.field, f.mode]),
        );
        return { ...e, permissions, fields: own };
      }),
    };
  });

  businessRoute(app, 'Security/Permission/Save', async ({ user, body }) => {
    await allowedSecurity(ctx, user);
    const role = text(body.role);
    if (!Array.isArray(body.entities)) throw badRequest();
    const known = knownKeys(ctx);
    const items = body.entities.map((item: unknown) => {
      if (!isObject(item) || typeof item.key !== 'string' || !known.has(item.key)) throw badRequest();
      const permissions = isObject(item.permissions) ? item.permissions : {};
      const fields = isObject(item.fields) ? item.fields : {};
      const entity = ctx.registry.byEntityKey(item.key);
      for (const [f, mode] of Object.entries(fields))
        // a document field, or a line field as `{child}.{field}`
        if (!FIELD_MODES.includes(mode as FieldMode) || !entity || !isPermissionField(entity.def, f))
          throw badRequest();
      return { key: item.key, permissions, fields: fields as Record<string, FieldMode> };
    });
    // the admin role keeps the security screens, so nobody locks everyone out
    if (role === 'admin' && items.some((i) => i.key === SECURITY && i.permissions.edit !== true))
      throw badRequest();
    await ctx.db.transaction().execute(async (trx) => {
      for (const item of items) {
        await trx
          .deleteFrom('role_permissions')
          .where('role', '=', role)
          .where('entity', '=', item.key)
          .execute();
        await trx
          .deleteFrom('field_permissions')
          .where('role', '=', role)
          .where('entity', '=', item.key)
          .execute();
        const flags = Object.fromEntries(
          ENTITY_ACTIONS.map((a) => [`can_${a}`, item.permissions[a] === true ? 1 : 0]),
        );
        if (Object.values(flags).some((v) => v === 1))
          await trx
            .insertInto('role_permissions')
            .values({
              role,
              entity: item.key,
              ...(flags as Record<`can_${(typeof ENTITY_ACTIONS)[number]}`, number>),
            })
            .execute();
        const rows = Object.entries(item.fields).map(([field, mode]) => ({
          role,
          entity: item.key,
          field,
          mode,
        }));
        if (rows.length) await trx.insertInto('field_permissions').values(rows).execute();
      }
    });
    return null;
  });

  const who = (v: unknown): string => {
    const w = text(v);
    if (w.startsWith('user:') && !/^user:[1-9]\d*$/.test(w)) throw badRequest();
    return w;
  };

  businessRoute(app, 'Security/MenuAccess/Get', async ({ user, body }) => {
    await allowedSecurity(ctx, user);
    const w = who(body.who);
    const rows = await ctx.db.selectFrom('menu_access').select('entity').where('who', '=', w).execute();
    return { who: w, entities: rows.map((r) => r.entity).sort() };
  });

  businessRoute(app, 'Security/MenuAccess/Save', async ({ user, body }) => {
    await allowedSecurity(ctx, user);
    const w = who(body.who);
    const known = knownKeys(ctx);
    if (!Array.isArray(body.entities) || !body.entities.every((k) => typeof k === 'string' && known.has(k)))
      throw badRequest();
    const keys = [...new Set(body.entities as string[])];
    await ctx.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('menu_access').where('who', '=', w).execute();
      if (keys.length)
        await trx
          .insertInto('menu_access')
          .values(keys.map((entity) => ({ who: w, entity })))
          .execute();
    });
    return null;
  });

  businessRoute(app, 'Security/Menu/GetLayout', async ({ req, user }) => {
    await allowedSecurity(ctx, user);
    const modules = new Map<string, { key: string; order: number; hidden: boolean; title: string }[]>();
    for (const s of await menuSlots(ctx)) {
      const list = modules.get(s.module) ?? [];
      // the title in the request's language, so the menu editor never names an item by its key
      list.push({ key: s.key, order: s.order, hidden: s.hidden, title: localText(s.title, req.lang) });
      modules.set(s.module, list);
    }
    return [...modules].map(([module, entities]) => ({ module, entities }));
  });

  // the body is an array (docs/lowcode-api.md), which business routes refuse: its own route
  app.post('/api/Security/Menu/SaveLayout', async (req, reply) => {
    if (!/^application\/([\w.+-]*\+)?json\b/i.test(req.headers['content-type'] ?? ''))
      throw new HttpError(415, 'BadRequest');
    const user = (await authenticate(ctx, req, 'required', false)) as CurrentUser;
    await allowedSecurity(ctx, user);
    const raw: unknown = req.body;
    const list = Array.isArray(raw) ? raw : isObject(raw) && Array.isArray(raw.modules) ? raw.modules : null;
    if (!list) throw badRequest();
    const known = new Set((await menuSlots(ctx)).map((s) => s.key));
    const modules = list.map((m: unknown) => {
      if (!isObject(m) || typeof m.module !== 'string' || !Array.isArray(m.entities)) throw badRequest();
      return {
        module: m.module,
        entities: m.entities.map((e: unknown) => {
          if (!isObject(e) || typeof e.key !== 'string' || !known.has(e.key)) throw badRequest();
          if (typeof e.order !== 'number' || !Number.isFinite(e.order)) throw badRequest();
          return { key: e.key, order: Math.round(e.order), hidden: e.hidden === true };
        }),
      };
    });
    await saveLayout(ctx, modules);
    return reply.send(ok(null));
  });
}
