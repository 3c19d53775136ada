/** Rows of the `attachments` table and the access rules of one file. */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { parseAttachmentIds, type AttachmentInfo } from '../../runtime/shared/attachments';
import type { AppContext, CurrentUser } from '../context';
import type { Entity } from '../definitions/registry';
import type { Untyped } from '../db/untyped';
import { scopeCondition } from '../entities/repository';

export interface AttachmentsTable {
  id: number;
  entity: string;
  field: string;
  name: string;
  mime: string;
  size: number;
  sha256: string;
  content: Buffer | Uint8Array;
  created_by: number | null;
  created_at: string;
}

type Db = Kysely<{ attachments: AttachmentsTable }>;

const db = (ctx: AppContext) => ctx.db as unknown as Db;

const INFO = ['id', 'name', 'mime', 'size', 'sha256', 'created_at'] as const;

function info(r: Pick<AttachmentsTable, (typeof INFO)[number]>): AttachmentInfo {
  return {
    id: Number(r.id),
    name: r.name,
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
      name: file.name,
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

/** Attachments of `entity`/`field` among `ids` the user may see (see mayRead). */
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
    .select([...INFO, 'created_by'])
    .where('entity', '=', entity.key)
    .where('field', '=', field)
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
  const out: AttachmentInfo[] = [];
  for (const r of rows)
    if (await mayRead(ctx, user, entity, field, Number(r.id), r.created_by)) out.push(info(r));
  return out;
}

export async function readAttachment(ctx: AppContext, id: number) {
  return db(ctx).selectFrom('attachments').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Row scope of a file: users without a row scope on the entity (staff) read every file of it; scoped
 * users (vendor/customer) read a file that a row in their scope holds in the field, or one they
 * uploaded themselves and have not saved yet.
 */
export async function mayRead(
  ctx: AppContext,
  user: CurrentUser,
  entity: Entity,
  field: string,
  id: number,
  createdBy: number | null,
): Promise<boolean> {
  const scope = scopeCondition(entity, user);
  if (!scope) return true;
  if (createdBy === user.id) return true;
  const rows = (await (ctx.db as unknown as Untyped)
    .selectFrom(entity.table)
    .select(field)
    .where(scope)
    .where(field, 'like', `%${id}%`)
    .execute()) as Record<string, unknown>[];
  return rows.some((r) => parseAttachmentIds(r[field]).includes(id));
}
