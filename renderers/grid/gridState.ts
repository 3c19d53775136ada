/**
 * Column widths, order and sort of an entity grid remembered per user and entity in localStorage
 * (`erp.grid.{userId}.{module.name}`), restored when the grid opens. Only known columns and sane
 * values are restored, so a stored state never breaks a changed definition.
 */
import { decodeClaims } from '../../runtime/auth/tokens';
import type { EntityDefinition } from '../../runtime/shared/definition';

export interface StoredColumn {
  colId: string;
  width?: number;
  sort?: 'asc' | 'desc' | null;
  sortIndex?: number | null;
}

export function gridStateKey(userId: string, definition: Pick<EntityDefinition, 'module' | 'name'>): string {
  return `erp.grid.${userId}.${definition.module}.${definition.name}`;
}

/** The signed-in user's id from the token claims ('anonymous' without one). */
export function currentUserId(): string {
  const sub = decodeClaims()?.sub;
  return sub === undefined || sub === null || sub === '' ? 'anonymous' : String(sub);
}

/** Only what is worth keeping from AG Grid's column state. */
export function toStored(state: StoredColumn[]): StoredColumn[] {
  return state.map((c) => ({
    colId: c.colId,
    ...(typeof c.width === 'number' ? { width: Math.round(c.width) } : {}),
    sort: c.sort ?? null,
    sortIndex: c.sortIndex ?? null,
  }));
}

export function sanitize(raw: unknown, known: Set<string>): StoredColumn[] | null {
  if (!Array.isArray(raw)) return null;
  const out: StoredColumn[] = [];
  for (const item of raw) {
    if (!item || typeof item !== 'object') continue;
    const c = item as Record<string, unknown>;
    if (typeof c.colId !== 'string' || !known.has(c.colId)) continue;
    const col: StoredColumn = { colId: c.colId };
    if (typeof c.width === 'number' && c.width >= 40 && c.width <= 2000) col.width = c.width;
    col.sort = c.sort === 'asc' || c.sort === 'desc' ? c.sort : null;
    col.sortIndex = typeof c.sortIndex === 'number' ? c.sortIndex : null;
    out.push(col);
  }
  return out.length ? out : null;
}

export function saveGridState(key: string, state: StoredColumn[]): void {
  try {
    localStorage.setItem(key, JSON.stringify(toStored(state)));
  } catch {
    // Storage full or disabled: the layout is simply not remembered.
  }
}

export function loadGridState(key: string, known: Set<string>): StoredColumn[] | null {
  try {
    const text = localStorage.getItem(key);
    return text ? sanitize(JSON.parse(text), known) : null;
  } catch {
    return null;
  }
}
