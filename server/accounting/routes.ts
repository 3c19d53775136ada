/**
 * Server actions of the accounting module (docs/api.md «Year-end»): the fiscal period's row actions
 * `close` and `reopen` (schemas/accounting/fiscalPeriod.json, admin only: `roles`), each
 * `{ id, version }` → the period as stored (yearEnd.ts).
 */
import type { FastifyInstance } from 'fastify';
import { pascal } from '../../runtime/shared/definition';
import { businessRoute } from '../http/business';
import { badRequest } from '../http/errors';
import { hiddenOf, fieldModes, stripAnswer } from '../security/fieldAccess';
import { allowedRowAction } from '../operations/rowActions';
import { closeYear, PERIOD_ENTITY, reopenYear } from './yearEnd';

function positiveInt(v: unknown): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) throw badRequest();
  return v;
}

export async function accountingPlugin(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  for (const [name, run] of [
    ['close', closeYear],
    ['reopen', reopenYear],
  ] as const)
    businessRoute(app, `Accounting/FiscalPeriod/${pascal(name)}`, async ({ req, user, body }) => {
      const { entity } = await allowedRowAction(ctx, user, PERIOD_ENTITY, name);
      const row = await run(ctx, user, req.lang, positiveInt(body.id), positiveInt(body.version));
      return stripAnswer(row, hiddenOf(await fieldModes(ctx, user, entity)));
    });
}
