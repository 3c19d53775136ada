/** Fixed-window counters kept in the database (shared by all server processes). */
import type { Kysely } from 'kysely';
import type { SystemTables } from '../db/types';

export interface Window {
  start: number;
  end: number;
}

export function currentWindow(windowMs: number, now = Date.now()): Window {
  const start = Math.floor(now / windowMs) * windowMs;
  return { start, end: start + windowMs };
}

export async function countIn(db: Kysely<SystemTables>, key: string, window: Window): Promise<number> {
  const row = await db
    .selectFrom('rate_limits')
    .select('count')
    .where('key', '=', key)
    .where('window_start', '=', window.start)
    .executeTakeFirst();
  return row ? Number(row.count) : 0;
}

export async function increment(db: Kysely<SystemTables>, key: string, window: Window): Promise<number> {
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: window.start, count: 1 })
    .onConflict((oc) =>
      oc.columns(['key', 'window_start']).doUpdateSet((eb) => ({ count: eb('rate_limits.count', '+', 1) })),
    )
    .returning('count')
    .executeTakeFirst();
  return row ? Number(row.count) : 1;
}

/** Seconds until the window ends, for Retry-After (at least 1). */
export function retryAfter(window: Window, now = Date.now()): number {
  return Math.max(1, Math.ceil((window.end - now) / 1000));
}

/** Old windows are useless; drop them now and then. */
export async function pruneWindows(db: Kysely<SystemTables>, windowMs: number): Promise<void> {
  await db
    .deleteFrom('rate_limits')
    .where('window_start', '<', Date.now() - 2 * windowMs)
    .execute();
}
