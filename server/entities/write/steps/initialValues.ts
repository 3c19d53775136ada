/**
 * initialValues (create): fields the definition gives an `initial` (e.g. a document date `today`,
 * runtime/shared/initialValues.ts) and the request leaves out are filled in before validation, as
 * the form fills them in a new record. The next number of a series will be filled by the numbering
 * step (#23).
 */
import { withInitialValues } from '../../../../runtime/shared/initialValues';
import type { WriteStep } from '../state';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export const initialValuesStep: WriteStep = {
  name: 'initialValues',
  on: ['create'],
  run(w) {
    if (w.request.source === 'api') {
      if (isObject(w.input)) w.input = withInitialValues(w.entity.def, w.input);
    } else if (w.values) w.values = withInitialValues(w.entity.def, w.values);
  },
};
