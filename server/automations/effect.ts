/**
 * The "automations" effect (server/entities/write/steps/effects.ts, onWrite): after every Create
 * or Update of a row whose definition declares `automations` (runtime/shared/automation.ts,
 * docs/automations.md), the automations whose event happened and whose `when` holds run:
 *
 * - created: a Create; updated: an Update that is not a Finalise/Cancel; finalised, cancelled: the
 *   lifecycle transitions; changed:<field>: an Update (transitions included) that changed the field.
 * - phase inTransaction: the actions run now, in the write's transaction; a failure refuses the
 *   whole write (417 naming the automation, in Persian; nothing is kept, the form keeps the input).
 * - phase afterCommit (the default): the actions run once the write committed, in a transaction of
 *   their own; a failure rolls back only the automation's actions and is logged in
 *   `automation_log` — the document stays as committed.
 *
 * Writes made by automations run automations too, down to MAX_DEPTH (then not: no loops).
 */
import { sql } from 'kysely';
import { parseEvent, type AutomationDefinition } from '../../runtime/shared/automation';
import { evaluate } from '../../runtime/shared/rules';
import type { AppContext, CurrentUser } from '../context';
import type { Lang } from '../../runtime/shared/definition';
import type { Entity } from '../definitions/registry';
import type { Untyped } from '../db/untyped';
import { toApiRow, type Row } from '../entities/rows';
import { readLines } from '../entities/lines';
import { runWritesTogether } from '../entities/write/pipeline';
import type { ServerWrite, WriteRequest, WriteState } from '../entities/write/state';
import { registerEffect } from '../entities/write/steps/effects';
import { errorData, errorFields, HttpError } from '../http/errors';
import { t } from '../i18n';
import { automationError, runActions, type ActionScope } from './actions';
import { AUTOMATION_LOG } from './tables';
import { deliverDue } from './webhooks';

export const MAX_DEPTH = 3;
/** How deep in automation-made writes a request is (absent: 0, a user's or the server's own). */
const DEPTH = new WeakMap<WriteRequest, number>();
/** The after-commit work still running, per app (settleAutomations waits for it). */
const PENDING = new WeakMap<AppContext, Set<Promise<unknown>>>();

/** The events a write makes (the names `on` may hold). */
export function eventsOf(w: Pick<WriteState, 'action' | 'request' | 'before' | 'row'>): Set<string> {
  const out = new Set<string>();
  if (w.action === 'create') out.add('created');
  if (w.action !== 'update' || !w.row) return out;
  if (w.request.transition === 'finalise') out.add('finalised');
  else if (w.request.transition === 'cancel') out.add('cancelled');
  else out.add('updated');
  for (const [field, value] of Object.entries(w.row))
    if (w.before && JSON.stringify(w.before[field] ?? null) !== JSON.stringify(value ?? null))
      out.add(`changed:${field}`);
  return out;
}

/** Whether the automation's condition holds over `data` (no condition: it does). */
export function holds(a: AutomationDefinition, data: Row): boolean {
  return a.when === undefined || Boolean(evaluate(a.when, data));
}

/** Keeps `work` until it ends (settleAutomations waits for it). */
export function track(ctx: AppContext, work: Promise<unknown>): void {
  let set = PENDING.get(ctx);
  if (!set) PENDING.set(ctx, (set = new Set()));
  const done = work.catch(() => undefined).finally(() => set.delete(done));
  set.add(done);
}

/** Waits until no after-commit automation or delivery is running (tests; a graceful close). */
export async function settleAutomations(ctx: AppContext): Promise<void> {
  for (let set = PENDING.get(ctx); set && set.size > 0; set = PENDING.get(ctx)) await Promise.all([...set]);
}

/** Delivers the queued webhooks now, after a commit (errors stay in the outbox rows). */
export function kickDeliveries(ctx: AppContext): void {
  track(ctx, deliverDue(ctx));
}

async function logFailure(ctx: AppContext, entity: string, rowId: number | null, name: string, e: unknown) {
  // a refusal as its Persian texts (business errors, field messages), else the error's message
  const error =
    e instanceof HttpError
      ? [
          t('fa', `errors.${e.key}`),
          JSON.stringify(errorData(e, 'fa')),
          ...errorFields(e, 'fa').map((m) => `${m.FieldName}: ${m.Message}`),
        ]
          .filter((x) => x && x !== 'null')
          .join(' ')
      : e instanceof Error
        ? e.message
        : String(e);
  await (ctx.db as unknown as Untyped)
    .insertInto(AUTOMATION_LOG)
    .values({
      at: new Date().toISOString(),
      entity,
      row_id: rowId,
      automation: name,
      error: error.slice(0, 2000),
    })
    .execute();
}

