/** Read-only screens (definitions over database views, e.g. management.auditLog): every write is refused with 403. */
import { forbidden } from '../../http/errors';
import type { EntityRule } from './types';

export const readOnlyRule: EntityRule = {
  name: 'readOnly',
  async run() {
    throw forbidden();
  },
};
