/**
 * lifecycle (every write): where a document's lifecycle (draft → submitted → cancelled, and what a
 * state forbids: editing a submitted document, deleting a posted one) will be enforced. Empty until
 * the lifecycle issue: it registers its checks here, before numbering and workflow.
 */
import { ALL_ACTIONS, type WriteStep } from '../state';

export const lifecycleStep: WriteStep = {
  name: 'lifecycle',
  on: ALL_ACTIONS,
  run() {
    // no lifecycle yet: every write passes
  },
};
