/**
 * closedPeriod (every write, the lifecycle transitions included): a document of an entity whose
 * definition names its date field (`period: { field }`) is refused (417, the Persian reason naming
 * the period, or the module and its lock date) when its date lies in a closed fiscal period or on
 * or before its module's lock date (../../closedPeriods.ts). Both the date written and the date
 * stored count: a locked document can neither be changed, deleted, finalised or cancelled, nor be
 * moved out of the lock by changing its date. Runs after validation (computed dates are filled)
 * and before numbering (a refused document takes no number). A Preview does not run it
 * (../pipeline.ts PREVIEW_STEPS): the form keeps showing figures while the user types a date; the
 * save gives the reason.
 */
import { datedField, refuseClosedPeriod, refuseLockDate } from '../../closedPeriods';
import { ALL_ACTIONS, type WriteStep } from '../state';

export const closedPeriodStep: WriteStep = {
  name: 'closedPeriod',
  on: ALL_ACTIONS,
  async run(w) {
    const field = datedField(w.entity);
    if (!field) return;
    const dates = new Set<string>();
    for (const row of [w.values, w.before]) {
      const date = row?.[field];
      if (typeof date === 'string' && date !== '') dates.add(date.slice(0, 10));
    }
    for (const date of dates) {
      await refuseClosedPeriod(w.db, date);
      await refuseLockDate(w.ctx.registry, w.db, w.entity, date);
    }
  },
};
