/**
 * Blocks of counters of the numbering series' table (server/numbering/migration.ts), taken with one
 * atomic statement in the caller's transaction: `n` counters at once for bulk work (the demo's
 * posted vouchers, detail accounts made in a backfill), the same rows the numbering step counts
 * from, so numbers taken in bulk and one by one never meet.
 */
import { sql } from 'kysely';
import type { Untyped } from '../db/untyped';
import { SERIES_TABLE } from '../numbering/migration';

/** Takes `n` (≥ 1) counters of `series` of `entity`; answers the first (1 for a new series). */
export async function takeCounters(db: Untyped, entity: string, series: string, n: number): Promise<number> {
  const table = sql.table(SERIES_TABLE);
  const { rows } = await sql<{ value: number | string }>`insert into ${table} (entity, series, next_value)
    values (${entity}, ${series}, ${1 + n})
    on conflict (entity, series) do update set next_value = ${table}.next_value + ${n}
    returning next_value - ${n} as value`.execute(db);
  return Number(rows[0]?.value);
}
