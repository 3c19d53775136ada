/**
 * initialValues (create): fields the definition gives an `initial` (e.g. a document date `today`,
 * runtime/shared/initialValues.ts) and the request leaves out are filled in before validation, as
 * the form fills them in a new record, with the same code: with a selected fiscal period
 * (`request.period`, the `selectedYear` header), the document's date (`period.field`) falls into
 * that period (today when it holds today, else its last day for a past period and its first day
 * for a future one). A number is the numbering step's.
 */
import { withInitialValues } from '../../../../runtime/shared/initialValues';
import type { WriteStep } from '../state';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export const initialValuesStep: WriteStep = {
  name: 'initialValues',
  on: ['create'],
  run(w) {
    const context = { period: w.request.period ?? null };
    if (w.request.source === 'api') {
      if (isObject(w.input)) w.input = withInitialValues(w.entity.def, w.input, new Date(), context);
    } else if (w.values) w.values = withInitialValues(w.entity.def, w.values, new Date(), context);
  },
};
