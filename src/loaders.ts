/** Route loaders applying runtime/guards.ts (spec sections 5 and 6). */
import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { checkShellRoute, guestOnly, requireToken, type GuardResult } from '../runtime/guards';
import { hasToken, isCustomer, isVendor } from '../runtime/auth/tokens';
import { currentUser } from '../runtime/auth/session';
import { loadMenu, readMenu, validRoutes, type MenuItem } from '../runtime/menu/menu';
import { getCurrentPeriod } from '../runtime/period/current';
import { chooseCurrentPeriod } from '../runtime/period/periods';
import { toast } from '../runtime/ui/toasts';

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

/** The shell: sign-in required; loads the menu (and a period) when not stored yet. */
export async function shellLoader({ request }: LoaderFunctionArgs): Promise<ShellData> {
  const path = new URL(request.url).pathname;
  apply(requireToken(path, { hasToken: hasToken() }));
  if (currentUser()?.pwdChange) throw redirect('/security/changePassword');
  let menu = readMenu();
  if (!menu) menu = await loadMenu().catch(() => [] as MenuItem[]);
  if (!getCurrentPeriod()) await chooseCurrentPeriod();
  return { menu };
}

/** Module routes: vendor/customer users only inside the modules of their menu. */
export function moduleLoader({ request }: LoaderFunctionArgs): null {
  const path = new URL(request.url).pathname;
  return apply(
    checkShellRoute(path, {
      hasToken: hasToken(),
      isVendor: isVendor(),
      isCustomer: isCustomer(),
      validRoutes: validRoutes(),
    }),
  );
}
