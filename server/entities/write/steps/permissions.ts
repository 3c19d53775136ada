/**
 * permissions (every write): rows the server alone writes (the definition's `serverRows`,
 * security/writeRule.ts) are never created, changed nor deleted through a write: 403. The role's
 * entity permissions are checked by the route before the write starts (entities/routes.ts), field
 * permissions by the fieldModes step.
 */
import { refuseServerRows } from '../../../security/writeRule';
import { ALL_ACTIONS, type WriteStep } from '../state';

export const permissionsStep: WriteStep = {
  name: 'permissions',
  on: ALL_ACTIONS,
  run(w) {
    refuseServerRows(w.entity.def, w.before, w.values);
  },
};
