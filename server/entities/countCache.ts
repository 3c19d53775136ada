/**
 * The row count behind GetList's `lastRow`, kept cheap over large tables: a count per (table,
 * WHERE with its parameters) is kept for TTL_MS. A write of this process to the table
 * (Create/Update/Delete) drops the counts below BIG_COUNT at once, so small lists stay exact; a
 * count of BIG_COUNT rows or more is kept its TTL_MS under writes (its `lastRow` lags by the rows
 * written since, up to TTL_MS), since recounting 1,000,000 rows after every Create would cost
 * more than all the pages served. Scrolling, re-sorting and repeating a filter reuse it; a new
 * filter pays one count, shared by the requests that ask for it at the same time. In a cluster
 * the other processes' writes drop the small counts alike, before the writer answers
 * (server/cluster/); other servers' writes on one PostgreSQL show within TTL_MS.
 */
const TTL_MS = 10_000;
export const BIG_COUNT = 100_000;
const MAX_ENTRIES = 2000;

interface Entry {
  n: number;
  at: number;
  generation: number;
}

const generations = new Map<string, number>();
const entries = new Map<string, Entry>();
const counting = new Map<string, { generation: number; n: Promise<number> }>();

/** Forget the counts of `table` below BIG_COUNT (called on every write to it). */
export function invalidateCounts(table: string): void {
  generations.set(table, (generations.get(table) ?? 0) + 1);
}

/** Forget every count of `table`, large ones too (after a bulk import). */
export function forgetCounts(table: string): void {
  invalidateCounts(table);
  for (const key of [...entries.keys()]) if (key.startsWith(`${table}\u0000`)) entries.delete(key);
}

/** Another process of the cluster wrote `tables` ('*': maybe any): as invalidateCounts for each. */
export function invalidateForeign(tables: readonly string[] | '*'): void {
  if (tables !== '*') {
    for (const t of tables) invalidateCounts(t);
    return;
  }
  const kept = new Set([...entries.keys()].map((k) => k.split('\u0000')[0]!));
  for (const t of kept) invalidateCounts(t);
}

/** The kept count of (table, key), or undefined. */
export function keptCount(table: string, key: string): number | undefined {
  const hit = entries.get(`${table}\u0000${key}`);
  if (!hit || Date.now() - hit.at >= TTL_MS) return undefined;
  if (hit.n < BIG_COUNT && hit.generation !== (generations.get(table) ?? 0)) return undefined;
  return hit.n;
}

export async function cachedCount(table: string, key: string, count: () => Promise<number>): Promise<number> {
  const kept = keptCount(table, key);
  if (kept !== undefined) return kept;
  const full = `${table}\u0000${key}`;
  const generation = generations.get(table) ?? 0;
  const running = counting.get(full);
  if (running && running.generation === generation) return running.n;
  const started = Date.now();
  const n = count();
  counting.set(full, { generation, n });
  try {
    const value = await n;
    // a write that landed while counting makes a small count stale: keep it out
    if (value >= BIG_COUNT || (generations.get(table) ?? 0) === generation) {
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      entries.delete(full);
      entries.set(full, { n: value, at: started, generation });
    }
    return value;
  } finally {
    if (counting.get(full)?.n === n) counting.delete(full);
  }
}
