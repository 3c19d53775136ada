/**
 * workflow (create, update): the definition's approval workflow (operations/workflow.ts): a new row
 * starts in the initial state, a change of state follows a transition allowed to the user's role
 * (417 otherwise) and is logged in the same transaction. A write the server makes on an effect's
 * behalf (request.byEffect: a posted voucher finalised in the state its lifecycle asks) moves the
 * state as it decides, logged the same way.
 */
import { enforceWorkflow } from '../../../operations/workflow';
import type { WriteStep } from '../state';

export const workflowStep: WriteStep = {
  name: 'workflow',
  on: ['create', 'update'],
  async run(w) {
    const server = w.request.source === 'server' && w.request.byEffect === true;
    await enforceWorkflow(w.trx, w.entity, w.user, w.before, w.values, server);
  },
};
