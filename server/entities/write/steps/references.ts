/**
 * references (create, update): every lookup value of the row and its lines names a row the writer
 * may see (../../references.ts; 417 on the field or the line's cell). Steps after this one may trust
 * the lookups; a step that sets a lookup itself names a row it has read.
 */
import { checkReferences } from '../../references';
import type { WriteStep } from '../state';
import { heldByRowRules } from './rowRules';

export const referencesStep: WriteStep = {
  name: 'references',
  on: ['create', 'update'],
  async run(w) {
    if (!w.values) return;
    // the row rules of the writer's roles hold its writes (a lookup outside them: 417)
    await checkReferences(
      w.ctx,
      w.db,
      w.entity,
      w.user,
      w.values,
      w.lines,
      w.lang,
      heldByRowRules(w.request),
    );
  },
};
