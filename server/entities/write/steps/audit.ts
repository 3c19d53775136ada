/**
 * audit (every write): one audit_log entry per write (../../audit.ts): who, when, the field-level
 * diff of the row and the line changes, in the write's transaction.
 */
import { lineChanges, writeAudit } from '../../audit';
import { diff } from '../../rows';
import { ALL_ACTIONS, type WriteStep } from '../state';

export const auditStep: WriteStep = {
  name: 'audit',
  on: ALL_ACTIONS,
  async run(w) {
    const id = Number((w.row ?? w.before)?.id);
    const lines = lineChanges(w.entity, w.linesBefore, w.action === 'delete' ? null : w.lines);
    await writeAudit(w.trx, w.entity, w.user, id, w.action, diff(w.entity, w.before, w.row), lines);
  },
};
