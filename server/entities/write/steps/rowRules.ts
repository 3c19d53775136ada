/**
 * rowRules (create, update): the row as stored must stay inside the writer's row rules
 * (server/security/rowRules.ts), e.g. a user held to its branch cannot create or move a row into
 * another branch: 403, and the transaction rolls back. Rows outside were already not found by the
 * load step. The rules hold every write a user asks for — through the API, and the server's
 * writes on its behalf (Finalise, Cancel, Amend, workflow operations) — but not the writes of an
 * effect of it (a posted voucher, a detail account: `byEffect`), which are not the user's rows.
 */
import { forbidden } from '../../../http/errors';
import { rowRuleCondition } from '../../../security/rowRules';
import type { WriteRequest, WriteStep } from '../state';

/** Whether the row rules of the writer's roles hold this write (not an effect's own). */
export const heldByRowRules = (request: WriteRequest): boolean => request.byEffect !== true;

export const rowRulesStep: WriteStep = {
  name: 'rowRules',
  on: ['create', 'update'],
  async run(w) {
    if (!heldByRowRules(w.request) || !w.row) return;
    const condition = await rowRuleCondition(w.db, w.entity, w.user);
    if (!condition) return;
    const inside = await w.db
      .selectFrom(w.entity.table)
      .select('id')
      .where('id', '=', Number(w.row.id))
      .where(condition)
      .executeTakeFirst();
    if (!inside) throw forbidden();
  },
};
