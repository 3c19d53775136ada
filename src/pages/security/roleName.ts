/**
 * A role as people read it: the label an administrator gave it (Security/Role/Save) in the
 * interface's language, else the shipped roles' translations (security.roleNames.*), else the key.
 */
import type { TFunction } from 'i18next';
import { getLang } from '../../../runtime/lang';
import type { RoleEntry } from './api';

export function roleName(t: TFunction, role: string, roles?: readonly RoleEntry[]): string {
  const label = roles?.find((r) => r.role === role)?.label;
  const own = label && (getLang() === 'en' ? label.en || label.fa : label.fa || label.en);
  return own || t(`security.roleNames.${role}`, { defaultValue: role });
}
