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

/** The limits a failed password check counts against (sign-in and the anonymous password change). */
export interface SignInLimits {
  windowMs: number;
  perUser: number;
  perUserAllAddresses: number;
  perAddress: number;
}

/**
 * A username's failures count per address, so a guesser at one address cannot lock the real user
 * out elsewhere; a higher ceiling over all addresses bounds guessing from many. Every counter lives
 * for one window only, so no lock-out outlasts it.
 */
function signInKeys(username: string, address: string): [string, string, string] {
  const name = username.toLowerCase();
  return [`token:user:${name}:${address}`, `token:user:${name}`, `token:addr:${address}`];
}

/**
 * Takes one slot of `key` in `window` when fewer than `limit` are taken, in one statement (an upsert
 * whose update only happens below the limit), so concurrent requests, in one process or several on
 * one PostgreSQL, can never take more than `limit` slots. True when the slot was taken.
 */
export async function takeSlot(
  db: Kysely<SystemTables>,
  key: string,
  window: Window,
  limit: number,
): Promise<boolean> {
  if (limit < 1) return false;
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: window.start, count: 1 })
    .onConflict((oc) =>
      oc
        .columns(['key', 'window_start'])
        .doUpdateSet((eb) => ({ count: eb('rate_limits.count', '+', 1) }))
        .where('rate_limits.count', '<', limit),
    )
    .returning('count')
    .executeTakeFirst();
  return row !== undefined;
}

/** Gives back a slot taken by takeSlot (an attempt that was not evaluated, or that succeeded). */
export async function giveBack(db: Kysely<SystemTables>, key: string, window: Window): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set((eb) => ({ count: eb('count', '-', 1) }))
    .where('key', '=', key)
    .where('window_start', '=', window.start)
    .where('count', '>', 0)
    .execute();
}

/**
 * Takes a slot of every key (key -> limit) or none: when one is used up, the slots already taken
 * are given back. Answers the window the slots are in, or the seconds to wait (Retry-After).
 */
export async function takeSlots(
  db: Kysely<SystemTables>,
  windowMs: number,
  limits: [key: string, limit: number][],
): Promise<{ ok: true; window: Window } | { ok: false; wait: number }> {
  const window = currentWindow(windowMs);
  const taken: string[] = [];
  for (const [key, limit] of limits) {
    if (await takeSlot(db, key, window, limit)) {
      taken.push(key);
      continue;
    }
    for (const k of taken) await giveBack(db, k, window);
    return { ok: false, wait: retryAfter(window) };
  }
  if (Math.random() < 0.02) await pruneWindows(db, windowMs);
  return { ok: true, window };
}

/** A password check's slots, held until the check ends: `succeeded` gives them back, `failed` keeps them. */
export interface SignInAttempt {
  succeeded(): Promise<void>;
  failed(): Promise<void>;
  /** The check did not run (the hash queue was full): the slots go back. */
  notEvaluated(): Promise<void>;
}

/**
 * Counts a password check BEFORE it runs (docs/api.md, Tokens): one slot per username and address,
 * per username over all addresses and per address. Answers the attempt, or the seconds to wait
 * when a limit is used up (nothing is counted then). A successful check gives its slots
 * back, so the limits keep meaning "failed checks" while no more than the limit can be in flight.
 */
export async function signInAttempt(
  db: Kysely<SystemTables>,
  limits: SignInLimits,
  username: string,
  address: string,
): Promise<{ ok: true; attempt: SignInAttempt } | { ok: false; wait: number }> {
  const [userKey, anyKey, addrKey] = signInKeys(username, address);
  const taken = await takeSlots(db, limits.windowMs, [
    [userKey, limits.perUser],
    [anyKey, limits.perUserAllAddresses],
    [addrKey, limits.perAddress],
  ]);
  if (!taken.ok) return taken;
  const refund = async () => {
    for (const key of [userKey, anyKey, addrKey]) await giveBack(db, key, taken.window);
  };
  return {
    ok: true,
    attempt: { succeeded: refund, notEvaluated: refund, failed: async () => undefined },
  };
}
