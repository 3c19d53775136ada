/**
 * Which row a file belongs to (docs/api.md "Attachments"). An upload is pending (`row_id` null) until
 * a write of its uploader first names it in the attachments field it was uploaded for; from then on
 * it belongs to that (entity, row, field). A write may name, beside the ids the row already held in
 * that field, only pending uploads of the writing user for that entity and field: an id of another
 * row, another field, another entity, another user's pending upload, or no file at all is refused
 * with one 417 on the field that does not tell these apart (guessing ids learns nothing).
 */
import type { Kysely } from 'kysely';
import type { Lang } from '../../runtime/shared/definition';
import { parseAttachmentIds, strictAttachmentIds } from '../../runtime/shared/attachments';
import type { CurrentUser } from '../context';
import type { SystemTables } from '../db/types';
import type { Untyped } from '../db/untyped';
import type { Entity, Registry } from '../definitions/registry';
import { LocalisedInvalid } from '../http/errors';
import { fieldMessage } from '../i18n';
import type { Row } from '../entities/rows';
import { attachmentFields, releaseAttachments } from './cleanup';
import { DOC_STATE_LABELS, docStateOf } from '../../runtime/shared/lifecycle';
import { localText } from '../../runtime/shared/definition';
import type { AttachmentsTable } from './table';

type Db = Kysely<{ attachments: AttachmentsTable }>;

function refused(entity: Entity, field: string, id: string): LocalisedInvalid {
  return new LocalisedInvalid((lang: Lang) => [
    fieldMessage(lang, field, 'errors.AttachmentNotLinkable', {
      id,
      field: entity.def.fields[field]?.label[lang] ?? field,
    }),
  ]);
}

/**
 * A document whose lifecycle keeps its attachments once final (`attachmentsWhenFinal: false`,
 * runtime/shared/lifecycle.ts): a final or cancelled row's attachments do not change (417 on the field).
 */
function frozen(entity: Entity, field: string, before: Row | null, held: number[], ids: number[]): void {
  if (!before || entity.def.lifecycle?.attachmentsWhenFinal !== false) return;
  const state = docStateOf(before);
  if (state === 'draft') return;
  if (held.length === ids.length && held.every((id) => ids.includes(id))) return;
  throw new LocalisedInvalid((lang: Lang) => [
    fieldMessage(lang, field, 'docLifecycle.attachmentsFinal', {
      state: localText(DOC_STATE_LABELS[state], lang),
    }),
  ]);
}

/** The first part of a written value that is not an attachment id (for the message). */
function badPart(value: unknown): string {
  if (typeof value !== 'string') return String(value).slice(0, 30);
  return (value.split(',').find((p) => !/^[0-9]{1,16}$/.test(p)) ?? value).slice(0, 30);
}

/** Ties the pending uploads `added` of `user` to the row, or refuses the write on the field. */
async function link(
  trx: Kysely<SystemTables>,
  entity: Entity,
  field: string,
  rowId: number,
  user: CurrentUser | null,
  added: number[],
): Promise<void> {
  if (!user) throw refused(entity, field, String(added[0]));
  const files = trx as unknown as Db;
  const pending = (
    await files
      .selectFrom('attachments')
      .select('id')
      .where('id', 'in', added)
      .where('entity', '=', entity.key)
      .where('field', '=', field)
      .where('row_id', 'is', null)
      .where('created_by', '=', user.id)
      .execute()
  ).map((r) => Number(r.id));
  const missing = added.find((id) => !pending.includes(id));
  if (missing !== undefined) throw refused(entity, field, String(missing));
  // conditional on still pending: of two writes naming the same upload at once, one wins
  const result = await files
    .updateTable('attachments')
    .set({ row_id: rowId })
    .where('id', 'in', added)
    .where('row_id', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== added.length) throw refused(entity, field, String(added[0]));
}

/**
 * Inside a write's transaction, after the row is written (`after`: the row as stored, null on
 * delete; `before`: as it was, null on create): refuses ids the row may not name, ties newly named
 * uploads to the row and lets go of the files it no longer names (cleanup.ts).
 */
export async function syncAttachments(
  trx: Kysely<SystemTables>,
  entity: Entity,
  user: CurrentUser | null,
  before: Row | null,
  after: Row | null,
): Promise<void> {
  const fields = attachmentFields(entity);
  if (fields.length === 0) return;
  const rowId = Number((after ?? before)?.id);
  for (const field of fields) {
    const held = parseAttachmentIds(before?.[field]);
    const ids = after ? strictAttachmentIds(after[field]) : [];
    if (ids === null) throw refused(entity, field, badPart(after?.[field]));
    if (after) frozen(entity, field, before, held, ids);
    const added = ids.filter((id) => !held.includes(id));
    if (added.length) await link(trx, entity, field, rowId, user, added);
  }
  await releaseAttachments(trx, entity, before, after);
}

/** Of the rows naming a file, the one it belongs to; null when that is not clear. */
function ownerOf(holders: Record<string, unknown>[], uploader: number | null): number | null {
  if (holders.length === 1) return Number(holders[0]!.id);
  const byUploader = holders.filter(
    (r) => uploader !== null && (Number(r.created_by) === uploader || Number(r.updated_by) === uploader),
  );
  return byUploader.length === 1 ? Number(byUploader[0]!.id) : null;
}

/**
 * Server start: files that rows named before files had an owning row (row_id null but named by a
 * row) get their row: the only row naming the file, or, of several, the only one its uploader
 * created or last wrote. Otherwise (a row that named another party's id before this rule, say) it
 * stays unowned and reads as its uploader's pending upload: failing closed. Idempotent.
 */
export async function claimAttachmentRows(db: Kysely<SystemTables>, registry: Registry): Promise<number> {
  const files = db as unknown as Db;
  let claimed = 0;
  for (const entity of registry.all()) {
    for (const field of attachmentFields(entity)) {
      const unowned = await files
        .selectFrom('attachments')
        .select(['id', 'created_by'])
        .where('entity', '=', entity.key)
        .where('field', '=', field)
        .where('row_id', 'is', null)
        .execute();
      if (unowned.length === 0) continue;
      const holders = new Map<number, Record<string, unknown>[]>(unowned.map((f) => [Number(f.id), []]));
      const rows = (await (db as unknown as Untyped)
        .selectFrom(entity.table)
        .select(['id', 'created_by', 'updated_by', field])
        .where(field, 'is not', null)
        .where(field, '!=', '')
        .execute()) as Record<string, unknown>[];
      for (const r of rows) for (const id of parseAttachmentIds(r[field])) holders.get(id)?.push(r);
      for (const f of unowned) {
        const owner = ownerOf(
          holders.get(Number(f.id)) ?? [],
          f.created_by === null ? null : Number(f.created_by),
        );
        if (owner === null) continue;
        const result = await files
          .updateTable('attachments')
          .set({ row_id: owner })
          .where('id', '=', Number(f.id))
          .where('row_id', 'is', null)
          .executeTakeFirst();
        claimed += Number(result.numUpdatedRows);
      }
    }
  }
  return claimed;
}
