/**
 * secrets (create, update; API writes): the entity's secret fields (../../secrets.ts) leave the
 * values before any rule, computed field or check sees them; only the entity's rules get them.
 */
import { takeSecrets } from '../../secrets';
import type { WriteStep } from '../state';

export const secretsStep: WriteStep = {
  name: 'secrets',
  on: ['create', 'update'],
  run(w) {
    if (w.request.source !== 'api') return;
    const { values, secrets } = takeSecrets(w.entity, w.input);
    w.input = values;
    w.secrets = secrets;
  },
};
