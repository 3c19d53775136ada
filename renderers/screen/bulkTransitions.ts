/**
 * The workflow bulk action of the grid's ticked rows (loaded with BulkBar, not with the grid): the
 * states the rows may move to and the per-row call that moves one.
 */
import { api } from '../../runtime/http/pipeline';
import {
  apiPath,
  localText,
  type EntityDefinition,
  type EntityRow,
  type Lang,
} from '../../runtime/shared/definition';
import { transitionsFrom } from '../../runtime/shared/workflow';
import type { BulkCall } from './bulkActions';

/** Columns the server keeps itself: not sent back in the values of an Update. */
const SYSTEM = new Set(['id', 'version', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy']);

/** A workflow state the ticked rows can be moved to: `to`, from which of the rows' states. */
export interface TransitionTarget {
  to: string;
  label: string;
}

/**
 * The states the ticked rows may move to: targets of the definition's transitions (GetDefinition
 * sends only the role's own) out of a state some ticked row is in.
 */
export function transitionTargets(def: EntityDefinition, rows: EntityRow[], lang: Lang): TransitionTarget[] {
  const wf = def.workflow;
  if (!wf) return [];
  // the transitions out of each ticked row's state that apply to it (their `when`)
  const targets = rows.flatMap((r) =>
    transitionsFrom(wf, typeof r[wf.field] === 'string' ? String(r[wf.field]) : wf.initial, r).map(
      (tr) => tr.to,
    ),
  );
  return [...new Set(targets)].map((to) => ({ to, label: stateLabel(def, to, lang) }));
}

/** The label of a workflow state (the state field's enum label). */
export function stateLabel(def: EntityDefinition, state: string, lang: Lang): string {
  const field = def.workflow ? def.fields[def.workflow.field] : undefined;
  return localText(field?.enumLabels?.[state], lang) || state;
}

/**
 * Moves one row to workflow state `to` through the row's own Update (the whole record as Get
 * answers it, the state changed): the server checks the transition, the role, the version and the
 * write pipeline as for a save of the form.
 */
export function transitionCall(def: EntityDefinition, to: string): BulkCall {
  const path = apiPath(def);
  return async (row) => {
    const fresh = await api.post<EntityRow>(`${path}/Get`, { id: row.id }, { silent: true });
    const values: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(fresh)) if (!SYSTEM.has(name)) values[name] = value;
    values[def.workflow!.field] = to;
    return api.post(`${path}/Update`, { id: fresh.id, version: fresh.version, values }, { silent: true });
  };
}
