/**
 * detailAccount (every write): a row of a definition declaring `detailAccount` (a customer, a
 * vendor, a bank account…) keeps its floating detail account (server/accounting/detailAccounts.ts):
 * created with the row, renamed with it, deleted with it (refused while vouchers use it), in the
 * same transaction through the pipeline (runWriteIn). After the row is stored (its id known) and
 * before the effects, attachments and audit (whose diff shows the field).
 */
import { keepDetailAccount } from '../../../accounting/detailAccounts';
import { ALL_ACTIONS, type WriteStep } from '../state';

export const detailAccountStep: WriteStep = {
  name: 'detailAccount',
  on: ALL_ACTIONS,
  async run(w) {
    if (w.entity.def.detailAccount) await keepDetailAccount(w);
  },
};
