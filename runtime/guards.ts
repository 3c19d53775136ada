/**
 * Route rules of spec sections 5 and 6 as pure functions; the shell's loaders apply them.
 */

export const CHANGE_PASSWORD = '/security/changePassword';
export const GUEST_ONLY = ['/login', '/forgot-password'];

export interface GuardState {
  hasToken: boolean;
  isVendor: boolean;
  isCustomer: boolean;
  /** Module segments of the stored menu (runtime/menu validRoutes()). */
  validRoutes: string[];
}

export type GuardResult =
  { allow: true } | { allow: false; redirect: string; toast?: 'YouDoNotHavePermissionToAccessThisSection' };

const ALLOW: GuardResult = { allow: true };

export function segments(path: string): string[] {
  return path.split(/[?#]/)[0]!.split('/').filter(Boolean);
}

/** Sign-in required, except the change-password page. */
export function requireToken(path: string, state: Pick<GuardState, 'hasToken'>): GuardResult {
  if (state.hasToken || normalise(path) === CHANGE_PASSWORD) return ALLOW;
  return { allow: false, redirect: '/login' };
}

/** /login and /forgot-password are for users without a token; others go to the root. */
export function guestOnly(state: Pick<GuardState, 'hasToken'>): GuardResult {
  return state.hasToken ? { allow: false, redirect: '/' } : ALLOW;
}

/**
 * Vendor/customer users may reach only modules of their stored menu. The spec refuses a "deep
 * route (more than two segments)": the original splits '/sales/customer' into ['', 'sales',
 * 'customer'], three parts, so every route under a module counts. We count without the empty
 * leading part, so any /{module}/{anything} (two or more segments) is deep: the safe reading,
 * since no screen lives deeper than that. The change-password page is never refused (a vendor
 * told to change the password must reach it).
 */
export function moduleAccess(path: string, state: GuardState): GuardResult {
  if (!state.isVendor && !state.isCustomer) return ALLOW;
  if (normalise(path) === CHANGE_PASSWORD) return ALLOW;
  const parts = segments(path);
  if (parts.length < 2) return ALLOW;
  if (state.validRoutes.includes(parts[0]!)) return ALLOW;
  return { allow: false, redirect: '/', toast: 'YouDoNotHavePermissionToAccessThisSection' };
}

/** The child-activation guard always allows (spec section 5). */
export function canActivateChild(): GuardResult {
  return ALLOW;
}

/** All rules for a shell route, in order. */
export function checkShellRoute(path: string, state: GuardState): GuardResult {
  const auth = requireToken(path, state);
  if (!auth.allow) return auth;
  return moduleAccess(path, state);
}

function normalise(path: string): string {
  return '/' + segments(path).join('/');
}
