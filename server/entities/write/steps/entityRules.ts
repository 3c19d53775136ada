/**
 * entityRules (every write): the rules the entity declares (../../rules/index.ts: a chart of
 * accounts is a tree, promotions and quotas of an invoice, a closed fiscal period, stock-taking),
 * in order, each seeing the values the previous one returned.
 */
import { declaredRules, rulesOf } from '../../rules';
import { ALL_ACTIONS, type WriteStep } from '../state';

export const entityRulesStep: WriteStep = {
  name: 'entityRules',
  on: ALL_ACTIONS,
  async run(w) {
    const given = w.values;
    for (const rule of [...rulesOf(w.entity.key), ...declaredRules(w.entity.def)])
      w.values = await rule.run({
        trx: w.trx,
        action: w.action,
        user: w.user,
        before: w.before,
        values: w.values,
        lines: w.lines,
        entity: w.entity,
        registry: w.ctx.registry,
        secrets: w.secrets,
        lang: w.lang,
        byEffect: w.request.byEffect === true,
      });
    // a rule that answers nothing on a save leaves the values as they were
    if (w.values === null && w.action !== 'delete') w.values = given;
  },
};
