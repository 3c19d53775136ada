/**
 * initialValues (create): fields the definition gives an `initial` (e.g. a document date `today`,
 * runtime/shared/initialValues.ts) and the request leaves out are filled in before validation, as
 * the form fills them in a new record, with the same code: with a selected fiscal period
 * (`request.period`, the `selectedYear` header), the document's date (`period.field`) falls into
 * that period (today when it holds today, else its last day for a past period and its first day
 * for a future one). A number is the numbering step's. Lookups declaring `initialFrom` get the row
 * the server finds (../../initialFrom.ts: a setting's code, else the first row).
 */
import { withInitialValues } from '../../../../runtime/shared/initialValues';
import { withServerInitials } from '../../initialFrom';
import type { WriteStep } from '../state';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export const initialValuesStep: WriteStep = {
  name: 'initialValues',
  on: ['create'],
  async run(w) {
    const context = { period: w.request.period ?? null };
    const def = w.entity.def;
    if (w.request.source === 'api') {
      if (isObject(w.input))
        w.input = await withServerInitials(
          w.db,
          w.ctx.registry,
          def,
          withInitialValues(def, w.input, new Date(), context),
        );
    } else if (w.values)
      w.values = await withServerInitials(
        w.db,
        w.ctx.registry,
        def,
        withInitialValues(def, w.values, new Date(), context),
      );
  },
};
