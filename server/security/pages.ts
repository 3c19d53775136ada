/**
 * Screens the shell provides that are not generated from a definition (e.g. the transport route
 * planner). They join the menu like entities; vendor and customer users never get them, since
 * their menu is what an admin grants them entity by entity.
 */
import type { LocalText } from '../../runtime/shared/definition';
import type { CurrentUser } from '../context';

export interface ShellPage {
  module: string;
  name: string;
  title: LocalText;
  order: number;
  /** Who sees it; staff-like users (not vendor/customer) by default. */
  visibleTo: (user: CurrentUser) => boolean;
  /** Also needs `edit` on this (pseudo-)entity key (server/lowcode/pseudo.ts). */
  permission?: string;
}

const staffOnly = (user: CurrentUser): boolean => !user.isVendor && !user.isCustomer;

export const SHELL_PAGES: readonly ShellPage[] = [
  {
    module: 'transport',
    name: 'routePlanner',
    title: { fa: 'برنامه‌ریزی مسیر', en: 'Route planner' },
    order: 100,
    visibleTo: staffOnly,
  },
  // low-code screens (docs/lowcode-api.md), by the pseudo-entity permissions
  {
    module: 'systemConfig',
    name: 'designer',
    title: { fa: 'طراح فرم‌ها', en: 'Screen designer' },
    order: 900,
    visibleTo: staffOnly,
    permission: 'systemConfig.designer',
  },
  {
    module: 'security',
    name: 'permissions',
    title: { fa: 'نقش‌ها و دسترسی‌ها', en: 'Roles and permissions' },
    order: 900,
    visibleTo: staffOnly,
    permission: 'security.permission',
  },
  {
    module: 'security',
    name: 'menu',
    title: { fa: 'چیدمان و دسترسی منو', en: 'Menu editor' },
    order: 910,
    visibleTo: staffOnly,
    permission: 'security.permission',
  },
  {
    module: 'security',
    name: 'users',
    title: { fa: 'کاربران', en: 'Users' },
    order: 920,
    visibleTo: staffOnly,
    permission: 'security.permission',
  },
];
