/** Start-up wiring of the session: cross-tab messages and the silent refresh of permanent logins. */
import { listenChannel } from '../runtime/channel';
import { logout, scheduleSilentRefresh } from '../runtime/auth/session';
import { hasToken } from '../runtime/auth/tokens';

export function startSession(): void {
  listenChannel({
    reload: () => window.location.reload(),
    logout: () => void logout({ broadcast: false }),
  });
  if (hasToken()) scheduleSilentRefresh();
}
