/**
 * Migration 0005_attachments: files attached to record fields. The content is kept in the database
 * (bytea / blob) with its sha256, so a file and the rows pointing at it share backups and
 * transactions; `entity`/`field` say which attachments field it was uploaded for.
 */
import { type Kysely, type Migration } from 'kysely';

// Migrations must accept any database shape: the Migrator passes an untyped Kysely.
type AnyDb = Kysely<unknown>;

export function attachmentsMigration(dialect: 'sqlite' | 'postgres'): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('attachments')
        .addColumn('id', dialect === 'postgres' ? 'bigserial' : 'integer', (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('entity', 'text', (c) => c.notNull())
        .addColumn('field', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('mime', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('content', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('created_by', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('ix_attachments_entity').on('attachments').columns(['entity']).execute();
    },
  };
}

/**
 * Migration 0006_attachment_rows: the row a file belongs to. `row_id` is null while the upload is
 * pending (its form not saved yet) and set to the row's id when a write first names it; a file then
 * belongs to (entity, row_id, field) for good (docs/api.md "Attachments"). Files rows held before
 * this column existed get their row at server start (links.ts claimAttachmentRows).
 */
export function attachmentRowsMigration(dialect: 'sqlite' | 'postgres'): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('attachments')
        .addColumn('row_id', dialect === 'postgres' ? 'bigint' : 'integer')
        .execute();
      await db.schema
        .createIndex('ix_attachments_row')
        .on('attachments')
        .columns(['entity', 'row_id'])
        .execute();
    },
  };
}
