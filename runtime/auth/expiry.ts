/**
 * Session expiry (spec section 4): once signed in, the access token's remaining time is checked
 * every second; under 120 s a countdown is published (the shell draws it as a toast); at 0, or when
 * the token is missing or unreadable, the user is signed out and the other tabs are told to log
 * out. A permanent login refreshes REFRESH_AHEAD_MS before expiry, earlier than the warning, so
 * it never sees the countdown while refreshing works.
 */
import { createStore } from 'zustand/vanilla';
import { clock, type TimerId } from '../clock';
import { requestLogout } from './logoutPort';
import { accessExpireTime, decodeClaims, getAccessToken } from './tokens';

export const EXPIRY_WARNING_S = 120;
export const EXPIRY_TICK_MS = 1000;

/** Seconds left while under the warning threshold; null otherwise. */
export const expiryStore = createStore<{ remaining: number | null }>(() => ({ remaining: null }));

let timer: TimerId | null = null;

/** Seconds the access token has left, or null when it is missing or unreadable. */
export function secondsLeft(): number | null {
  const token = getAccessToken();
  const claims = decodeClaims(token);
  if (!token || !claims) return null;
  const stored = accessExpireTime();
  const expires =
    stored !== null && Number.isFinite(stored)
      ? stored
      : typeof claims.exp === 'number'
        ? claims.exp * 1000
        : null;
  if (expires === null) return null;
  return Math.max(0, Math.ceil((expires - clock.now()) / 1000));
}

function tick(): void {
  timer = null;
  const left = secondsLeft();
  if (left === null || left <= 0) {
    stopExpiryWatch();
    requestLogout({ broadcast: true });
    return;
  }
  const remaining = left < EXPIRY_WARNING_S ? left : null;
  if (expiryStore.getState().remaining !== remaining) expiryStore.setState({ remaining });
  timer = clock.setTimeout(tick, EXPIRY_TICK_MS);
}

/** Starts (or restarts) watching the signed-in session. */
export function startExpiryWatch(): void {
  stopExpiryWatch();
  tick();
}

export function stopExpiryWatch(): void {
  if (timer !== null) clock.clearTimeout(timer);
  timer = null;
  if (expiryStore.getState().remaining !== null) expiryStore.setState({ remaining: null });
}

export function isWatchingExpiry(): boolean {
  return timer !== null;
}
