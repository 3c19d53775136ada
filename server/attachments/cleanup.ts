/**
 * Files nobody holds any more leave the `attachments` table:
 * - on a write (releaseAttachments, in the write's transaction): files of a row (links.ts) that
 *   it held in an attachments field before and no longer holds after the update or delete;
 * - by a periodic sweep (sweepAttachments; server start and every ATTACHMENT_SWEEP_INTERVAL):
 *   uploads older than ATTACHMENT_ORPHAN_AGE that no row of their entity holds in their field (a
 *   form closed without saving, a row written before releaseAttachments existed).
 * Only files of entities and fields that are attachments fields now are touched; a file of a
 * field the definition no longer has stays (its values may come back with a rollback).
 */
import type { Kysely } from 'kysely';
import type { SystemTables } from '../db/types';
import { parseAttachmentIds } from '../../runtime/shared/attachments';
import { isFileKind, kindOf } from '../../runtime/shared/fieldKind';
import type { Entity, Registry } from '../definitions/registry';
import type { Untyped } from '../db/untyped';
import type { Row } from '../entities/rows';
import type { AttachmentsTable } from './table';

type Db = Kysely<{ attachments: AttachmentsTable }>;

/** Ids per query: far below the bound-parameter limits of SQLite and PostgreSQL. */
const CHUNK = 500;

/** The fields of an entity that hold files: of the attachments and image kinds. */
export function attachmentFields(entity: Entity): string[] {
  return Object.keys(entity.def.schema.properties).filter((f) => isFileKind(kindOf(entity.def, f)));
}

function chunks<T>(list: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK));
  return out;
}

/** Of `ids`, the ones some row of the entity (other than `exceptRow`) holds in `field`, with that row's id. */
async function heldElsewhere(
  db: Untyped,
  entity: Entity,
  field: string,
  ids: number[],
  exceptRow: number | null,
): Promise<Map<number, number>> {
  const wanted = new Set(ids);
  const held = new Map<number, number>();
  for (const part of chunks(ids)) {
    let query = db
      .selectFrom(entity.table)
      .select(['id', field])
      .where((eb) => eb.or(part.map((id) => eb(field, 'like', `%${id}%`))))
      .orderBy('id');
    if (exceptRow !== null) query = query.where('id', '!=', exceptRow);
    for (const r of (await query.execute()) as Record<string, unknown>[])
      for (const id of parseAttachmentIds(r[field]))
        if (wanted.has(id) && !held.has(id)) held.set(id, Number(r.id));
  }
  return held;
}

/** Every id some row of the entity holds in `field` (one pass over the non-empty values). */
async function heldByAnyRow(db: Untyped, entity: Entity, field: string): Promise<Set<number>> {
  const rows = (await db
    .selectFrom(entity.table)
    .select(field)
    .where(field, 'is not', null)
    .where(field, '!=', '')
    .execute()) as Record<string, unknown>[];
  return new Set(rows.flatMap((r) => parseAttachmentIds(r[field])));
}

/** Deletes files of the entity field among `ids` (of row `owner` only, when given). */
async function deleteFiles(
  db: Kysely<SystemTables>,
  entity: Entity,
  field: string,
  ids: number[],
  owner: number | null = null,
) {
  let deleted = 0;
  for (const part of chunks(ids)) {
    let query = (db as unknown as Db)
      .deleteFrom('attachments')
      .where('entity', '=', entity.key)
      .where('field', '=', field)
      .where('id', 'in', part);
    if (owner !== null) query = query.where('row_id', '=', owner);
    const result = await query.executeTakeFirst();
    deleted += Number(result.numDeletedRows);
  }
  return deleted;
}

/**
 * Inside a write's transaction (links.ts syncAttachments): deletes the files of the row that `before`
 * held and `after` (null on delete) no longer holds. A file of the row that another row still names
 * (only rows written before files had an owning row can) passes to that row instead. Files of other
 * rows that the row named are left alone. Answers how many were deleted.
 */
export async function releaseAttachments(
  trx: Kysely<SystemTables>,
  entity: Entity,
  before: Row | null,
  after: Row | null,
): Promise<number> {
  if (!before || typeof before.id !== 'number') return 0;
  const rowId = before.id;
  let deleted = 0;
  for (const field of attachmentFields(entity)) {
    const kept = new Set(parseAttachmentIds(after?.[field]));
    const dropped = parseAttachmentIds(before[field]).filter((id) => !kept.has(id));
    if (dropped.length === 0) continue;
    const held = await heldElsewhere(trx as Untyped, entity, field, dropped, rowId);
    for (const [id, holder] of held)
      await (trx as unknown as Db)
        .updateTable('attachments')
        .set({ row_id: holder })
        .where('id', '=', id)
        .where('row_id', '=', rowId)
        .execute();
    const orphans = dropped.filter((id) => !held.has(id));
    if (orphans.length) deleted += await deleteFiles(trx, entity, field, orphans, rowId);
  }
  return deleted;
}

/**
 * Deletes uploads created before `cutoff` (ISO time) that no row holds in their field. Each
 * entity field is checked and cleaned in one transaction. Answers how many were deleted.
 */
export async function sweepAttachments(
  db: Kysely<SystemTables>,
  registry: Registry,
  cutoff: string,
): Promise<number> {
  const files = db as unknown as Db;
  const groups = await files
    .selectFrom('attachments')
    .select(['entity', 'field'])
    .where('created_at', '<', cutoff)
    .groupBy(['entity', 'field'])
    .execute();
  let deleted = 0;
  for (const group of groups) {
    const entity = registry.byEntityKey(group.entity);
    if (!entity || !attachmentFields(entity).includes(group.field)) continue;
    deleted += await db.transaction().execute(async (trx) => {
      const old = await (trx as unknown as Db)
        .selectFrom('attachments')
        .select('id')
        .where('entity', '=', entity.key)
        .where('field', '=', group.field)
        .where('created_at', '<', cutoff)
        .execute();
      const ids = old.map((r) => Number(r.id));
      const held = await heldByAnyRow(trx as Untyped, entity, group.field);
      return deleteFiles(
        trx,
        entity,
        group.field,
        ids.filter((id) => !held.has(id)),
      );
    });
  }
  return deleted;
}
