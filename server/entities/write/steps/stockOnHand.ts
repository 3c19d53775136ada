/**
 * stockOnHand (create, update): the line fields a definition's `stock.onHand` names (a stock
 * count's system quantity) are filled with the on-hand quantity of the line's item in its warehouse
 * at the document's date (the stock ledger's entries up to that day), on every save of a draft and
 * again when it is finalised, then the computed fields of the lines and the document are computed
 * again (its difference). Before the effects, so a finalisation moves what the count found.
 */
import { DOC_STATE_FIELD } from '../../../../runtime/shared/lifecycle';
import { fillOnHand } from '../../../inventory/onHandFill';
import { SAVES, type WriteStep } from '../state';

export const stockOnHandStep: WriteStep = {
  name: 'stockOnHand',
  on: SAVES,
  async run(w) {
    const def = w.entity.def;
    if (!def.stock?.onHand?.length || !w.values || w.request.transition === 'cancel') return;
    const state = w.values[DOC_STATE_FIELD];
    if (state !== undefined && state !== 'draft' && w.request.transition !== 'finalise') return;
    const filled = await fillOnHand(w.db, def, w.values, w.lines);
    w.values = filled.values;
    w.lines = filled.lines;
  },
};
