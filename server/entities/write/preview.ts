/**
 * Preview: what a Create or Update would store, computed by the write pipeline itself and never
 * kept. The steps before the store (pipeline.ts PREVIEW_STEPS: field modes, secrets, initial values,
 * validation with computed fields, row scope of the stored row, references, workflow, entity rules
 * such as an invoice's promotions) run in a transaction as a save would; a last step takes the
 * values and throws them, so the transaction rolls back (no row, number, log or side effect is
 * kept). The form shows these figures before saving (renderers/form/usePreview.ts): one
 * implementation of every server rule, whatever the rule reads (discount rules the user may not
 * see). A write the save would refuse answers the same error.
 */
import type { AppContext } from '../../context';
import type { Row } from '../rows';
import { withoutSecrets } from '../secrets';
import { PREVIEW_STEPS, runSteps } from './pipeline';
import type { ApiWrite, WriteState, WriteStep } from './state';

/** Thrown by the last step with the computed document: rolls the transaction back. */
class PreviewAnswer extends Error {
  constructor(readonly row: Row) {
    super('preview');
  }
}

const answerStep: WriteStep = {
  name: 'previewAnswer',
  on: ['create', 'update'],
  run(w: WriteState) {
    const values = withoutSecrets(w.entity, w.values ?? {});
    const row: Row = { ...values };
    if (w.before) {
      row.id = w.before.id;
      row.version = w.before.version;
    }
    for (const [name, lines] of Object.entries(w.lines)) row[name] = lines;
    throw new PreviewAnswer(row);
  },
};

const STEPS: readonly WriteStep[] = [...PREVIEW_STEPS, answerStep];

/** The document a Create (no id) or Update (id, version) of `input` would store, nothing kept. */
export async function previewWrite(
  ctx: AppContext,
  request: Omit<ApiWrite, 'action' | 'source'> & { action: 'create' | 'update' },
): Promise<Row> {
  try {
    await runSteps(ctx, { ...request, source: 'api' }, STEPS);
  } catch (e) {
    if (e instanceof PreviewAnswer) return e.row;
    throw e;
  }
  // unreachable: the answer step always throws
  throw new Error('preview without an answer');
}
