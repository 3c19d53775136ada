/** Edits of the menu layout (Security/Menu/GetLayout): order within a module, hidden items. Pure. */
import type { MenuLayoutModule } from './api';

/** Entities of each module sorted by their order. */
export function sortedLayout(layout: MenuLayoutModule[]): MenuLayoutModule[] {
  return layout.map((m) => ({ ...m, entities: [...m.entities].sort((a, b) => a.order - b.order) }));
}

/** Moves one entity up (-1) or down (+1) in its module; orders become 10, 20, 30… */
export function moveEntity(
  layout: MenuLayoutModule[],
  module: string,
  key: string,
  by: -1 | 1,
): MenuLayoutModule[] {
  return sortedLayout(layout).map((m) => {
    if (m.module !== module) return m;
    const list = [...m.entities];
    const i = list.findIndex((e) => e.key === key);
    const j = i + by;
    if (i < 0 || j < 0 || j >= list.length) return m;
    [list[i], list[j]] = [list[j]!, list[i]!];
    return { ...m, entities: list.map((e, n) => ({ ...e, order: (n + 1) * 10 })) };
  });
}

export function setHidden(layout: MenuLayoutModule[], key: string, hidden: boolean): MenuLayoutModule[] {
  return layout.map((m) => ({
    ...m,
    entities: m.entities.map((e) => (e.key === key ? { ...e, hidden } : e)),
  }));
}

/** The access list with `key` added or removed (kept sorted, no duplicates). */
export function toggleAccess(list: string[], key: string, on: boolean): string[] {
  const set = new Set(list);
  if (on) set.add(key);
  else set.delete(key);
  return [...set].sort();
}
