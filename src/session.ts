/**
 * Start-up wiring of the session: cross-tab messages ('reload' reloads, 'logout' logs out), one
 * session shared by the tabs of a browser (runtime/auth/sharedSession.ts), the silent refresh of permanent logins and the session-expiry watch.
 */
import { listenChannel } from '../runtime/channel';
import { logout, scheduleSilentRefresh } from '../runtime/auth/session';
import { startExpiryWatch } from '../runtime/auth/expiry';
import { hasToken } from '../runtime/auth/tokens';
import { joinSession, serveSession } from '../runtime/auth/sharedSession';

/**
 * Adopts the session of another tab of this browser, if any (before the first route runs). A late
 * answer, after the sign-in page showed, opens the address this tab was opened at, signed in.
 */
export function joinOtherTabs(): Promise<boolean> {
  const opened = window.location.pathname + window.location.search + window.location.hash;
  return joinSession(() => window.location.replace(opened.startsWith('/login') ? '/' : opened));
}

export function startSession(): void {
  listenChannel({
    reload: () => window.location.reload(),
    logout: () => void logout({ broadcast: false }),
  });
  // other tabs ask for this tab's session and hand over the pairs they refresh
  serveSession(() => {
    scheduleSilentRefresh();
    startExpiryWatch();
  });
  if (hasToken()) {
    scheduleSilentRefresh();
    startExpiryWatch();
  }
}
