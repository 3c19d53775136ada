/** Inserts of demo rows into entity tables (created from definitions at run time, so untyped). */
import type { Kysely } from 'kysely';
import type { AppContext } from '../context';
import { writeLines } from '../entities/lines';
import { toColumns } from '../entities/rows';
import type { SeedRow } from './seedData';
import type { SeedDocument } from './seedDocuments';
import type { SystemTables } from '../db/types';
import type { Untyped } from '../db/untyped';

/** Inserts rows of the entity `key` ("module.name"); returns their ids ([] when the entity is unknown). */
export async function insertRows(
  db: Kysely<SystemTables>,
  ctx: AppContext,
  key: string,
  rows: SeedRow[],
): Promise<number[]> {
  const entity = ctx.registry.byEntityKey(key);
  if (!entity) return [];
  const now = new Date().toISOString();
  const ids: number[] = [];
  for (const values of rows) {
    const row = await (db as unknown as Untyped)
      .insertInto(entity.table)
      .values({ ...toColumns(entity, values, ctx.dialect), version: 1, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(Number((row as { id: unknown }).id));
  }
  return ids;
}

/** Inserts documents with their lines (child table `lines`). */
export async function insertDocuments(
  db: Kysely<SystemTables>,
  ctx: AppContext,
  key: string,
  docs: SeedDocument[],
): Promise<void> {
  const entity = ctx.registry.byEntityKey(key);
  if (!entity) return;
  const ids = await insertRows(
    db,
    ctx,
    key,
    docs.map((d) => d.values),
  );
  for (const [i, id] of ids.entries())
    await writeLines(db as unknown as Untyped, ctx.dialect, entity, id, { lines: docs[i]?.lines ?? [] });
}
