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

/** Seconds to wait (Retry-After) when this username or address has used up its window, else null. */
export async function signInBlocked(
  db: Kysely<SystemTables>,
  limits: SignInLimits,
  username: string,
  address: string,
): Promise<number | null> {
  const window = currentWindow(limits.windowMs);
  const [userKey, anyKey, addrKey] = signInKeys(username, address);
  const [byUser, byAny, byAddr] = await Promise.all([
    countIn(db, userKey, window),
    countIn(db, anyKey, window),
    countIn(db, addrKey, window),
  ]);
  const blocked =
    byUser >= limits.perUser || byAny >= limits.perUserAllAddresses || byAddr >= limits.perAddress;
  return blocked ? retryAfter(window) : null;
}

/** Counts one failed password check. */
export async function signInFailed(
  db: Kysely<SystemTables>,
  limits: SignInLimits,
  username: string,
  address: string,
): Promise<void> {
  const window = currentWindow(limits.windowMs);
  await Promise.all(signInKeys(username, address).map((key) => increment(db, key, window)));
  if (Math.random() < 0.05) await pruneWindows(db, limits.windowMs);
}
