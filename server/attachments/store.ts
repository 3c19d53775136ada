/** Rows of the `attachments` table and the access rules of one file. */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { parseAttachmentIds, safeFileName, type AttachmentInfo } from '../../runtime/shared/attachments';
import type { AppContext, CurrentUser } from '../context';
import type { Entity } from '../definitions/registry';
import type { Untyped } from '../db/untyped';
import { rowAccessCondition } from '../entities/scope';
import { fieldModes, hiddenOf } from '../security/fieldAccess';
import { attachmentFields } from './cleanup';
import type { AttachmentsTable } from './table';

export type { AttachmentsTable };

type Db = Kysely<{ attachments: AttachmentsTable }>;

const db = (ctx: AppContext) => ctx.db as unknown as Db;

const INFO = ['id', 'name', 'mime', 'size', 'sha256', 'created_at'] as const;

function info(r: Pick<AttachmentsTable, (typeof INFO)[number]>): AttachmentInfo {
  return {
    id: Number(r.id),
    // names stored before safeFileName existed may still hold bidi controls
    name: safeFileName(r.name) || '_',
    mime: r.mime,
    size: Number(r.size),
    sha256: r.sha256,
    createdAt: r.created_at,
  };
}

export async function saveAttachment(
  ctx: AppContext,
  user: CurrentUser,
  entity: Entity,
  field: string,
  file: { name: string; mime: string; content: Buffer },
): Promise<AttachmentInfo> {
  const row = await db(ctx)
    .insertInto('attachments')
    .values({
      entity: entity.key,
      field,
      name: safeFileName(file.name),
      mime: file.mime,
      size: file.content.length,
      sha256: createHash('sha256').update(file.content).digest('hex'),
      content: file.content,
      created_by: user.id,
      created_at: new Date().toISOString(),
    } as never)
    .returning([...INFO])
    .executeTakeFirstOrThrow();
  return info(row);
}

/** Attachments of `entity`/`field` among `ids` the user may read (see mayRead). */
export async function listAttachments(
  ctx: AppContext,
  user: CurrentUser,
  entity: Entity,
  field: string,
  ids: number[],
): Promise<AttachmentInfo[]> {
  if (ids.length === 0) return [];
  const rows = await db(ctx)
    .selectFrom('attachments')
    .select([...INFO, 'entity', 'field', 'row_id', 'created_by'])
    .where('entity', '=', entity.key)
    .where('field', '=', field)
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
  const out: AttachmentInfo[] = [];
  for (const r of rows) if (await mayRead(ctx, user, entity, r)) out.push(info(r));
  return out;
}

export async function readAttachment(ctx: AppContext, id: number) {
  return db(ctx).selectFrom('attachments').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Whether the user may read a file of `entity` (the caller has checked view on it). The field must
 * be an attachments field the user's role does not have hidden. A pending upload is read by its
 * uploader only. A file of a row is read by whoever may read that row (the entity API's row scope,
 * scopeCondition) while that row still names it; the row that names an id is never asked.
 */
export async function mayRead(
  ctx: AppContext,
  user: CurrentUser,
  entity: Entity,
  file: Pick<AttachmentsTable, 'id' | 'entity' | 'field' | 'row_id' | 'created_by'>,
): Promise<boolean> {
  if (file.entity !== entity.key || !attachmentFields(entity).includes(file.field)) return false;
  if (hiddenOf(await fieldModes(ctx, user, entity)).has(file.field)) return false;
  if (file.row_id === null) return file.created_by !== null && Number(file.created_by) === user.id;
  let query = (ctx.db as unknown as Untyped)
    .selectFrom(entity.table)
    .select(file.field)
    .where('id', '=', Number(file.row_id));
  const scope = await rowAccessCondition(ctx.db, entity, user);
  if (scope) query = query.where(scope);
  const row = (await query.executeTakeFirst()) as Record<string, unknown> | undefined;
  return row !== undefined && parseAttachmentIds(row[file.field]).includes(Number(file.id));
}
