/** Security calls of docs/lowcode-api.md (roles, permissions, menu layout and access, users). */
import { api } from '../../../runtime/http/pipeline';
import type { EntityAction } from '../../../runtime/shared/definition';
import type { UserEntry, UserInput } from '../../../runtime/shared/users';

import type { FieldMode } from '../../../runtime/shared/fieldModes';

export type { FieldMode };
export type Actions = Record<EntityAction, boolean>;

export interface RoleEntry {
  role: string;
  users: number;
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
};
