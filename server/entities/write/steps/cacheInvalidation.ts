/**
 * cacheInvalidation (every write): the entity's kept row counts (../../countCache.ts) are dropped
 * once the write has committed, so a count taken while the write was open is not kept as current.
 * (The access caches follow writes by themselves: server/db/writeWatch.ts.)
 */
import { invalidateCounts } from '../../countCache';
import { ALL_ACTIONS, type WriteStep } from '../state';

export const cacheInvalidationStep: WriteStep = {
  name: 'cacheInvalidation',
  on: ALL_ACTIONS,
  run(w) {
    const table = w.entity.table;
    w.afterCommit.push(() => invalidateCounts(table));
  },
};
