/**
 * Lets the error catalogue ask for a logout without importing the session module (which itself
 * calls the pipeline). runtime/auth/session.ts connects the real logout when it loads; until then
 * the fallback clears the tokens and goes to /login.
 */
import { navigate } from '../ui/navigation';
import { clearTokens } from './tokens';

export type LogoutHandler = (options: { broadcast: boolean }) => void | Promise<void>;

let handler: LogoutHandler = () => {
  clearTokens();
  navigate('/login');
};

export function setLogoutHandler(next: LogoutHandler): void {
  handler = next;
}

export function requestLogout(options: { broadcast: boolean }): void {
  void handler(options);
}
