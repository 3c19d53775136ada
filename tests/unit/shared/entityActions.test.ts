/** The shared list of entity actions: names, permissions, and the lookup of a URL segment. */
import { describe, expect, it } from 'vitest';
import { ENTITY_ACTIONS } from '../../../runtime/shared/definition';
import {
  ENTITY_ACTION_NAMES,
  ENTITY_ACTION_PERMISSION,
  entityActionOf,
  entityClientMethod,
} from '../../../runtime/shared/entityActions';

describe('entity actions', () => {
  it('names the actions of docs/api.md, each with a permission a role can be given', () => {
    expect(ENTITY_ACTION_NAMES).toEqual([
      'GetList',
      'Get',
      'Print',
      'Create',
      'Update',
      'Delete',
      'Export',
      'GetAudit',
      'Preview',
      'Finalise',
      'Cancel',
      'Amend',
      'CreateFrom',
    ]);
    for (const name of ENTITY_ACTION_NAMES) expect(ENTITY_ACTIONS).toContain(ENTITY_ACTION_PERMISSION[name]);
    // every permission gates at least one action (a permission no action needs would be dead),
    // except `import`, which gates the Import/* routes of its own (server/imports/routes.ts)
    const ownRoutes = ['import'];
    expect(new Set([...Object.values(ENTITY_ACTION_PERMISSION), ...ownRoutes])).toEqual(
      new Set(ENTITY_ACTIONS),
    );
  });

  it('finds an action by its URL segment whatever the case, and nothing else', () => {
    expect(entityActionOf('getlist')).toBe('GetList');
    expect(entityActionOf('GETAUDIT')).toBe('GetAudit');
    expect(entityActionOf('Print')).toBe('Print');
    for (const name of [...Object.getOwnPropertyNames(Object.prototype), 'prototype', '', 'GetList ', 'list'])
      expect(entityActionOf(name), name).toBeNull();
  });

  it("names the client's methods by the actions", () => {
    expect(ENTITY_ACTION_NAMES.map(entityClientMethod)).toEqual([
      'getList',
      'get',
      'print',
      'create',
      'update',
      'delete',
      'export',
      'getAudit',
      'preview',
      'finalise',
      'cancel',
      'amend',
      'createFrom',
    ]);
  });
});
