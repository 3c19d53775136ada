/**
 * The write pipeline: every Create, Update and Delete of an entity row, whether asked through the
 * API (entities/routes.ts) or by the server's own code (repository.ts createRow/updateRow/
 * deleteRow), runs these named steps in this order inside one transaction
 * (db/writeBatch.ts writeTransaction), in the spirit of Frappe's document events and Fastify's
 * hooks. Each step runs for the actions it lists (`on`); a step refuses by throwing an HttpError
 * with the envelope (http/errors.ts) and the whole transaction rolls back. A new concern of every
 * write is a new step file registered here, at its place; the behaviour of one entity is an entity
 * rule (../rules/index.ts). docs/api.md ("The write pipeline") lists the steps.
 */
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import { writeTransaction } from '../../db/writeBatch';
import type { SystemTables } from '../../db/types';
import type { Untyped } from '../../db/untyped';
import { fieldModes, type FieldMode } from '../../security/fieldAccess';
import { readLines } from '../lines';
import type { Row } from '../rows';
import type { ServerWrite, WriteRequest, WriteState, WriteStep } from './state';
import { loadStep } from './steps/load';
import { fieldModesStep } from './steps/fieldModes';
import { secretsStep } from './steps/secrets';
import { initialValuesStep } from './steps/initialValues';
import { validateStep } from './steps/validate';
import { permissionsStep } from './steps/permissions';
import { referencesStep } from './steps/references';
import { lifecycleStep } from './steps/lifecycle';
import { closedPeriodStep } from './steps/closedPeriod';
import { numberingStep } from './steps/numbering';
import { workflowStep } from './steps/workflow';
import { entityRulesStep } from './steps/entityRules';
import { stockOnHandStep } from './steps/stockOnHand';
import { inUseStep } from './steps/inUse';
import { storeStep } from './steps/store';
import { rowRulesStep } from './steps/rowRules';
import { detailAccountStep } from './steps/detailAccount';
import { effectsStep } from './steps/effects';
import { attachmentsStep } from './steps/attachments';
import { auditStep } from './steps/audit';
import { cacheInvalidationStep } from './steps/cacheInvalidation';

/**
 * The steps, in order. Field modes and secrets come before validation (the stored values field
 * modes put back keep required fields valid; secrets are out before any rule sees them).
 */
export const WRITE_STEPS: WriteStep[] = [
  loadStep,
  fieldModesStep,
  secretsStep,
  initialValuesStep,
  validateStep,
  permissionsStep,
  referencesStep,
  lifecycleStep,
  closedPeriodStep,
  numberingStep,
  workflowStep,
  stockOnHandStep,
  entityRulesStep,
  inUseStep,
  storeStep,
  rowRulesStep,
  detailAccountStep,
  effectsStep,
  attachmentsStep,
  auditStep,
  cacheInvalidationStep,
];

/**
 * Steps that guard only what is kept, left out of a Preview: a closed period or lock date refuses
 * the save (with its reason), not the figures the form shows while the user types a date.
 */
const SAVE_ONLY: ReadonlySet<WriteStep> = new Set([closedPeriodStep]);

/**
 * The steps a Preview runs (preview.ts): those before anything is checked against other rows in
 * use or stored, so the values are computed and checked as a save would, and nothing is kept.
 */
export const PREVIEW_STEPS: WriteStep[] = WRITE_STEPS.slice(0, WRITE_STEPS.indexOf(inUseStep)).filter(
  (s) => !SAVE_ONLY.has(s),
);

/** The names of the steps a write of `action` runs, in order. */
export function stepsOf(action: WriteRequest['action']): string[] {
  return WRITE_STEPS.filter((s) => s.on.includes(action)).map((s) => s.name);
}

/**
 * Runs one write through every step in one transaction; answers the row as stored with its lines
 * (null for a delete).
 */
export async function runWrite(ctx: AppContext, request: WriteRequest): Promise<Row | null> {
  return runSteps(ctx, request, WRITE_STEPS);
}

/**
 * Runs `steps` of one write in one transaction; answers the row as stored with its lines (null for
 * a delete). A step that throws rolls the transaction back and its error is the answer.
 */
