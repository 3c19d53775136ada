/**
 * Security/PasswordReset/Request (docs/api.md, account): rate-limited per client address and per
 * username, and answered the same way, in the same time, for known and unknown users: the request
 * path does the same work for both (count, queue, answer); whether the user exists is looked up
 * after the answer, by a per-process queue that keeps ONE pending request row per user (a repeated
 * request refreshes its `requestedAt`), so anonymous callers cannot grow the table without bound.
 */
import type { AppContext } from '../context';
import type { Entity } from '../definitions/registry';
import { SYSTEM_COLUMN_MAP } from '../db/entityTables';
import type { Untyped } from '../db/untyped';
import { writeTransaction } from '../db/writeBatch';
import { createRow } from '../entities/repository';
import { writeAudit } from '../entities/audit';
import { HttpError } from '../http/errors';
import { takeSlots } from './rateLimit';

const ENTITY = 'security.passwordResetRequest';
/** Requests waiting to be recorded beyond this are dropped (the rate limits keep far below it). */
const MAX_QUEUED = 1000;

interface Queue {
  tail: Promise<void>;
  length: number;
}
const queues = new WeakMap<AppContext, Queue>();

/** Counts the request (429 with Retry-After when a limit is used up) and queues its recording. */
export async function requestReset(ctx: AppContext, username: string, address: string): Promise<void> {
  const limits = ctx.config.rateLimit;
  const taken = await takeSlots(ctx.db, limits.windowMs, [
    [`reset:addr:${address}`, limits.resetPerAddress],
    [`reset:user:${username.toLowerCase()}`, limits.resetPerUser],
  ]);
  if (!taken.ok)
    throw new HttpError(429, 'TooManyRequestsError', [], [], { 'Retry-After': String(taken.wait) });
  let queue = queues.get(ctx);
  if (!queue) queues.set(ctx, (queue = { tail: Promise.resolve(), length: 0 }));
  if (queue.length >= MAX_QUEUED) return;
  const q = queue;
  q.length++;
  q.tail = q.tail
    .then(() => record(ctx, username))
    .catch(() => undefined) // a lost request costs the user a retry, never the server
    .finally(() => {
      q.length--;
    });
}

/** Resolves when every queued request of this app is recorded (tests, shutdown). */
export function resetRequestsSettled(ctx: AppContext): Promise<void> {
  return queues.get(ctx)?.tail ?? Promise.resolve();
}

async function record(ctx: AppContext, username: string): Promise<void> {
  const entity = ctx.registry.byEntityKey(ENTITY);
  if (!entity) return;
  const user = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirst();
  if (!user) return;
  const requestedAt = new Date().toISOString();
  const pending = (await (ctx.db as unknown as Untyped)
    .selectFrom(entity.table)
    .select(['id', 'requestedAt'])
    .where('username', '=', username)
    .where('status', '=', 'pending')
    .orderBy('id', 'desc')
    .executeTakeFirst()) as { id: number; requestedAt: unknown } | undefined;
  if (!pending) {
    await createRow(ctx, entity, null, { username, requestedAt, status: 'pending' });
    return;
  }
  await refresh(ctx, entity, Number(pending.id), pending.requestedAt, requestedAt);
}

/** The pending row's requestedAt moves to now (a new version, audited like any write). */
async function refresh(ctx: AppContext, entity: Entity, id: number, before: unknown, now: string) {
  await writeTransaction(ctx, async (trx) => {
    const db = trx as unknown as Untyped;
    await db
      .updateTable(entity.table)
      .set((eb) => ({
        requestedAt: now, // the column is named after the field, stored as createRow stores it
        [SYSTEM_COLUMN_MAP.version]: eb(SYSTEM_COLUMN_MAP.version, '+', 1),
        [SYSTEM_COLUMN_MAP.updatedAt]: now,
      }))
      .where('id', '=', id)
      .execute();
    await writeAudit(trx, entity, null, id, 'update', { requestedAt: [before, now] });
  });
}
