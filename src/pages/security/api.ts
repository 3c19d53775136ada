/** Security calls of docs/lowcode-api.md and docs/security.md (roles, row rules, permissions, menu layout and access, users). */
import { api } from '../../../runtime/http/pipeline';
import type { EntityAction } from '../../../runtime/shared/definition';
import type { UserEntry, UserInput } from '../../../runtime/shared/users';
import type { RowRule } from '../../../runtime/shared/rowRules';

import type { FieldMode } from '../../../runtime/shared/fieldModes';

export type { FieldMode };
export type Actions = Record<EntityAction, boolean>;

export interface RoleEntry {
  role: string;
  users: number;
  /** As an admin named it (Security/Role/Save); empty: the shipped name or the key (roleName.ts). */
  label?: { fa: string; en: string };
  description?: string;
}

export interface RoleInput {
  role: string;
  label: { fa: string; en: string };
  description: string;
}

/** Security/RowRule/Get: the role's rules by entity key, and the attribute names users have. */
export interface RoleRowRules {
  role: string;
  rules: Record<string, RowRule[]>;
  attributes: string[];
}

export interface EntityPermission {
  key: string;
  module: string;
  title: string;
  permissions: Actions;
  fields: Record<string, FieldMode>;
}

export interface MenuLayoutModule {
  module: string;
  /** `title` (in the request's language) is read-only: SaveLayout ignores it. */
  entities: { key: string; order: number; hidden: boolean; title?: string }[];
}

export type { UserEntry, UserInput } from '../../../runtime/shared/users';

export const securityApi = {
  roles: () => api.post<RoleEntry[]>('Security/Role/List', {}),
  permissions: (role: string) =>
    api.post<{ role: string; entities: EntityPermission[] }>('Security/Permission/Get', { role }),
  savePermissions: (role: string, entities: Pick<EntityPermission, 'key' | 'permissions' | 'fields'>[]) =>
    api.post<null>('Security/Permission/Save', { role, entities }),
  menuAccess: (who: string) =>
    api.post<{ who: string; entities: string[] }>('Security/MenuAccess/Get', { who }),
  saveMenuAccess: (who: string, entities: string[]) =>
    api.post<null>('Security/MenuAccess/Save', { who, entities }),
  layout: () => api.post<MenuLayoutModule[]>('Security/Menu/GetLayout', {}),
  saveLayout: (layout: MenuLayoutModule[]) => api.post<null>('Security/Menu/SaveLayout', layout),
  users: () => api.post<UserEntry[]>('Security/User/List', {}),
  saveUser: (user: UserInput) => api.post<UserEntry>('Security/User/Save', user),
  saveRole: (role: RoleInput) => api.post<RoleInput>('Security/Role/Save', role),
  deleteRole: (role: string) => api.post<null>('Security/Role/Delete', { role }),
  rowRules: (role: string) => api.post<RoleRowRules>('Security/RowRule/Get', { role }),
  saveRowRules: (role: string, entity: string, rules: RowRule[]) =>
    api.post<{ rules: RowRule[] }>('Security/RowRule/Save', { role, entity, rules }),
};
