/**
 * effects (every write): where a stored document takes effect elsewhere in the same transaction:
 * journal postings of an invoice, stock ledger entries of a stock move. The posting and stock
 * issues register an Effect here (registerEffect, a table keyed by name); this step runs, after the
 * row is stored (its id and final values known) and before attachments and audit, `onFinalise` of
 * every effect when a document is finalised and `onCancel` (the reversal: a document and its effects
 * are reversed, never deleted) when it is cancelled. An effect refuses by throwing an HttpError;
 * the whole write then rolls back.
 */
import type { WorkflowTransition } from '../../../../runtime/shared/definition';
import { findTransition } from '../../../../runtime/shared/workflow';
import type { WriteState, WriteStep } from '../state';
import { ALL_ACTIONS } from '../state';

/** A move of a row along its workflow (an Update changing the state field). */
export interface WorkflowMove {
  from: string;
  to: string;
  transition: WorkflowTransition;
}

/** What a document's finalisation or cancellation does elsewhere (postings, stock entries…). */
export interface Effect {
  /** Unique name (e.g. `posting`, `stock`): registering a name again replaces the effect. */
  readonly name: string;
  /** Which entities it applies to (`module.name` keys); absent: every entity with a lifecycle. */
  readonly entities?: readonly string[];
  /** After a document became final (w.row: the row as stored, w.lines: its lines). */
  onFinalise?(w: WriteState): Promise<void> | void;
  /** After a final document was cancelled: reverses what onFinalise did. */
  onCancel?(w: WriteState): Promise<void> | void;
  /**
   * After an Update moved the row along its workflow (the workflow step allowed the transition and
   * the row is stored): e.g. the voucher a transition declares (a cheque deposited).
   */
  onWorkflow?(w: WriteState, move: WorkflowMove): Promise<void> | void;
  /**
   * Before the lifecycle step, on an Update (transitions included) or Delete of a stored row of
   * its entities not made by an effect (request.byEffect): refuses (throws) a change users may not
   * make to rows the effect owns (a voucher posted from a document).
   */
  guard?(w: WriteState): Promise<void> | void;
  /**
   * After every Create or Update of a row of its entities (transitions included), once the other
   * hooks of every effect ran: e.g. the automations of the document's events (server/automations).
   */
  onWrite?(w: WriteState): Promise<void> | void;
}

const EFFECTS = new Map<string, Effect>();

/** Registers (or replaces, by name) an effect of finalised and cancelled documents. */
export function registerEffect(effect: Effect): void {
  EFFECTS.set(effect.name, effect);
}

/**
 * Removes the effect registered under `name` (a module unloaded, a test's own effect): later
 * writes no longer run it. Answers whether one was registered.
 */
export function unregisterEffect(name: string): boolean {
  return EFFECTS.delete(name);
}

/** The registered effects, in registration order. */
export function registeredEffects(): Effect[] {
  return [...EFFECTS.values()];
}

export const effectsStep: WriteStep = {
  name: 'effects',
  on: ALL_ACTIONS,
  async run(w) {
    const transition = w.request.transition;
    const move = workflowMove(w);
    if (move)
      for (const effect of EFFECTS.values()) {
        if (effect.entities && !effect.entities.includes(w.entity.key)) continue;
        await effect.onWorkflow?.(w, move);
      }
    if (transition && w.entity.def.lifecycle)
      for (const effect of EFFECTS.values()) {
        if (effect.entities && !effect.entities.includes(w.entity.key)) continue;
        if (transition === 'finalise') await effect.onFinalise?.(w);
        else await effect.onCancel?.(w);
      }
    if (w.action === 'delete') return;
    for (const effect of EFFECTS.values()) {
      if (effect.entities && !effect.entities.includes(w.entity.key)) continue;
      await effect.onWrite?.(w);
    }
  },
};

/** The workflow move an Update makes (the state field changed along a declared transition), or null. */
function workflowMove(w: WriteState): WorkflowMove | null {
  const wf = w.entity.def.workflow;
  if (!wf || w.action !== 'update' || !w.before || !w.values || w.request.transition) return null;
  const from = typeof w.before[wf.field] === 'string' ? (w.before[wf.field] as string) : wf.initial;
  const to = w.values[wf.field];
  if (typeof to !== 'string' || to === from) return null;
  const transition = findTransition(wf, from, to, w.values);
  return transition ? { from, to, transition } : null;
}

/** Runs the guards of the effects of `w.entity` (Effect.guard) for a user's change of a stored row. */
export async function guardEffects(w: WriteState): Promise<void> {
  if (w.request.byEffect || !w.before) return;
  for (const effect of EFFECTS.values()) {
    if (effect.entities && !effect.entities.includes(w.entity.key)) continue;
    await effect.guard?.(w);
  }
}
