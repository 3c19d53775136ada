/**
 * rowRules (create, update; API writes): the row as stored must stay inside the writer's row rules
 * (server/security/rowRules.ts), e.g. a user held to its branch cannot create or move a row into
 * another branch: 403, and the transaction rolls back. Rows outside were already not found by the
 * load step.
 */
import { forbidden } from '../../../http/errors';
import { rowRuleCondition } from '../../../security/rowRules';
import type { WriteStep } from '../state';

export const rowRulesStep: WriteStep = {
  name: 'rowRules',
  on: ['create', 'update'],
  async run(w) {
    if (w.request.source !== 'api' || !w.row) return;
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
