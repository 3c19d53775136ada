/**
 * The menu per language (spec section 3): loaded from Security/Menu/GetMenu, stored encoded
 * (base64 of UTF-8 JSON) under `Menu-Persis-{lang}`.
 */
import type { Lang } from '../shared/definition';
import { api } from '../http/pipeline';
import { getLang } from '../lang';
import type { MenuItem } from '../shared/menu';

export type { MenuItem } from '../shared/menu';

export const MENU_PREFIX = 'Menu-Persis-';

export function encodeMenu(items: MenuItem[]): string {
  const bytes = new TextEncoder().encode(JSON.stringify(items));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

export function decodeMenu(encoded: string): MenuItem[] {
  const binary = atob(encoded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes)) as MenuItem[];
}

export function storeMenu(items: MenuItem[], lang: Lang = getLang()): void {
  localStorage.setItem(MENU_PREFIX + lang, encodeMenu(items));
}

export function readMenu(lang: Lang = getLang()): MenuItem[] | null {
  const raw = localStorage.getItem(MENU_PREFIX + lang);
  if (!raw) return null;
  try {
    return decodeMenu(raw);
  } catch {
    return null;
  }
}

export async function loadMenu(lang: Lang = getLang()): Promise<MenuItem[]> {
  const items = await api.post<MenuItem[]>('Security/Menu/GetMenu', {});
  storeMenu(items, lang);
  return items;
}

export function clearMenus(): void {
  const keys: string[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key?.startsWith(MENU_PREFIX)) keys.push(key);
  }
  for (const key of keys) localStorage.removeItem(key);
}

/** Module segment of a route: "/sales/customer" → "sales". */
export function moduleOf(route: string): string {
  return route.split('/')[1] ?? '';
}

/** Module segments of the stored menu (the "valid routes" of spec section 5). */
export function validRoutes(items: MenuItem[] | null = readMenu()): string[] {
  const out = new Set<string>();
  const walk = (list: MenuItem[]) => {
    for (const item of list) {
      const m = moduleOf(item.route);
      if (m) out.add(m);
      if (item.children) walk(item.children);
    }
  };
  walk(items ?? []);
  return [...out];
}
