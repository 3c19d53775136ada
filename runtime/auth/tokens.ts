/**
 * The token store under the spec's keys (section 3). access_token, refresh_token,
 * access_expire_time and refresh_expire_time are read from sessionStorage first, then
 * localStorage; a permanent ("remember me") login writes them to localStorage, otherwise to
 * sessionStorage. `token` (the access token, a JWT with exp) sits beside them: in localStorage, as
 * the spec lists it, for a permanent login only; a session-only login keeps it in sessionStorage,
 * so that no token of it is left in localStorage when the browser session ends (docs/api.md
 * "Where the client keeps the tokens"). Whether a user is signed in is decided by access_token.
 * isVendor/isCustomer are the string 'true' in localStorage.
 * Expire times are epoch milliseconds.
 */
import { jwtDecode } from 'jwt-decode';
import { clock } from '../clock';
import type { AccessClaims, TokenPair } from '../shared/tokens';

export const TOKEN_KEYS = [
  'access_token',
  'refresh_token',
  'access_expire_time',
  'refresh_expire_time',
] as const;
type TokenKey = (typeof TOKEN_KEYS)[number];

export type { TokenPair } from '../shared/tokens';

/** Claims as read from a token this side cannot verify: any of them may be missing. */
export type Claims = Partial<AccessClaims>;

function read(key: TokenKey): string | null {
  return sessionStorage.getItem(key) ?? localStorage.getItem(key);
}

export function getAccessToken(): string | null {
  return read('access_token');
}

export function getRefreshToken(): string | null {
  return read('refresh_token');
}

export function accessExpireTime(): number | null {
  const v = read('access_expire_time');
  return v === null ? null : Number(v);
}

export function refreshExpireTime(): number | null {
  const v = read('refresh_expire_time');
  return v === null ? null : Number(v);
}

export function hasToken(): boolean {
  return getAccessToken() !== null;
}

/** A permanent login is one whose access token is in localStorage (spec section 3). */
export function isPermanent(): boolean {
  return localStorage.getItem('access_token') !== null;
}

export function decodeClaims(token: string | null = getAccessToken()): Claims | null {
  if (!token) return null;
  try {
    return jwtDecode<Claims>(token);
  } catch {
    return null;
  }
}

export function saveTokens(pair: TokenPair, permanent: boolean): void {
  const target = permanent ? localStorage : sessionStorage;
  const other = permanent ? sessionStorage : localStorage;
  const now = clock.now();
  const values: Record<TokenKey, string> = {
    access_token: pair.access_token,
    refresh_token: pair.refresh_token,
    access_expire_time: String(now + pair.expires_in * 1000),
    refresh_expire_time: String(now + pair.refresh_expires_in * 1000),
  };
  for (const key of TOKEN_KEYS) {
    other.removeItem(key);
    target.setItem(key, values[key]);
  }
  other.removeItem('token');
  target.setItem('token', pair.access_token);
  if (permanent) localStorage.removeItem(SESSION_HINT);
  else localStorage.setItem(SESSION_HINT, '1');
  const claims = decodeClaims(pair.access_token);
  setFlag('isVendor', claims?.isVendor === true);
  setFlag('isCustomer', claims?.isCustomer === true);
}

/**
 * The stored token values as they are (expire times included), for handing a session-only login
 * to a new tab of the same browser (runtime/auth/sharedSession.ts); null when signed out.
 */
export type StoredTokens = Record<TokenKey | 'token', string>;

export function readStoredTokens(): StoredTokens | null {
  const store = sessionStorage.getItem('access_token') !== null ? sessionStorage : localStorage;
  const values: Partial<StoredTokens> = {};
  for (const key of [...TOKEN_KEYS, 'token'] as const) {
    const value = store.getItem(key);
    if (value === null) return null;
    values[key] = value;
  }
  return values as StoredTokens;
}

/** Writes values read by readStoredTokens in another tab, with their permanence. */
export function writeStoredTokens(values: StoredTokens, permanent: boolean): void {
  const target = permanent ? localStorage : sessionStorage;
  for (const key of [...TOKEN_KEYS, 'token'] as const) target.setItem(key, values[key]);
  const claims = decodeClaims(values.access_token);
  setFlag('isVendor', claims?.isVendor === true);
  setFlag('isCustomer', claims?.isCustomer === true);
  if (!permanent) localStorage.setItem(SESSION_HINT, '1');
}

/**
 * A hint (no token) in localStorage that some tab of this browser may hold a session-only login:
 * a new tab without tokens asks the others only when it is set, so a signed-out visit does not wait.
 */
export const SESSION_HINT = 'sessionTabs';

function setFlag(key: 'isVendor' | 'isCustomer', on: boolean): void {
  if (on) localStorage.setItem(key, 'true');
  else localStorage.removeItem(key);
}

export function isVendor(): boolean {
  return localStorage.getItem('isVendor') === 'true';
}

export function isCustomer(): boolean {
  return localStorage.getItem('isCustomer') === 'true';
}

export function clearTokens(): void {
  for (const key of TOKEN_KEYS) {
    sessionStorage.removeItem(key);
    localStorage.removeItem(key);
  }
  sessionStorage.removeItem('token');
  // the chosen tenant is the signed-out user's: the next user chooses among their own
  for (const key of ['token', 'isVendor', 'isCustomer', 'tenant', SESSION_HINT]) localStorage.removeItem(key);
}
