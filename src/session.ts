/**
 * Start-up wiring of the session: cross-tab messages ('reload' reloads, 'logout' logs out), the
 * silent refresh of permanent logins and the session-expiry watch.
 */
import { listenChannel } from '../runtime/channel';
import { logout, scheduleSilentRefresh } from '../runtime/auth/session';
import { startExpiryWatch } from '../runtime/auth/expiry';
import { hasToken } from '../runtime/auth/tokens';

export function startSession(): void {
  listenChannel({
    reload: () => window.location.reload(),
    logout: () => void logout({ broadcast: false }),
  });
  if (hasToken()) {
    scheduleSilentRefresh();
    startExpiryWatch();
  }
}
