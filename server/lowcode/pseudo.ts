/**
 * Pseudo-entities: keys with rows in role_permissions but no definition, table or menu item of
 * their own. `edit` on them opens the designer and the security screens (docs/lowcode-api.md).
 */
import type { LocalText } from '../../runtime/shared/definition';

export const DESIGNER = 'systemConfig.designer';
export const SECURITY = 'security.permission';
export const PSEUDO_ENTITIES: readonly string[] = [DESIGNER, SECURITY];

export const PSEUDO_TITLES: Record<string, LocalText> = {
  [DESIGNER]: { fa: 'طراح فرم‌ها', en: 'Screen designer' },
  [SECURITY]: { fa: 'نقش‌ها و دسترسی‌ها', en: 'Roles and permissions' },
};
