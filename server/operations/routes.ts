/**
 * Server actions of the operations modules (docs/api.md):
 * - POST /api/Salary/PayrollRun/Compute { id, version }: payslips from HR data (payroll.ts); needs edit.
 * - POST /api/Planning/Plan/Refresh {}: recomputes every plan's actual (planning.ts); needs edit.
 * - POST /api/WorkFlow/Transition/GetAllowed { entity: "module.name", id }: the states the user may
 *   move that row to next (workflow.ts), for forms; needs view on the entity.
 */
import type { FastifyInstance } from 'fastify';
import { localText, type EntityAction } from '../../runtime/shared/definition';
import type { AppContext, CurrentUser } from '../context';
import type { Entity } from '../definitions/registry';
import { businessRoute } from '../http/business';
import { badRequest, forbidden, unknownEntity } from '../http/errors';
import { entityPermissions } from '../security/permissions';
import { getRow, updateRow } from '../entities/repository';
import { fieldModes, hiddenOf, stripAnswer } from '../security/fieldAccess';
import { computePayroll } from './payroll';
import { refreshPlans } from './planning';
import { allowedTransitions } from './workflow';

function positiveInt(v: unknown): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) throw badRequest();
  return v;
}

async function entityFor(
  ctx: AppContext,
  user: CurrentUser,
  key: string,
  need: EntityAction,
): Promise<Entity> {
  const entity = ctx.registry.byEntityKey(key);
  if (!entity) throw unknownEntity();
  if (!(await entityPermissions(ctx, user, key))[need]) throw forbidden();
  return entity;
}

export async function operationsPlugin(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  businessRoute(app, 'Salary/PayrollRun/Compute', async ({ user, body }) => {
    const entity = await entityFor(ctx, user, 'salary.payrollRun', 'edit');
    const id = positiveInt(body.id);
    const run = await getRow(ctx, entity, user, id);
    const { lines, totals } = await computePayroll(ctx.db, run);
    const values: Record<string, unknown> = {};
    for (const name of Object.keys(entity.def.schema.properties))
      if (run[name] !== undefined) values[name] = run[name];
    const row = await updateRow(
      ctx,
      entity,
      user,
      id,
      positiveInt(body.version),
      { ...values, ...totals, status: 'computed' },
      { lines: lines.map((l) => ({ ...l })) },
    );
    // answered like Update: without the fields (and line fields) hidden from the role
    return stripAnswer(row, hiddenOf(await fieldModes(ctx, user, entity)));
  });

  businessRoute(app, 'Planning/Plan/Refresh', async ({ user }) => {
    await entityFor(ctx, user, 'planning.plan', 'edit');
    return { refreshed: await ctx.db.transaction().execute((trx) => refreshPlans(trx)) };
  });

  businessRoute(app, 'WorkFlow/Transition/GetAllowed', async ({ user, body, req }) => {
    if (typeof body.entity !== 'string') throw badRequest();
    const entity = await entityFor(ctx, user, body.entity, 'view');
    const wf = entity.def.workflow;
    if (!wf) return { field: null, current: null, states: [] };
    const row =
      body.id === undefined || body.id === null
        ? null
        : await getRow(ctx, entity, user, positiveInt(body.id));
    const current = row ? String(row[wf.field] ?? wf.initial) : wf.initial;
    const labels = entity.def.fields[wf.field]?.enumLabels ?? {};
    const label = (s: string) => localText(labels[s], req.lang) || s;
    const next = allowedTransitions(wf, current, user.role, row ?? {}).map((t) => t.to);
    return {
      field: wf.field,
      current,
      states: [current, ...next].map((value) => ({ value, label: label(value) })),
    };
  });
}
