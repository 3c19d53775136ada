/**
 * What a definition's `workflow` allows a row, shared by the server's workflow step
 * (server/operations/workflow.ts) and the form's state select: the initial state of a new row
 * (`initialWhen` by its values, else `initial`) and the transitions out of a state (their `when`
 * over the row's values; a role's own when a role is named).
 */
import type { WorkflowDefinition, WorkflowTransition } from './definition';
import { evaluate, type Expr } from './rules';

const truthy = (v: unknown) =>
  !(
    v === false ||
    v === null ||
    v === undefined ||
    v === 0 ||
    v === '' ||
    (Array.isArray(v) && v.length === 0)
  );

/** Whether an expression holds for `values` (an expression that fails to evaluate does not). */
function holds(expr: Expr, values: Record<string, unknown>): boolean {
  try {
    return truthy(evaluate(expr, values));
  } catch {
    return false;
  }
}

/** The state a new row with `values` starts in. */
export function initialState(wf: WorkflowDefinition, values: Record<string, unknown>): string {
  for (const entry of wf.initialWhen ?? []) if (holds(entry.when, values)) return entry.state;
  return wf.initial;
}

/** Every state a new row may start in (`initial` and those of `initialWhen`). */
export function initialStates(wf: WorkflowDefinition): string[] {
  return [...new Set([wf.initial, ...(wf.initialWhen ?? []).map((e) => e.state)])];
}

/** Whether a transition applies to a row with `values` (its `when`, if any, holds). */
export function transitionApplies(tr: WorkflowTransition, values: Record<string, unknown>): boolean {
  return tr.when === undefined || holds(tr.when, values);
}

/** The transitions out of `from` that apply to `values` (and that `role` may make, when given). */
export function transitionsFrom(
  wf: WorkflowDefinition,
  from: string,
  values: Record<string, unknown>,
  role?: string,
): WorkflowTransition[] {
  return wf.transitions.filter(
    (tr) =>
      tr.from === from && (role === undefined || tr.roles.includes(role)) && transitionApplies(tr, values),
  );
}

/** The transition from `from` to `to` for a row with `values`, if the workflow declares one. */
export function findTransition(
  wf: WorkflowDefinition,
  from: string,
  to: string,
  values: Record<string, unknown>,
): WorkflowTransition | undefined {
  return wf.transitions.find((tr) => tr.from === from && tr.to === to && transitionApplies(tr, values));
}

/** Every state the workflow names (initial states, transitions' ends). */
export function workflowStates(wf: WorkflowDefinition): Set<string> {
  return new Set([...initialStates(wf), ...wf.transitions.flatMap((t) => [t.from, t.to])]);
}

/**
 * The states a row may stand in once it left one of `from` along the workflow's transitions
 * (whatever their `when`), `from` included: a final cheque's deposited, cleared, bounced… after
 * `inHand`; nothing more for a voucher approved with no transition out of `approved`.
 */
export function statesFrom(wf: WorkflowDefinition, from: readonly string[]): Set<string> {
  const seen = new Set(from);
  const queue = [...from];
  for (let state = queue.shift(); state !== undefined; state = queue.shift())
    for (const tr of wf.transitions)
      if (tr.from === state && !seen.has(tr.to)) {
        seen.add(tr.to);
        queue.push(tr.to);
      }
  return seen;
}
