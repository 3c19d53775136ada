/**
 * Edits of a role's permission matrix that keep it coherent: any other action needs `view`, so
 * granting one grants view and taking view away takes every action away. Pure functions.
 */
import { ENTITY_ACTIONS, type EntityAction } from '../../../runtime/shared/definition';
import type { EntityPermission, FieldMode } from './api';

export function setAction(
  entities: EntityPermission[],
  key: string,
  action: EntityAction,
  value: boolean,
): EntityPermission[] {
  return entities.map((e) => {
    if (e.key !== key) return e;
    const permissions = { ...e.permissions, [action]: value };
    if (action === 'view' && !value) for (const a of ENTITY_ACTIONS) permissions[a] = false;
    if (action !== 'view' && value) permissions.view = true;
    return { ...e, permissions };
  });
}

/** Every entity's `action` set to `value` (a column header's "all"). */
export function setColumn(
  entities: EntityPermission[],
  action: EntityAction,
  value: boolean,
): EntityPermission[] {
  return entities.reduce((list, e) => setAction(list, e.key, action, value), entities);
}

export function setFieldMode(
  entities: EntityPermission[],
  key: string,
  field: string,
  mode: FieldMode | '',
): EntityPermission[] {
  return entities.map((e) => {
    if (e.key !== key) return e;
    const fields = { ...e.fields };
    if (mode) fields[field] = mode;
    else delete fields[field];
    return { ...e, fields };
  });
}

/** Entities whose permissions or field modes differ from the loaded ones (what Save sends). */
export function changedEntities(before: EntityPermission[], after: EntityPermission[]): EntityPermission[] {
  const old = new Map(before.map((e) => [e.key, JSON.stringify([e.permissions, e.fields])]));
  return after.filter((e) => old.get(e.key) !== JSON.stringify([e.permissions, e.fields]));
}
