/**
 * effects (every write): where a stored document will take effect elsewhere in the same
 * transaction: journal postings of an invoice, stock ledger entries of a stock move, and their
 * reversal on Delete. Empty until the posting and stock issues: they register here, after the row
 * is stored (its id and final values known) and before attachments and audit.
 */
import { ALL_ACTIONS, type WriteStep } from '../state';

export const effectsStep: WriteStep = {
  name: 'effects',
  on: ALL_ACTIONS,
  run() {
    // no postings or stock entries yet
  },
};
