import { describe, expect, it } from 'vitest';
import type { EntityPermission, MenuLayoutModule } from '../../../src/pages/security/api';
import { moveEntity, setHidden, toggleAccess } from '../../../src/pages/security/layout';
import { changedEntities, setAction, setColumn, setFieldMode } from '../../../src/pages/security/matrix';
import {
  attributesText,
  parseAttributes,
  userProblems,
  type UserForm,
} from '../../../src/pages/security/userForm';
import { fieldChoices } from '../../../src/pages/security/fieldChoices';
import { shippedInvoice } from '../renderers/defs';

const none = {
  view: false,
  create: false,
  edit: false,
  delete: false,
  export: false,
  print: false,
  finalise: false,
  cancel: false,
  import: false,
};
const entity = (key: string, permissions = none): EntityPermission => ({
  key,
  module: 'sales',
  title: key,
  permissions,
  fields: {},
});

describe('permission matrix', () => {
  it('granting an action grants view; taking view takes every action', () => {
    let list = [entity('sales.customer'), entity('sales.invoice')];
    list = setAction(list, 'sales.customer', 'edit', true);
    expect(list[0]!.permissions).toEqual({ ...none, view: true, edit: true });
    expect(list[1]!.permissions).toEqual(none);
    list = setAction(list, 'sales.customer', 'view', false);
    expect(list[0]!.permissions).toEqual(none);
  });

  it('a column sets every entity, and only changed entities are saved', () => {
    const before = [entity('a.x'), entity('a.y', { ...none, view: true, export: true })];
    const after = setColumn(before, 'export', true);
    expect(after.every((e) => e.permissions.export && e.permissions.view)).toBe(true);
    expect(changedEntities(before, after).map((e) => e.key)).toEqual(['a.x']);
  });

  it('field modes are set and cleared', () => {
    let list = [entity('sales.customer')];
    list = setFieldMode(list, 'sales.customer', 'creditLimit', 'hidden');
    list = setFieldMode(list, 'sales.customer', 'city', 'readOnly');
    expect(list[0]!.fields).toEqual({ creditLimit: 'hidden', city: 'readOnly' });
    list = setFieldMode(list, 'sales.customer', 'creditLimit', '');
    expect(list[0]!.fields).toEqual({ city: 'readOnly' });
  });
});

describe('menu layout', () => {
  const layout: MenuLayoutModule[] = [
    {
      module: 'supplyChain',
      entities: [
        { key: 'supplyChain.purchaseOrder', order: 20, hidden: false },
        { key: 'supplyChain.vendor', order: 10, hidden: false },
      ],
    },
  ];

  it('moves an item within its module by the shown order and renumbers', () => {
    const moved = moveEntity(layout, 'supplyChain', 'supplyChain.purchaseOrder', -1);
    expect(moved[0]!.entities).toEqual([
      { key: 'supplyChain.purchaseOrder', order: 10, hidden: false },
      { key: 'supplyChain.vendor', order: 20, hidden: false },
    ]);
    expect(moveEntity(moved, 'supplyChain', 'supplyChain.purchaseOrder', -1)).toEqual(moved);
  });

  it('hides an item and toggles access lists without duplicates', () => {
    expect(setHidden(layout, 'supplyChain.vendor', true)[0]!.entities[1]!.hidden).toBe(true);
    expect(toggleAccess(['b', 'a'], 'a', true)).toEqual(['a', 'b']);
    expect(toggleAccess(['a', 'b'], 'a', false)).toEqual(['b']);
  });
});

describe('user form checks', () => {
  const form: UserForm = {
    username: 'v2',
    displayName: '',
    role: 'vendor',
    kind: 'vendor',
    partyId: '۱۲',
    disabled: false,
    password: 'short',
    attributes: '',
  };
  it('finds the problems of a new vendor user', () => {
    expect(userProblems(form, true)).toEqual({
      username: 'username',
      displayName: 'required',
      password: 'passwordShort',
    });
    expect(
      userProblems({ ...form, username: 'vendor2', displayName: 'ت', password: 'Demo@1405' }, true),
    ).toEqual({});
    expect(
      userProblems({ ...form, partyId: '', username: 'vendor2', displayName: 'ت', password: '' }, false),
    ).toEqual({
      partyId: 'partyId',
    });
  });

  it('reads the attributes one name=value a line; a bad line or a user field is a problem', () => {
    expect(parseAttributes('branch=3\n\n warehouse = انبار ۱ \n')).toEqual({
      branch: '3',
      warehouse: 'انبار ۱',
    });
    expect(parseAttributes('branch')).toBeNull();
    expect(parseAttributes('۱x=3')).toBeNull();
    expect(parseAttributes('id=3')).toBeNull();
    expect(userProblems({ ...form, attributes: 'no equals' }, false).attributes).toBe('attributes');
    expect(attributesText({ branch: '3', region: 'north' })).toBe('branch=3\nregion=north');
  });
});

describe('field permission choices', () => {
  it('lists the document fields, then each line field as {child}.{field} with both labels', () => {
    const choices = fieldChoices(shippedInvoice, 'fa');
    expect(choices[0]).toEqual(['number', 'شماره فاکتور']);
    expect(choices).toContainEqual(['lines.unitPrice', 'اقلام › فی (ریال)']);
    expect(choices.filter(([k]) => k.startsWith('lines.')).map(([k]) => k)).toEqual([
      'lines.item',
      'lines.description',
      'lines.quantity',
      'lines.unitPrice',
      'lines.amount',
      'lines.sourceLine',
      'lines.returnedQuantity',
      'lines.discount',
      'lines.taxCode',
      'lines.taxRate',
      'lines.tax',
    ]);
    expect(fieldChoices(shippedInvoice, 'en')).toContainEqual([
      'lines.unitPrice',
      'Lines › Unit price (IRR)',
    ]);
  });
});