export async function runSteps(
  ctx: AppContext,
  request: WriteRequest,
  steps: readonly WriteStep[],
): Promise<Row | null> {
  // read outside the transaction: on SQLite its one connection is the transaction's until commit
  const modes =
    request.source === 'api'
      ? (request.modes ?? (await fieldModes(ctx, request.user, request.entity)))
      : new Map();
  const afterCommit: (() => void)[] = [];
  const answer = await writeTransaction(ctx, (trx) => stepsIn(ctx, trx, request, steps, modes, afterCommit));
  for (const done of afterCommit) done();
  return answer;
}

/**
 * Runs one write through every step and then `then` with the row as stored, in the SAME
 * transaction: what `then` records (an import job's committed source row, server/imports/run.ts)
 * is kept exactly when the row is, so a restarted job never writes a row twice.
 */
export async function runWriteThen(
  ctx: AppContext,
  request: WriteRequest,
  then: (db: Untyped, row: Row | null) => Promise<void>,
): Promise<Row | null> {
  const modes =
    request.source === 'api'
      ? (request.modes ?? (await fieldModes(ctx, request.user, request.entity)))
      : new Map();
  const afterCommit: (() => void)[] = [];
  const answer = await writeTransaction(ctx, async (trx) => {
    const row = await stepsIn(ctx, trx, request, WRITE_STEPS, modes, afterCommit);
    await then(trx as unknown as Untyped, row);
    return row;
  });
  for (const done of afterCommit) done();
  return answer;
}

/**
 * Runs a write of the server's own code through every step INSIDE the transaction of the write
 * `outer` (an effect's voucher, a master row's detail account): its rows, audit and numbers are
 * kept or rolled back with the outer write, and its after-commit work runs after that commit.
 * `runWrite` cannot be used there: it opens a transaction of its own, which on SQLite waits in
 * the group-commit queue behind the very transaction asking for it (a deadlock).
 */
export async function runWriteIn(outer: WriteState, request: ServerWrite): Promise<Row | null> {
  return outer.writeIn(request);
}

/** What a server action writing several rows in one transaction is handed (runWritesTogether). */
export interface WriteScope {
  readonly ctx: AppContext;
  /** The transaction, for the action's own reads (on SQLite the only connection until commit). */
  readonly db: Untyped;
  /** Runs one write of the server's own code through every step inside the transaction. */
  readonly writeIn: (request: ServerWrite) => Promise<Row | null>;
}

/**
 * Runs a server action that writes several rows (a year's closing: its vouchers and the period
 * row) in ONE transaction, each write through every step (`scope.writeIn`); a write that throws
 * rolls the whole action back and its error is the answer. Answers what `work` answers.
 */
export async function runWritesTogether<T>(
  ctx: AppContext,
  work: (scope: WriteScope) => Promise<T>,
): Promise<T> {
  const afterCommit: (() => void)[] = [];
  const answer = await writeTransaction(ctx, (trx) =>
    work({
      ctx,
      db: trx as unknown as Untyped,
      writeIn: (request) => stepsIn(ctx, trx, request, WRITE_STEPS, new Map(), afterCommit),
    }),
  );
  for (const done of afterCommit) done();
  return answer;
}

async function stepsIn(
  ctx: AppContext,
  trx: Transaction<SystemTables>,
  request: WriteRequest,
  steps: readonly WriteStep[],
  modes: Map<string, FieldMode>,
  afterCommit: (() => void)[],
): Promise<Row | null> {
  const w: WriteState = {
    ctx,
    trx,
    db: trx as unknown as Untyped,
    request,
    entity: request.entity,
    action: request.action,
    user: request.user,
    lang: request.lang,
    modes,
    input: request.source === 'api' ? request.input : undefined,
    before: null,
    linesBefore: null,
    values: request.source === 'server' ? request.values : null,
    lines: request.source === 'server' ? (request.lines ?? {}) : {},
    secrets: request.source === 'server' ? (request.secrets ?? {}) : {},
    row: null,
    afterCommit: [],
    // steps reach nested writes through the state: no step imports this module
    writeIn: (nested) => stepsIn(ctx, trx, nested, WRITE_STEPS, new Map(), afterCommit),
  };
  for (const step of steps) if (step.on.includes(w.action)) await step.run(w);
  afterCommit.push(...w.afterCommit);
  const row = w.row;
  if (!row) return null;
  // read back: the lines with their ids
  return w.entity.children.length ? { ...row, ...(await readLines(w.db, w.entity, Number(row.id))) } : row;
}
