/** Route loaders applying runtime/guards.ts (spec sections 5 and 6). */
import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { checkShellRoute, guestOnly, requireToken, type GuardResult } from '../runtime/guards';
import { hasToken, isCustomer, isVendor } from '../runtime/auth/tokens';
import { currentUser } from '../runtime/auth/session';
import { loadMenu, readMenu, validRoutes, type MenuItem } from '../runtime/menu/menu';
import { getCurrentPeriod, isAllPeriods } from '../runtime/period/current';
import { chooseCurrentPeriod } from '../runtime/period/periods';
import { toast } from '../runtime/ui/toasts';
import { menuEntityAt, prefetchMenuItem } from './prefetch';

function apply(result: GuardResult): null {
  if (result.allow) return null;
  if (result.toast) toast({ text: result.toast, kind: 'error', id: result.toast });
  throw redirect(result.redirect);
}

export function guestLoader(): null {
  return apply(guestOnly({ hasToken: hasToken() }));
}

export interface ShellData {
  menu: MenuItem[];
}

let menuLoading: Promise<MenuItem[]> | null = null;

/** The stored menu, loaded once when missing (the shell and module loaders run in parallel). */
function ensureMenu(): Promise<MenuItem[]> {
  const stored = readMenu();
  if (stored) return Promise.resolve(stored);
  menuLoading ??= loadMenu()
    .catch(() => [] as MenuItem[])
    .finally(() => (menuLoading = null));
  return menuLoading;
}

/** The shell: sign-in required; loads the menu (and a period) when not stored yet. */
export async function shellLoader({ request }: LoaderFunctionArgs): Promise<ShellData> {
  const path = new URL(request.url).pathname;
  apply(requireToken(path, { hasToken: hasToken() }));
  if (currentUser()?.pwdChange) throw redirect('/security/changePassword');
  const menu = await ensureMenu();
  // "all periods" is a choice too: not asked again
  if (!getCurrentPeriod() && !isAllPeriods()) await chooseCurrentPeriod();
  return { menu };
}

/** The catch-all route: the shell's menu when signed in (the page sits under the shell), else null. */
export async function notFoundLoader(): Promise<ShellData | null> {
  if (!hasToken()) return null;
  return { menu: await ensureMenu() };
}

/** Module routes: vendor/customer users only inside the modules of their menu. */
export async function moduleLoader({ request }: LoaderFunctionArgs): Promise<null> {
  const path = new URL(request.url).pathname;
  if (hasToken() && (isVendor() || isCustomer())) await ensureMenu();
  return apply(
    checkShellRoute(path, {
      hasToken: hasToken(),
      isVendor: isVendor(),
      isCustomer: isCustomer(),
      validRoutes: validRoutes(),
    }),
  );
}

/**
 * Generated screens: moduleLoader; once allowed, a screen the menu shows starts loading its
 * definition and permissions beside the route's chunks instead of after its first render
 * (src/prefetch.ts; silent: the screen reports a failure when it asks).
 */
export async function entityLoader(args: LoaderFunctionArgs): Promise<null> {
  const result = await moduleLoader(args);
  const item = menuEntityAt(readMenu() ?? [], new URL(args.request.url).pathname);
  if (item) prefetchMenuItem(item);
  return result;
}
