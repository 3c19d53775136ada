/**
 * Bulk demo inserts for the operations seeders: many rows per INSERT (chunks), inside the seed
 * transaction, so tens of thousands of rows take seconds instead of minutes.
 */
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import { toColumns } from '../../entities/rows';
import { writeLines } from '../../entities/lines';
import type { SystemTables } from '../../db/types';
import type { Untyped } from '../../db/untyped';

export type Values = Record<string, string | number | boolean | null>;

const CHUNK = 250;

/** Inserts rows of entity `key` in chunks; returns their ids in order ([] when the entity is unknown). */
export async function insertBatch(
  db: Kysely<SystemTables>,
  ctx: AppContext,
  key: string,
  rows: Values[],
): Promise<number[]> {
  const entity = ctx.registry.byEntityKey(key);
  if (!entity || rows.length === 0) return [];
  const now = new Date().toISOString();
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows
      .slice(i, i + CHUNK)
      .map((v) => ({ ...toColumns(entity, v, ctx.dialect), version: 1, created_at: now, updated_at: now }));
    const inserted = (await (db as unknown as Untyped)
      .insertInto(entity.table)
      .values(chunk)
      .returning('id')
      .execute()) as { id: unknown }[];
    // both databases answer a multi-row RETURNING in insert order; sort to be safe
    ids.push(...inserted.map((r) => Number(r.id)).sort((a, b) => a - b));
  }
  return ids;
}

/** Documents with their `lines` child rows. */
export async function insertBatchDocuments(
  db: Kysely<SystemTables>,
  ctx: AppContext,
  key: string,
  docs: { values: Values; lines: Values[] }[],
): Promise<number[]> {
  const entity = ctx.registry.byEntityKey(key);
  if (!entity) return [];
  const ids = await insertBatch(
    db,
    ctx,
    key,
    docs.map((d) => d.values),
  );
  for (const [i, id] of ids.entries())
    await writeLines(db as unknown as Untyped, ctx.dialect, entity, id, { lines: docs[i]?.lines ?? [] });
  return ids;
}

/** Ids of the rows of entity `key` (in id order), [] when the entity or its rows are missing. */
export async function idsOf(db: Kysely<SystemTables>, ctx: AppContext, key: string): Promise<number[]> {
  const entity = ctx.registry.byEntityKey(key);
  if (!entity) return [];
  const rows = (await (db as unknown as Untyped)
    .selectFrom(entity.table)
    .select('id')
    .orderBy('id')
    .execute()) as { id: unknown }[];
  return rows.map((r) => Number(r.id));
}

/** Small deterministic generator, so every fresh database holds the same demo rows. */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export function pick<T>(r: () => number, list: readonly T[]): T {
  return list[Math.floor(r() * list.length)] as T;
}

const YEAR_1405_START = Date.UTC(2026, 2, 21);
/** Days from 1 Farvardin 1405 to today's demo date (2026-11-22). */
export const DAYS_SO_FAR = 246;

/** ISO date `offset` days after 1 Farvardin 1405 (2026-03-21). */
export function day1405(offset: number): string {
  return new Date(YEAR_1405_START + offset * 86400000).toISOString().slice(0, 10);
}
