/** Read-only screens (definitions over database views, e.g. management.auditLog): every write is refused with 403. */
import { forbidden } from '../../http/errors';
import type { EntityHooks } from './index';

export const readOnlyHook: EntityHooks = {
  async beforeWrite() {
    throw forbidden();
  },
};
