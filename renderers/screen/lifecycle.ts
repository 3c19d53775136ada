/**
 * The document lifecycle on the client (issue #23; the server enforces it): a definition with
 * `lifecycle` holds each row's state in `docState` (draft → final → cancelled). Here: which of
 * Finalise / Cancel / Amend a row offers to a user (its state and the user's permissions), what of
 * its form stays editable, the reason's rules, and the bulk bar's quiet Finalise of one ticked row
 * (a single row's actions are the entity client's finalise/cancel/amend).
 */
import { api } from '../../runtime/http/pipeline';
import type { BulkCall } from './bulkActions';
import {
  apiPath,
  type EntityDefinition,
  type EntityPermissions,
  type EntityRow,
} from '../../runtime/shared/definition';
import {
  CANCEL_REASON_MAX,
  CANCEL_REASON_MIN,
  docStateOf as storedState,
  type DocState,
} from '../../runtime/shared/lifecycle';

export type { DocState };
export type LifecycleAction = 'finalise' | 'cancel' | 'amend';

/** The order the actions are offered in. */
export const LIFECYCLE_ACTIONS: readonly LifecycleAction[] = ['finalise', 'cancel', 'amend'];

/** A cancel's reason: required, 3–400 characters (as the server checks it). */
export const REASON_MIN = CANCEL_REASON_MIN;
export const REASON_MAX = CANCEL_REASON_MAX;

/** The state of a row of a lifecycle definition (a row without one is a draft); null without lifecycle. */
export function docStateOf(
  def: Pick<EntityDefinition, 'lifecycle'>,
  row: EntityRow | undefined,
): DocState | null {
  return def.lifecycle ? storedState(row) : null;
}

/** Each action: the state it starts from and the permission it needs (amend makes a new document). */
const RULES: Record<LifecycleAction, { from: DocState; permission: keyof EntityPermissions }> = {
  finalise: { from: 'draft', permission: 'finalise' },
  cancel: { from: 'final', permission: 'cancel' },
  amend: { from: 'cancelled', permission: 'create' },
};

/** The actions `row` offers to a user holding `perms` (none for a new record or without lifecycle). */
export function lifecycleActions(
  def: Pick<EntityDefinition, 'lifecycle'>,
  perms: EntityPermissions,
  row: EntityRow | undefined,
): LifecycleAction[] {
  const state = docStateOf(def, row);
  if (!state || typeof row?.id !== 'number') return [];
  return LIFECYCLE_ACTIONS.filter((a) => RULES[a].from === state && perms[RULES[a].permission] === true);
}

/**
 * Every action the definition's documents may offer a user holding `perms`, whatever a row's
 * state (the list toolbar shows them all, enabled for the selected row's: its buttons do not come
 * and go with the selection, which would move the grid under the pointer).
 */
export function entityLifecycleActions(
  def: Pick<EntityDefinition, 'lifecycle'>,
  perms: EntityPermissions,
): LifecycleAction[] {
  if (!def.lifecycle) return [];
  return LIFECYCLE_ACTIONS.filter((a) => perms[RULES[a].permission] === true);
}

/**
 * What of a stored row's form may change: `all` (a draft, or no lifecycle), `none` (cancelled, or
 * final with nothing editableWhenFinal), or the editableWhenFinal fields of a final document.
 */
export type FormLock = { kind: 'all' } | { kind: 'none' } | { kind: 'some'; editable: string[] };

export function formLock(def: Pick<EntityDefinition, 'lifecycle'>, row: EntityRow | undefined): FormLock {
  const state = docStateOf(def, row);
  if (state === null || state === 'draft') return { kind: 'all' };
  const editable = state === 'final' ? (def.lifecycle?.editableWhenFinal ?? []) : [];
  return editable.length ? { kind: 'some', editable } : { kind: 'none' };
}

/** True when the row may still be edited and deleted as a whole (a draft, or no lifecycle). */
export function isOpenRow(def: Pick<EntityDefinition, 'lifecycle'>, row: EntityRow | undefined): boolean {
  return formLock(def, row).kind === 'all';
}

/** Why a cancel's reason is not acceptable: a translation key, '' when it is. */
export function reasonProblem(reason: string): '' | 'lifecycle.reasonRequired' | 'lifecycle.reasonLength' {
  const text = reason.trim();
  if (text === '') return 'lifecycle.reasonRequired';
  if (text.length < REASON_MIN || text.length > REASON_MAX) return 'lifecycle.reasonLength';
  return '';
}

/** The call path of an action: `Sales/Invoice/Finalise`. */
export function lifecyclePath(
  def: Pick<EntityDefinition, 'module' | 'name'>,
  action: LifecycleAction,
): string {
  const last = { finalise: 'Finalise', cancel: 'Cancel', amend: 'Amend' }[action];
  return `${apiPath(def)}/${last}`;
}

/**
 * Finalise of one ticked row at the version the grid holds, the catalogue kept quiet (the bulk bar
 * reports the rows refused, bulkActions.ts). A single row's actions go through the entity client.
 */
export function finaliseCall(def: Pick<EntityDefinition, 'module' | 'name'>): BulkCall {
  return (row) =>
    api.post(lifecyclePath(def, 'finalise'), { id: row.id, version: row.version }, { silent: true });
}
