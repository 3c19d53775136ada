/** Security/Menu/GetMenu and Security/Permission/GetEntityPermissions. */
import type { FastifyInstance } from 'fastify';
import { localText } from '../../runtime/shared/definition';
import { businessRoute } from '../http/business';
import { unknownEntity } from '../http/errors';
import { MODULE_ORDER, MODULE_TITLES } from './modules';
import { SHELL_PAGES } from './pages';
import { entityPermissions, permissionsByEntity } from './permissions';
import { entityFromBody } from '../meta/lookup';

export interface MenuItem {
  route: string;
  title: string;
  entity?: string;
  children?: MenuItem[];
}

export async function securityPlugin(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  businessRoute(app, 'Security/Menu/GetMenu', async ({ req, user }) => {
    const perms = await permissionsByEntity(ctx, user);
    const groups = new Map<string, MenuItem[]>();
    const entities = ctx.registry
      .all()
      .filter((e) => e.def.menu && perms.get(e.key)?.view)
      .sort(
        (a, b) => (a.def.menu?.order ?? 0) - (b.def.menu?.order ?? 0) || a.def.name.localeCompare(b.def.name),
      );
    for (const e of entities) {
      const list = groups.get(e.def.module) ?? [];
      list.push({
        route: `/${e.def.module}/${e.def.name}`,
        title: localText(e.def.title, req.lang),
        entity: e.key,
      });
      groups.set(e.def.module, list);
    }
    for (const page of SHELL_PAGES.filter((p) => p.visibleTo(user))) {
      const list = groups.get(page.module) ?? [];
      list.push({ route: `/${page.module}/${page.name}`, title: localText(page.title, req.lang) });
      groups.set(page.module, list);
    }
    return MODULE_ORDER.filter((m) => groups.has(m)).map((m) => ({
      route: `/${m}`,
      title: localText(MODULE_TITLES[m], req.lang),
      children: groups.get(m),
    }));
  });

  businessRoute(app, 'Security/Permission/GetEntityPermissions', async ({ user, body }) => {
    const entity = entityFromBody(ctx, body);
    if (!entity) throw unknownEntity();
    return entityPermissions(ctx, user, entity.key);
  });
}
