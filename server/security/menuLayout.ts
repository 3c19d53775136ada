/**
 * Menu layout (table menu_layout, docs/lowcode-api.md): per menu item ("module.name": an entity
 * with a menu placement or a shell page; "report:module.name": a report definition) its order in its module and whether it is hidden.
 * GetMenu follows it for everyone; items without a row keep the definition's order.
 */
import type { LocalText } from '../../runtime/shared/definition';
import type { AppContext } from '../context';
import { SHELL_PAGES } from './pages';

export interface MenuSlot {
  key: string;
  module: string;
  name: string;
  order: number;
  hidden: boolean;
  page: boolean;
  /** A report definition (key `report:{module}.{name}`, route /{module}/report/{name}). */
  report?: boolean;
  /** The item's title (the definition's or the shell page's), for editors that name it. */
  title: LocalText;
}

/** The menu layout key of a report definition (never an entity key: those have no colon). */
export function reportSlotKey(def: { module: string; name: string }): string {
  return `report:${def.module}.${def.name}`;
}

export async function readLayout(ctx: AppContext): Promise<Map<string, { order: number; hidden: boolean }>> {
  const rows = await ctx.db.selectFrom('menu_layout').selectAll().execute();
  return new Map(rows.map((r) => [r.entity, { order: Number(r.position), hidden: Boolean(r.hidden) }]));
}

/** Every menu item (entities with a menu placement, shell pages) with its layout, by module and order. */
export async function menuSlots(ctx: AppContext): Promise<MenuSlot[]> {
  const layout = await readLayout(ctx);
  const slots: MenuSlot[] = [];
  for (const e of ctx.registry.all()) {
    if (!e.def.menu) continue;
    const saved = layout.get(e.key);
    slots.push({
      key: e.key,
      module: e.def.module,
      name: e.def.name,
      order: saved?.order ?? e.def.menu.order ?? 0,
      hidden: saved?.hidden ?? false,
      page: false,
      title: e.def.title,
    });
  }
  for (const r of ctx.reports.all()) {
    if (!r.menu) continue;
    const key = reportSlotKey(r);
    const saved = layout.get(key);
    slots.push({
      key,
      module: r.module,
      name: r.name,
      order: saved?.order ?? r.menu.order ?? 0,
      hidden: saved?.hidden ?? false,
      page: false,
      report: true,
      title: r.title,
    });
  }
  for (const p of SHELL_PAGES) {
    const key = `${p.module}.${p.name}`;
    const saved = layout.get(key);
    slots.push({
      key,
      module: p.module,
      name: p.name,
      order: saved?.order ?? p.order,
      hidden: saved?.hidden ?? false,
      page: true,
      title: p.title,
    });
  }
  return slots.sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
}

/** Replaces the layout of the items listed. */
export async function saveLayout(
  ctx: AppContext,
  modules: { module: string; entities: { key: string; order: number; hidden: boolean }[] }[],
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    for (const m of modules)
      for (const e of m.entities) {
        await trx.deleteFrom('menu_layout').where('entity', '=', e.key).execute();
        await trx
          .insertInto('menu_layout')
          .values({ entity: e.key, module: m.module, position: e.order, hidden: e.hidden ? 1 : 0 })
          .execute();
      }
  });
}
