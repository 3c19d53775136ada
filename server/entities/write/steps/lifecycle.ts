/**
 * lifecycle (every write): a document with a `lifecycle` (runtime/shared/lifecycle.ts) is created as
 * a draft whatever state is sent; a draft is edited and deleted freely; a final document answers
 * 417 to Update (except one changing only the fields editable when final) and Delete, a cancelled
 * one to both. An Update with `transition` moves the state: `finalise` a draft (from the workflow
 * states of `finaliseFrom`, when given: a document the server finalises on an effect's behalf takes
 * the first of them), `cancel` a final document with a reason; the row keeps its
 * stored values and lines. Then the workflow's per-state roles (`workflow.states`): who may edit or
 * delete a row in its current state. Before numbering and workflow, so they see the new state.
 */
import {
  AMENDED_FROM_FIELD,
  CANCEL_REASON_FIELD,
  DOC_STATE_FIELD,
  docStateOf,
  LIFECYCLE_FIELDS,
} from '../../../../runtime/shared/lifecycle';
import { SYSTEM_FIELDS } from '../../../../runtime/shared/definition';
import { lineChanges } from '../../audit';
import {
  cancelReason,
  changedFields,
  checkFinalEdit,
  lifecycleRefusal,
  stateText,
  workflowStateText,
} from '../../lifecycleChecks';
import type { Row } from '../../rows';
import { ALL_ACTIONS, type WriteState, type WriteStep } from '../state';
import { guardEffects } from './effects';

/** The stored row's own fields (no system columns), as the values of a transition. */
function storedValues(w: WriteState): Row {
  const out: Row = {};
  for (const name of Object.keys(w.entity.def.schema.properties))
    if (!(SYSTEM_FIELDS as readonly string[]).includes(name)) out[name] = w.before?.[name];
  return out;
}

/** A write of the server's own code on an effect's or a server action's behalf (request.byEffect). */
function serverDecides(w: WriteState): boolean {
  return w.request.source === 'server' && w.request.byEffect === true;
}

/** A transition: the stored values and lines with the new state (a cancel's reason beside it). */
function transition(w: WriteState): void {
  const state = docStateOf(w.before);
  const def = w.entity.def;
  const values = storedValues(w);
  if (w.request.transition === 'finalise') {
    if (state !== 'draft') throw lifecycleRefusal('finaliseNotDraft', stateText(state));
    const from = def.lifecycle?.finaliseFrom;
    const wf = def.workflow;
    if (from && wf) {
      const now = String(w.before?.[wf.field] ?? wf.initial);
      // a document the server writes on an effect's behalf (a posted voucher) needs no approval
      // round: it takes the first state it may be finalised from (the workflow step logs it)
      if (!from.includes(now) && serverDecides(w)) values[wf.field] = from[0];
      else if (!from.includes(now))
        throw lifecycleRefusal('finaliseFrom', (lang) => ({
          state: workflowStateText(def, now, lang),
          states: from.map((s) => `«${workflowStateText(def, s, lang)}»`).join('، '),
        }));
    }
    values[DOC_STATE_FIELD] = 'final';
  } else {
    if (state !== 'final') throw lifecycleRefusal('cancelNotFinal', stateText(state));
    values[DOC_STATE_FIELD] = 'cancelled';
    values[CANCEL_REASON_FIELD] = cancelReason(w.request.reason);
  }
  w.values = values;
  w.lines = w.linesBefore ?? {};
}

/** An ordinary Update or Delete against the stored state; the lifecycle's fields keep their stored values. */
function plainWrite(w: WriteState): void {
  const state = docStateOf(w.before);
  const def = w.entity.def;
  if (w.action === 'delete') {
    if (state !== 'draft') throw lifecycleRefusal(state === 'final' ? 'finalDelete' : 'cancelledDelete');
    return;
  }
  if (!w.values || !w.before) return;
  for (const name of LIFECYCLE_FIELDS) w.values[name] = w.before[name];
  w.values[DOC_STATE_FIELD] = state;
  if (state === 'cancelled') throw lifecycleRefusal('cancelledEdit');
  if (state === 'final') {
    const linesChanged = lineChanges(w.entity, w.linesBefore, w.lines) !== null;
    checkFinalEdit(def, changedFields(def, w.before, w.values), linesChanged);
  }
}

/** Who may edit or delete a row in its workflow state (`workflow.states`), for Update and Delete. */
function workflowRoles(w: WriteState): void {
  const wf = w.entity.def.workflow;
  if (!wf?.states || !w.before || !w.user || w.request.transition) return;
  const state = String(w.before[wf.field] ?? wf.initial);
  const rule = wf.states[state];
  const roles = w.action === 'delete' ? rule?.delete : rule?.edit;
  if (!roles || roles.includes(w.user.role)) return;
  // a change of the workflow state alone is a transition: its own roles decide (workflow step)
  if (w.action === 'update' && w.values) {
    const changed = changedFields(w.entity.def, w.before, w.values).filter((f) => f !== wf.field);
    const lines = lineChanges(w.entity, w.linesBefore, w.lines) !== null;
    if (changed.length === 0 && !lines) return;
  }
  throw lifecycleRefusal(w.action === 'delete' ? 'workflowDelete' : 'workflowEdit', (lang) => ({
    state: workflowStateText(w.entity.def, state, lang),
  }));
}

export const lifecycleStep: WriteStep = {
  name: 'lifecycle',
  on: ALL_ACTIONS,
  async run(w) {
    // rows an effect owns (a posted voucher) refuse users' changes with their own reason first
    await guardEffects(w);
    const lifecycle = w.entity.def.lifecycle;
    if (!lifecycle) {
      if (w.request.transition) throw lifecycleRefusal('noLifecycle');
    } else if (w.action === 'create') {
      if (w.values) {
        // a new document is a draft; only the server's own Amend names the document it amends
        w.values[DOC_STATE_FIELD] = 'draft';
        delete w.values[CANCEL_REASON_FIELD];
        if (w.request.source === 'api') delete w.values[AMENDED_FROM_FIELD];
      }
    } else if (w.request.transition && w.action === 'update') transition(w);
    else plainWrite(w);
    workflowRoles(w);
  },
};
