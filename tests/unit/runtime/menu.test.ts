/** Menu encoding round trip, storage keys per language, valid routes. */
import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearMenus,
  decodeMenu,
  encodeMenu,
  MENU_PREFIX,
  readMenu,
  storeMenu,
  validRoutes,
  type MenuItem,
} from '../../../runtime/menu/menu';

const MENU: MenuItem[] = [
  {
    route: '/sales',
    title: 'فروش',
    children: [{ route: '/sales/customer', title: 'مشتریان', entity: 'sales.customer' }],
  },
  {
    route: '/supplyChain',
    title: 'زنجیره تأمین',
    children: [{ route: '/supplyChain/vendor', title: 'تأمین‌کنندگان' }],
  },
];

beforeEach(() => localStorage.clear());

describe('menu storage', () => {
  it('round-trips Persian text (with ZWNJ) through the encoding', () => {
    const encoded = encodeMenu(MENU);
    expect(encoded).toMatch(/^[A-Za-z0-9+/=]+$/);
    expect(encoded).not.toContain('فروش');
    expect(decodeMenu(encoded)).toEqual(MENU);
  });

  it('stores under Menu-Persis-{lang} and reads back per language', () => {
    storeMenu(MENU, 'fa');
    storeMenu([{ route: '/sales', title: 'Sales' }], 'en');
    expect(localStorage.getItem(`${MENU_PREFIX}fa`)).toBe(encodeMenu(MENU));
    expect(readMenu('fa')).toEqual(MENU);
    expect(readMenu('en')?.[0]?.title).toBe('Sales');
    clearMenus();
    expect(readMenu('fa')).toBeNull();
    expect(readMenu('en')).toBeNull();
  });

  it('an unreadable stored value counts as no menu', () => {
    localStorage.setItem(`${MENU_PREFIX}fa`, '%%%');
    expect(readMenu('fa')).toBeNull();
  });

  it('validRoutes are the module segments of the stored menu', () => {
    storeMenu(MENU, 'fa');
    expect(validRoutes().sort()).toEqual(['sales', 'supplyChain']);
    expect(validRoutes(null)).toEqual([]);
  });
});