export interface AfterCommitJob {
  entity: Entity;
  rowId: number;
  automation: AutomationDefinition;
  user: CurrentUser | null;
  lang: Lang;
  depth: number;
  now?: Date;
}

/**
 * Runs one automation's actions in a transaction of its own over the row as stored now; a failure
 * rolls back only them and is logged. Answers whether it ran.
 */
export async function runAfterCommit(ctx: AppContext, job: AfterCommitJob): Promise<boolean> {
  const { entity, automation: a } = job;
  let queued = false;
  try {
    await runWritesTogether(ctx, async (scope) => {
      const stored = (await scope.db
        .selectFrom(entity.table)
        .selectAll()
        .where('id', '=', job.rowId)
        .executeTakeFirst()) as Row | undefined;
      if (!stored) return;
      const row: Row = { ...toApiRow(entity, stored), ...(await readLines(scope.db, entity, job.rowId)) };
      let bumped = false;
      const s: ActionScope = {
        ctx,
        trx: scope.db,
        entity,
        row,
        user: job.user,
        lang: job.lang,
        now: job.now ?? new Date(),
        depth: job.depth,
        writeIn: (request: ServerWrite, depth: number) => {
          DEPTH.set(request, depth);
          return scope.writeIn(request);
        },
        changed: (field, value) => {
          row[field] = value;
          bumped = true;
        },
        queued: () => {
          queued = true;
        },
      };
      await runActions(s, a);
      // a field set after commit is a new version of the row: a form holding the old one reloads
      if (bumped)
        await scope.db
          .updateTable(entity.table)
          .set({ version: sql`version + 1` })
          .where('id', '=', job.rowId)
          .execute();
    });
  } catch (e) {
    await logFailure(ctx, entity.key, job.rowId, a.name, e);
    return false;
  }
  if (queued) kickDeliveries(ctx);
  return true;
}

const automationsEffect = {
  name: 'automations',
  async onWrite(w: WriteState): Promise<void> {
    const list = w.entity.def.automations;
    if (!list?.length || !w.row) return;
    const depth = DEPTH.get(w.request) ?? 0;
    if (depth >= MAX_DEPTH) return;
    const events = eventsOf(w);
    const data: Row = { ...w.row, ...w.lines };
    let queued = false;
    for (const a of list) {
      const { kind } = parseEvent(a.on);
      if (kind === 'dateReached' || !events.has(a.on) || !holds(a, data)) continue;
      if ((a.phase ?? 'afterCommit') === 'afterCommit') {
        const job: AfterCommitJob = {
          entity: w.entity,
          rowId: Number(w.row.id),
          automation: a,
          user: w.user,
          lang: w.lang,
          depth,
        };
        w.afterCommit.push(() => track(w.ctx, runAfterCommit(w.ctx, job)));
        continue;
      }
      const row = w.row;
      const s: ActionScope = {
        ctx: w.ctx,
        trx: w.trx,
        entity: w.entity,
        row: data,
        user: w.user,
        lang: w.lang,
        now: new Date(),
        depth,
        writeIn: (request, d) => {
          DEPTH.set(request, d);
          return w.writeIn(request);
        },
        changed: (field, value) => {
          row[field] = value;
          data[field] = value;
        },
        queued: () => {
          queued = true;
        },
      };
      try {
        await runActions(s, a);
      } catch (e) {
        if (e instanceof HttpError && e.key === 'BusinessRuleViolated') throw e;
        // another refusal (a created document's invalid values…) is the automation's failure
        const reason = (lang: Lang) =>
          e instanceof HttpError ? t(lang, `errors.${e.key}`) : e instanceof Error ? e.message : String(e);
        throw automationError(a.name, reason);
      }
    }
    if (queued) w.afterCommit.push(() => kickDeliveries(w.ctx));
  },
};

/** Registers the effect (once at start, after the others: it sees the document as they left it). */
export function registerAutomationEffect(): void {
  registerEffect(automationsEffect);
}
