/**
 * The automations' clock (docs/automations.md): every tick
 * - fires the `dateReached:<field>` automations of rows whose date plus `offsetDays` is today (the
 *   business day, Tehran), once per automation × row × day: the day is recorded in
 *   `automation_fired` (its primary key) before the actions run, so a second tick, another server
 *   or a restart does not fire it again (at most once; a failure is logged, not retried that day).
 *   Cancelled documents are left out; `when` applies as for any event. They run as the system.
 * - delivers the due webhooks (retries whose backoff has passed).
 * The interval is AUTOMATION_TICK_MS (default one minute; 0: no timer). Tests call tick directly
 * with the time they want.
 */
import type { FastifyInstance } from 'fastify';
import { parseEvent } from '../../runtime/shared/automation';
import { todayIso } from '../../runtime/shared/businessDay';
import { DOC_STATE_FIELD } from '../../runtime/shared/lifecycle';
import type { AppContext } from '../context';
import type { Untyped } from '../db/untyped';
import { toApiRow, type Row } from '../entities/rows';
import { holds, runAfterCommit } from './effect';
import { AUTOMATION_FIRED } from './tables';
import { deliverDue, type DeliveryOptions } from './webhooks';

/** The ISO date `days` after `iso`. */
export function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export interface TickResult {
  fired: number;
  delivered: number;
}

/** One tick at `now`: the date-reached automations due today, then the due deliveries. */
export async function tickAutomations(ctx: AppContext, options: DeliveryOptions = {}): Promise<TickResult> {
  const now = (options.now ?? (() => new Date()))();
  const today = todayIso(now);
  const db = ctx.db as unknown as Untyped;
  let fired = 0;
  for (const entity of ctx.registry.all())
    for (const a of entity.def.automations ?? []) {
      const { kind, field } = parseEvent(a.on);
      if (kind !== 'dateReached' || !field) continue;
      const date = addDays(today, -(a.offsetDays ?? 0));
      let q = db.selectFrom(entity.table).selectAll().where(field, '=', date);
      if (entity.def.lifecycle) q = q.where(DOC_STATE_FIELD, '!=', 'cancelled');
      const rows = (await q.orderBy('id').execute()) as Row[];
      for (const stored of rows) {
        const row = toApiRow(entity, stored);
        if (!holds(a, row)) continue;
        const claim = await db
          .insertInto(AUTOMATION_FIRED)
          .values({ entity: entity.key, automation: a.name, row_id: Number(row.id), day: today })
          .onConflict((oc) => oc.doNothing())
          .executeTakeFirst();
        if (Number(claim.numInsertedOrUpdatedRows ?? 0) !== 1) continue;
        fired++;
        await runAfterCommit(ctx, {
          entity,
          rowId: Number(row.id),
          automation: a,
          user: null,
          lang: 'fa',
          depth: 0,
          now,
        });
      }
    }
  const delivered = await deliverDue(ctx, options);
  return { fired, delivered };
}

/** Ticks every AUTOMATION_TICK_MS (default 60 s; 0: never); one tick at a time; stops on close. */
export function installAutomationTick(app: FastifyInstance, env: NodeJS.ProcessEnv = process.env): void {
  const ms = Number(env.AUTOMATION_TICK_MS ?? 60_000);
  if (!Number.isFinite(ms) || ms <= 0) return;
  let running: Promise<unknown> | null = null;
  let timer: NodeJS.Timeout | null = null;
  const run = () => {
    if (running) return;
    running = tickAutomations(app.ctx)
      .catch((err: unknown) => app.log.warn({ err }, 'automation tick failed'))
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(run, ms);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
