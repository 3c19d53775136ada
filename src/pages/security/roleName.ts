/**
 * A role as people read it: the shipped roles are named in the translations
 * (security.roleNames.*); a role an administrator made up is shown as it was typed.
 */
import type { TFunction } from 'i18next';

export function roleName(t: TFunction, role: string): string {
  return t(`security.roleNames.${role}`, { defaultValue: role });
}
