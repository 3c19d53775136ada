/** The lifecycle's client rules (renderers/screen/lifecycle.ts): actions, locks, reason, calls. */
import { describe, expect, it } from 'vitest';
import {
  docStateOf,
  formLock,
  isOpenRow,
  lifecycleActions,
  lifecyclePath,
  reasonProblem,
} from '../../../renderers/screen/lifecycle';
import type { EntityPermissions } from '../../../runtime/shared/definition';
import { fieldColor, hasColors } from '../../../runtime/shared/fieldKind';
import { customer } from './defs';
import { docRow, lifecycleDefinition } from './lifecycleDefs';

const STAFF: EntityPermissions = {
  view: true,
  create: true,
  edit: true,
  delete: true,
  export: true,
  print: true,
  finalise: true,
  cancel: true,
  import: true,
};
const def = lifecycleDefinition();

describe('document state and actions', () => {
  it('reads the state of a row; a row without one is a draft; no lifecycle: none', () => {
    expect(docStateOf(def, docRow('final'))).toBe('final');
    expect(docStateOf(def, docRow('cancelled'))).toBe('cancelled');
    expect(docStateOf(def, { id: 1, version: 1 })).toBe('draft');
    expect(docStateOf(customer, docRow('final'))).toBeNull();
  });

  it('offers Finalise on a draft, Cancel on a final, Amend on a cancelled document', () => {
    expect(lifecycleActions(def, STAFF, docRow('draft'))).toEqual(['finalise']);
    expect(lifecycleActions(def, STAFF, docRow('final'))).toEqual(['cancel']);
    expect(lifecycleActions(def, STAFF, docRow('cancelled'))).toEqual(['amend']);
  });

  it('each action needs its permission (Amend makes a new document: create)', () => {
    expect(lifecycleActions(def, { ...STAFF, finalise: false }, docRow('draft'))).toEqual([]);
    expect(lifecycleActions(def, { ...STAFF, cancel: false }, docRow('final'))).toEqual([]);
    expect(lifecycleActions(def, { ...STAFF, create: false }, docRow('cancelled'))).toEqual([]);
  });

  it('offers nothing for a new record or an entity without lifecycle', () => {
    expect(lifecycleActions(def, STAFF, undefined)).toEqual([]);
    expect(lifecycleActions(customer, STAFF, docRow('draft'))).toEqual([]);
  });
});

describe('what of the form may change', () => {
  it('a draft: everything; final: its editableWhenFinal fields; cancelled: nothing', () => {
    expect(formLock(def, docRow('draft'))).toEqual({ kind: 'all' });
    expect(formLock(def, docRow('final'))).toEqual({ kind: 'some', editable: ['city'] });
    expect(formLock(def, docRow('cancelled'))).toEqual({ kind: 'none' });
    expect(formLock(lifecycleDefinition([]), docRow('final'))).toEqual({ kind: 'none' });
    expect(formLock(customer, docRow('final'))).toEqual({ kind: 'all' });
  });

  it('only a draft (or a row without lifecycle) may be deleted', () => {
    expect(isOpenRow(def, docRow('draft'))).toBe(true);
    expect(isOpenRow(def, docRow('final'))).toBe(false);
    expect(isOpenRow(def, docRow('cancelled'))).toBe(false);
    expect(isOpenRow(customer, docRow('final'))).toBe(true);
  });
});

describe('cancel reason', () => {
  it('is required and 3–400 characters after trimming', () => {
    expect(reasonProblem('')).toBe('lifecycle.reasonRequired');
    expect(reasonProblem('   ')).toBe('lifecycle.reasonRequired');
    expect(reasonProblem('ab ')).toBe('lifecycle.reasonLength');
    expect(reasonProblem('x'.repeat(401))).toBe('lifecycle.reasonLength');
    expect(reasonProblem('مشتری انصراف داد')).toBe('');
  });
});

describe('the calls', () => {
  it('go to Finalise / Cancel / Amend of the entity', () => {
    expect(lifecyclePath(def, 'finalise')).toBe('Sales/Customer/Finalise');
    expect(lifecyclePath(def, 'cancel')).toBe('Sales/Customer/Cancel');
    expect(lifecyclePath(def, 'amend')).toBe('Sales/Customer/Amend');
  });
});

describe('field colours (FieldMeta.enumColors)', () => {
  it('give the colour of a value; values and fields without one have none', () => {
    expect(fieldColor(def, 'docState', 'final')).toBe('success');
    expect(fieldColor(def, 'docState', 'cancelled')).toBe('danger');
    expect(fieldColor(def, 'docState', 'other')).toBeUndefined();
    expect(fieldColor(def, 'docState', null)).toBeUndefined();
    expect(fieldColor(def, 'customerType', 'company')).toBeUndefined();
    expect(fieldColor(def, 'constructor', 'x')).toBeUndefined();
    expect(hasColors(def, 'docState')).toBe(true);
    expect(hasColors(def, 'customerType')).toBe(false);
  });
});
