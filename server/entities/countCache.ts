/**
 * The row count behind GetList's `lastRow`, kept cheap over large tables: a count per (table,
 * WHERE with its parameters) is kept for TTL_MS and dropped at once when this process writes the
 * table (Create/Update/Delete). Scrolling, re-sorting and repeating a filter reuse it; a new filter
 * pays one count. Other processes' writes (several servers on one PostgreSQL) show within TTL_MS.
 */
const TTL_MS = 10_000;
const MAX_ENTRIES = 2000;

interface Entry {
  n: number;
  at: number;
  generation: number;
}

const generations = new Map<string, number>();
const entries = new Map<string, Entry>();

/** Forget the counts of `table` (called on every write to it). */
export function invalidateCounts(table: string): void {
  generations.set(table, (generations.get(table) ?? 0) + 1);
}

export async function cachedCount(table: string, key: string, count: () => Promise<number>): Promise<number> {
  const generation = generations.get(table) ?? 0;
  const full = `${table}\u0000${key}`;
  const hit = entries.get(full);
  const now = Date.now();
  if (hit && hit.generation === generation && now - hit.at < TTL_MS) return hit.n;
  const n = await count();
  // a write that landed while counting makes this count stale: keep it out
  if ((generations.get(table) ?? 0) !== generation) return n;
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  entries.delete(full);
  entries.set(full, { n, at: now, generation });
  return n;
}
