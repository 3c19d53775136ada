/**
 * Approval workflow of a definition (its `workflow` block): a new row starts in the initial state;
 * an update may change the state only along a declared transition allowed to the user's role.
 * Anything else answers 417 with one Persian (or English) BusinessErrors entry. Every transition is
 * written to workFlow.transitionLog in the same transaction as the row.
 */
import type { Kysely } from 'kysely';
import type { Lang, WorkflowDefinition, WorkflowTransition } from '../../runtime/shared/definition';
import { localText } from '../../runtime/shared/definition';
import type { CurrentUser } from '../context';
import type { Entity } from '../definitions/registry';
import { tableName } from '../definitions/registry';
import type { SystemTables } from '../db/types';
import type { Untyped } from '../db/untyped';
import { HttpError } from '../http/errors';
import { t } from '../i18n';
import type { Row } from '../entities/rows';
import { findTransition, initialState, initialStates, transitionsFrom } from '../../runtime/shared/workflow';

export const TRANSITION_LOG_TABLE = tableName({ module: 'workFlow', name: 'transitionLog' });

function stateLabel(entity: Entity, wf: WorkflowDefinition, state: string, lang: Lang): string {
  return localText(entity.def.fields[wf.field]?.enumLabels?.[state], lang) || state;
}

function refuse(key: string, entity: Entity, wf: WorkflowDefinition, from: string, to: string): HttpError {
  return new HttpError(417, 'BusinessRuleViolated', [], [], {}, (lang: Lang) => ({
    BusinessErrors: [
      t(lang, key, { from: stateLabel(entity, wf, from, lang), to: stateLabel(entity, wf, to, lang) }),
    ],
  }));
}

/** Transitions out of `from` that `role` may make for a row with `values` (their `when`). */
export function allowedTransitions(
  wf: WorkflowDefinition,
  from: string,
  role: string,
  values: Record<string, unknown> = {},
): WorkflowTransition[] {
  return transitionsFrom(wf, from, values, role);
}

/**
 * Checks (and completes) the state in `values` before a create or update of a workflow entity;
 * logs a transition. `values` is changed in place: an absent state becomes the initial/stored one.
 */
export async function enforceWorkflow(
  trx: Kysely<SystemTables>,
  entity: Entity,
  user: CurrentUser | null,
  before: Row | null,
  values: Row | null,
  /** The server's own write on an effect's behalf: any change of state, logged. */
  server = false,
): Promise<void> {
  const wf = entity.def.workflow;
  if (!wf || !values) return;
  const asked = typeof values[wf.field] === 'string' ? (values[wf.field] as string) : undefined;
  if (!before) {
    // the initial state by the values (`initialWhen`); a form's default of another initial state
    // (a new cheque's before its direction is chosen) takes the right one
    const initial = initialState(wf, values);
    if (asked !== undefined && asked !== initial && !initialStates(wf).includes(asked))
      throw refuse('errors.WorkflowInitialState', entity, wf, initial, asked);
    values[wf.field] = initial;
    return;
  }
  const from = typeof before[wf.field] === 'string' ? (before[wf.field] as string) : wf.initial;
  const to = asked ?? from;
  values[wf.field] = to;
  if (to === from) return;
  const transition = findTransition(wf, from, to, values);
  if (!server) {
    if (!transition) throw refuse('errors.WorkflowTransitionUndefined', entity, wf, from, to);
    if (!user || !transition.roles.includes(user.role))
      throw refuse('errors.WorkflowTransitionNotAllowed', entity, wf, from, to);
  }
  const now = new Date().toISOString();
  await (trx as unknown as Untyped)
    .insertInto(TRANSITION_LOG_TABLE)
    .values({
      entityKey: entity.key,
      rowId: Number(before.id),
      fromState: from,
      toState: to,
      userName: user?.username ?? null,
      at: now,
      version: 1,
      created_at: now,
      updated_at: now,
      created_by: user?.id ?? null,
      updated_by: user?.id ?? null,
    })
    .execute();
}
