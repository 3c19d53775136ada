/**
 * Sign-in, sign-out and token refresh over the pipeline. The token endpoint takes
 * form-urlencoded bodies (docs/api.md); refresh rotates the refresh token.
 */
import { api } from '../http/pipeline';
import { clock, type TimerId } from '../clock';
import { broadcast } from '../channel';
import { clearMenus } from '../menu/menu';
import { navigate } from '../ui/navigation';
import { setLogoutHandler } from './logoutPort';
import { refreshOnce, shareTokens } from './sharedSession';
import { startExpiryWatch, stopExpiryWatch } from './expiry';
import {
  accessExpireTime,
  clearTokens,
  decodeClaims,
  getRefreshToken,
  isPermanent,
  saveTokens,
  type TokenPair,
} from './tokens';

/**
 * Silent refresh runs this long before the access token expires: earlier than the 120 s expiry
 * warning (runtime/auth/expiry.ts), so a permanent login that refreshes never sees the countdown.
 */
export const REFRESH_AHEAD_MS = 150_000;

export async function login(username: string, password: string, remember: boolean): Promise<TokenPair> {
  const pair = await api.form<TokenPair>('/Token', { grant_type: 'password', username, password });
  saveTokens(pair, remember);
  if (remember) scheduleSilentRefresh();
  startExpiryWatch();
  return pair;
}

/** Stores a token pair received elsewhere (ChangePassword) with the current permanence. */
export function adoptTokens(pair: TokenPair): void {
  const permanent = isPermanent();
  saveTokens(pair, permanent);
  if (permanent) scheduleSilentRefresh();
  startExpiryWatch();
  shareTokens(); // the other tabs of this browser hold the old pair
}

/** Exchanges the refresh token for a new pair (rotation); keeps the login's permanence. */
export async function refresh(): Promise<TokenPair> {
  const token = getRefreshToken();
  if (!token) throw new Error('no refresh token');
  const permanent = isPermanent();
  const pair = await api.form<TokenPair>(
    '/Token',
    { grant_type: 'refresh_token', refresh_token: token },
    { silent: true },
  );
  saveTokens(pair, permanent);
  if (permanent) scheduleSilentRefresh();
  startExpiryWatch();
  shareTokens(); // the old refresh token is used up: the other tabs take the new pair
  return pair;
}

let refreshTimer: TimerId | null = null;

/** For permanent logins: refresh REFRESH_AHEAD_MS before the access token expires. */
export function scheduleSilentRefresh(): void {
  cancelSilentRefresh();
  const expires = accessExpireTime();
  if (expires === null || !isPermanent()) return;
  const delay = Math.max(0, expires - REFRESH_AHEAD_MS - clock.now());
  refreshTimer = clock.setTimeout(() => {
    refreshTimer = null;
    // one tab refreshes at a time; a tab that finds the pair refreshed by another only reschedules
    refreshOnce(REFRESH_AHEAD_MS, refresh)
      .then((pair) => {
        if (pair === null) scheduleSilentRefresh();
      })
      .catch(() => logout({ broadcast: true }));
  }, delay);
}

export function cancelSilentRefresh(): void {
  if (refreshTimer !== null) clock.clearTimeout(refreshTimer);
  refreshTimer = null;
}

/**
 * Revokes the refresh token (best effort, no catalogue), clears every stored key and the cached
 * menus, and goes to /login. `broadcast` tells the other tabs (not when the logout came from them).
 */
export async function logout(options: { broadcast: boolean } = { broadcast: true }): Promise<void> {
  cancelSilentRefresh();
  stopExpiryWatch();
  const token = getRefreshToken();
  clearTokens();
  clearMenus();
  if (options.broadcast) broadcast('logout');
  navigate('/login');
  if (token) await api.form('/revoke', { token }, { silent: true }).catch(() => undefined);
}

export function currentUser(): { name: string; username: string; pwdChange: boolean } | null {
  const claims = decodeClaims();
  if (!claims) return null;
  return {
    name: claims.name ?? claims.username ?? '',
    username: claims.username ?? '',
    pwdChange: claims.pwdChange === true,
  };
}

setLogoutHandler((options) => logout(options));
