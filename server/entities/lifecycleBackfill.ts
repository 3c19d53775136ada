/**
 * Rows stored before their entity had a lifecycle (or inserted by the demo seed without a state)
 * are drafts: their empty `docState` is set to `draft`, so the grid's state filter finds them.
 * Final and cancelled rows of a definition whose lifecycle names the workflow states a document is
 * finalised from (`finaliseFrom`) but stored in a state neither of them nor reached from them along
 * the workflow (finalised before the definition asked for one, or by the demo seed) take the first
 * of them, as a finalisation by the server would (server/entities/write/steps/lifecycle.ts). A
 * final row moved on after its Finalise (a cheque deposited, cleared, bounced: docs/treasury.md)
 * keeps its state. Run after the entity tables are synced (server start, low-code publish);
 * idempotent.
 */
import { DOC_STATE_FIELD } from '../../runtime/shared/lifecycle';
import { statesFrom } from '../../runtime/shared/workflow';
import type { Untyped } from '../db/untyped';
import type { Registry } from '../definitions/registry';

export async function backfillDocStates(db: Untyped, registry: Registry): Promise<void> {
  for (const entity of registry.all()) {
    if (!entity.def.lifecycle) continue;
    await db
      .updateTable(entity.table)
      .set({ [DOC_STATE_FIELD]: 'draft' })
      .where(DOC_STATE_FIELD, 'is', null)
      .execute();
    const from = entity.def.lifecycle.finaliseFrom;
    const wf = entity.def.workflow;
    if (!from?.length || !wf) continue;
    const kept = [...statesFrom(wf, from)];
    await db
      .updateTable(entity.table)
      .set({ [wf.field]: from[0] })
      .where(DOC_STATE_FIELD, 'in', ['final', 'cancelled'])
      .where((eb) => eb.or([eb(wf.field, 'is', null), eb(wf.field, 'not in', kept)]))
      .execute();
  }
}
