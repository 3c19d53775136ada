/** What happens after sign-in (or a password change with a token): menu, period, destination. */
import { currentUser } from '../runtime/auth/session';
import { loadMenu } from '../runtime/menu/menu';
import { chooseCurrentPeriod } from '../runtime/period/periods';

/** Returns where to go next. */
export async function afterLogin(): Promise<string> {
  // A required password change blocks every business call (426): go there first.
  if (currentUser()?.pwdChange) return '/security/changePassword';
  await loadMenu().catch(() => undefined);
  await chooseCurrentPeriod();
  return '/';
}
