/** Storage of document lines: `{parent table}__{child}` rows with parent_id and line_no (order). */
import type { Entity } from '../definitions/registry';
import type { Dialect } from '../db/types';
import type { Lines } from './document';
import { toApiRow, toColumns, type Row } from './rows';
import type { Untyped } from '../db/untyped';

// Child tables exist only at run time; their queries are untyped.

/**
 * Bound parameters per INSERT: under SQLite's 32,766 and PostgreSQL's 65,535, so any line count
 * the definition allows (maxItems) is stored in a few statements of the same transaction.
 */
const PARAMS_PER_INSERT = 10_000;

/**
 * Replaces the lines of one document (the children given; others are left alone). A line whose
 * `id` is the id of one of `stored` (the document's lines of that child table, as read before the
 * write; the first line naming it) keeps that id, so the ids a form holds stay valid after a save;
 * other lines get new ids.
 */
export async function writeLines(
  db: Untyped,
  dialect: Dialect,
  entity: Entity,
  parentId: number,
  lines: Lines,
  stored: Lines = {},
): Promise<void> {
  for (const child of entity.children) {
    const rows = lines[child.name];
    if (!rows) continue;
    await db.deleteFrom(child.table).where('parent_id', '=', parentId).execute();
    if (rows.length === 0) continue;
    const free = new Set((stored[child.name] ?? []).map((r) => r.id).filter((id) => typeof id === 'number'));
    const values = rows.map((row, index) => {
      const id = typeof row.id === 'number' && free.delete(row.id) ? { id: row.id } : {};
      return { ...id, ...toColumns(child, row, dialect), parent_id: parentId, line_no: index };
    });
    // kept lines carry their id, new ones do not: chunk by the widest row
    const width = Object.keys(child.def.schema.properties).length + 3;
    const perInsert = Math.max(1, Math.floor(PARAMS_PER_INSERT / width));
    for (let at = 0; at < values.length; at += perInsert)
      await db
        .insertInto(child.table)
        .values(values.slice(at, at + perInsert))
        .execute();
  }
}

export async function deleteLines(db: Untyped, entity: Entity, parentId: number): Promise<void> {
  for (const child of entity.children)
    await db.deleteFrom(child.table).where('parent_id', '=', parentId).execute();
}

/** The lines of one document as API rows, in order, by child name. */
export async function readLines(db: Untyped, entity: Entity, parentId: number): Promise<Lines> {
  const out: Lines = {};
  for (const child of entity.children) {
    const rows = (await db
      .selectFrom(child.table)
      .selectAll()
      .where('parent_id', '=', parentId)
      .orderBy('line_no')
      .execute()) as Row[];
    out[child.name] = rows.map((r) => toApiRow(child, r));
  }
  return out;
}
