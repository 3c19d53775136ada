/**
 * numbering (create, update): the document's number from its numbering series (definition key
 * `numbering`, runtime/shared/numbering.ts), taken inside the write's transaction
 * (server/numbering/series.ts), so two writers never share a number and a write that rolls back
 * gives its number back. The number is the server's: a value a client sends is ignored (Create
 * starts without one, Update keeps the stored one). It is given on Create (`on: 'create'`) or by the
 * update that finalises the document (`on: 'finalise'`, `request.transition === 'finalise'`), once.
 */
import { seriesFor, takeCounter } from '../../../numbering/series';
import { formatNumber } from '../../../../runtime/shared/numbering';
import { SAVES, type WriteState, type WriteStep } from '../state';

/** Whether this write is the one that gives the document its number. */
function numbersNow(w: WriteState, on: 'create' | 'finalise'): boolean {
  if (on === 'create') return w.action === 'create';
  return w.action === 'update' && w.request.transition === 'finalise';
}

export const numberingStep: WriteStep = {
  name: 'numbering',
  on: SAVES,
  async run(w) {
    const spec = w.entity.def.numbering;
    if (!spec || !w.values) return;
    const stored = w.before?.[spec.field];
    let number: unknown = stored ?? null;
    // the server's own code (an amended copy, an import) may carry a number; a client's is ignored
    if (w.action === 'create' && w.request.source === 'server') number = w.values[spec.field] ?? null;
    if ((number === null || number === '') && numbersNow(w, spec.on)) {
      const series = await seriesFor(w.db, w.ctx.registry, w.entity, w.values);
      number = formatNumber(series, await takeCounter(w.db, w.entity.key, series));
    }
    // no number yet (a draft): the field is left out, not null (a Preview's answer fills the form)
    const { [spec.field]: _sent, ...rest } = w.values;
    w.values = number === null || number === '' ? rest : { ...rest, [spec.field]: number };
  },
};
