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
