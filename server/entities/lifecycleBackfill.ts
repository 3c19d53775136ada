/**
 * Rows stored before their entity had a lifecycle (or inserted by the demo seed without a state)
 * are drafts: their empty `docState` is set to `draft`, so the grid's state filter finds them.
 * Run after the entity tables are synced (server start, low-code publish); idempotent.
 */
import { DOC_STATE_FIELD } from '../../runtime/shared/lifecycle';
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
  }
}
