/**
 * fieldModes (create, update; API writes): the caller's field permissions on the values as sent
 * (security/fieldAccess.ts guardValues: a hidden field sent → 417 on it; on Update hidden and
 * read-only fields take their stored values, on Create read-only ones are dropped) and a party
 * user's own party in the party field (security/partyWrite.ts). Runs before validation, so the
 * stored values it puts back keep required fields valid.
 */
import { guardValues } from '../../../security/fieldAccess';
import { ownPartyValues } from '../../../security/partyWrite';
import type { WriteStep } from '../state';

export const fieldModesStep: WriteStep = {
  name: 'fieldModes',
  on: ['create', 'update'],
  run(w) {
    if (w.request.source !== 'api') return;
    const stored = w.before && { ...w.before, ...w.linesBefore };
    const guarded = guardValues(w.entity, w.modes, w.input, stored, w.lang);
    w.input = ownPartyValues(w.entity, w.request.user, guarded, w.lang);
  },
};
