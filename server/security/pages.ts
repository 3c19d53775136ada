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
];
