/** Security/Menu/GetMenu and Security/Permission/GetEntityPermissions. */
import type { FastifyInstance } from 'fastify';
import { localText } from '../../runtime/shared/definition';
import { businessRoute } from '../http/business';
import { unknownEntity } from '../http/errors';
import { MODULES, MODULE_TITLES } from '../../runtime/shared/modules';
import { SHELL_PAGES } from './pages';
import { menuSlots } from './menuLayout';
import { mayOpen } from '../reportDefs/access';
import { entityPermissions, permissionsByEntity } from './permissions';
import { entityFromBody } from '../meta/lookup';
import type { MenuItem } from '../../runtime/shared/menu';

export type { MenuItem } from '../../runtime/shared/menu';

export async function securityPlugin(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  businessRoute(app, 'Security/Menu/GetMenu', async ({ req, user }) => {
    const perms = await permissionsByEntity(ctx, user);
    const groups = new Map<string, MenuItem[]>();
    // in the layout's order (menu_layout, else the definition's), hidden items left out
    for (const slot of await menuSlots(ctx)) {
      if (slot.hidden) continue;
      let item: MenuItem | null = null;
      if (slot.report) {
        const def = ctx.reports.get(`${slot.module}.${slot.name}`);
        if (def && (await mayOpen(ctx, user, def, perms)))
          item = {
            route: `/${def.module}/report/${def.name}`,
            title: localText(def.title, req.lang),
            report: `${def.module}.${def.name}`,
          };
      } else if (slot.page) {
        const page = SHELL_PAGES.find((p) => p.module === slot.module && p.name === slot.name);
        if (page?.visibleTo(user) && (!page.permission || perms.get(page.permission)?.edit))
          item = { route: `/${page.module}/${page.name}`, title: localText(page.title, req.lang) };
      } else {
        const e = ctx.registry.byEntityKey(slot.key);
        if (e && perms.get(e.key)?.view)
          item = {
            route: `/${e.def.module}/${e.def.name}`,
            title: localText(e.def.title, req.lang),
            entity: e.key,
          };
      }
      if (!item) continue;
      const list = groups.get(slot.module) ?? [];
      list.push(item);
      groups.set(slot.module, list);
    }
    return MODULES.filter((m) => groups.has(m)).map((m) => ({
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
