/**
 * The reads every business call repeats (the user's row, the role's permissions, menu access,
 * field permissions, the licence setting, tenants), kept in memory per database: an entry holds
 * until a write to one of the watched tables (server/db/writeWatch.ts: any statement of this
 * process naming it, through any route, hook or raw SQL; in a cluster, of any of its processes,
 * told before the writer answers: server/cluster/) or for TTL_MS at most, the bound for writes
 * made by another server on the same PostgreSQL. Values are shared between calls: callers copy
 * before changing them.
 */
import type { Kysely } from 'kysely';
import { writeWatchOf } from '../db/writeWatch';

export const TTL_MS = 3000;
const MAX_ENTRIES = 5000;

interface Entry {
  value: Promise<unknown>;
  generation: number;
  at: number;
}

const entries = new WeakMap<object, Map<string, Entry>>();

/**
 * `load()`, or its kept answer (`tables` in lower case) while no write to `tables` happened in this process and TTL_MS
 * has not passed. Without a watch (a transaction, a Kysely of a test) it always loads.
 */
export function cached<T>(
  db: Kysely<never> | object,
  tables: readonly string[],
  key: string,
  load: () => Promise<T>,
): Promise<T> {
  const watch = writeWatchOf(db);
  if (!watch) return load();
  for (const t of tables) watch.tables.add(t);
  let map = entries.get(db);
  if (!map) entries.set(db, (map = new Map()));
  const now = Date.now();
  const hit = map.get(key);
  if (hit && hit.generation === watch.generation && now - hit.at < TTL_MS) return hit.value as Promise<T>;
  const generation = watch.generation;
  const value = load();
  if (map.size >= MAX_ENTRIES) map.delete(map.keys().next().value as string);
  map.delete(key);
  // a write during the load bumps the generation, so this entry is never answered again
  const entry: Entry = { value, generation, at: now };
  map.set(key, entry);
  value.catch(() => {
    if (map.get(key) === entry) map.delete(key);
  });
  return value;
}
