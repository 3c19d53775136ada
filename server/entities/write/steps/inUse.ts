/**
 * inUse (delete): a row that any lookup of any entity still names stays (../../references.ts; 417
 * saying how many rows of which entity use it). After the entity's rules, so their own refusal (an
 * account with sub-accounts) is the one answered.
 */
import { checkNotReferenced } from '../../references';
import type { WriteStep } from '../state';

export const inUseStep: WriteStep = {
  name: 'inUse',
  on: ['delete'],
  async run(w) {
    await checkNotReferenced(w.ctx, w.db, w.entity, Number(w.before?.id), w.lang);
  },
};
