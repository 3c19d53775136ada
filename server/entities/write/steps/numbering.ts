/**
 * numbering (create, update): where a document will get its number from a numbering series (per
 * fiscal year, branch, document kind) inside the write's transaction, so two writers never share a
 * number. Empty until the numbering issue (#23); its hook in the definition is a field's `initial`
 * (runtime/shared/initialValues.ts), e.g. a `nextInSeries` entry resolved here, which the form
 * shows as the number a new document will get.
 */
import type { WriteStep } from '../state';

export const numberingStep: WriteStep = {
  name: 'numbering',
  on: ['create', 'update'],
  run() {
    // no numbering series yet: numbers are what the writer sent
  },
};
