/**
 * validate (create, update): an API write's values become a valid document (../../document.ts:
 * fields, lines, computed fields, cross-field rules; 417 otherwise). For every write, the
 * definition's read-only fields the values do not carry keep their stored value on Update.
 */
import { validateDocument } from '../../document';
import type { WriteStep } from '../state';

export const validateStep: WriteStep = {
  name: 'validate',
  on: ['create', 'update'],
  run(w) {
    if (w.request.source === 'api') {
      const doc = validateDocument(w.entity, w.input, w.lang);
      w.values = doc.values;
      w.lines = doc.lines;
    }
    const before = w.before;
    if (!before || !w.values) return;
    const merged = { ...w.values };
    for (const [name, field] of Object.entries(w.entity.def.schema.properties))
      if (field.readOnly && merged[name] === undefined) merged[name] = before[name];
    w.values = merged;
  },
};
