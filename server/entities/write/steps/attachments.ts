/**
 * attachments (every write): the attachment ids the stored row names are refused or tied to the
 * row, the ones it no longer names let go (attachments/links.ts), in the write's transaction.
 */
import { syncAttachments } from '../../../attachments/links';
import { ALL_ACTIONS, type WriteStep } from '../state';

export const attachmentsStep: WriteStep = {
  name: 'attachments',
  on: ALL_ACTIONS,
  async run(w) {
    await syncAttachments(w.trx, w.entity, w.user, w.before, w.row);
  },
};
