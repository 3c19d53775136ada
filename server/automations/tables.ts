/**
 * The system tables of automations (docs/automations.md), migration 0015_automations:
 *
 * - `notifications`: one row per recipient user (a role's users are expanded when it is sent, so a
 *   user of another role never has a row), its text in Persian and English as filled for that
 *   user's role (fields the role may not read are left out), the document it is about, and when it
 *   was read.
 * - `webhook_outbox`: one row per webhook call, written with the document (inTransaction) or after
 *   it (afterCommit); delivered after commit with retries and exponential backoff. It is the
 *   delivery log: the view `e_security_webhookdelivery` shows it as the admin-only screen
 *   security.webhookDelivery.
 * - `automation_log`: automations that failed after commit (the document stays as committed).
 * - `automation_fired`: what a dateReached automation fired, one row per automation × row × day
 *   (its primary key), so a tick fires each once, across restarts too.
 */
import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../db/types';

export const NOTIFICATIONS = 'notifications';
export const WEBHOOK_OUTBOX = 'webhook_outbox';
export const AUTOMATION_LOG = 'automation_log';
export const AUTOMATION_FIRED = 'automation_fired';

export interface NotificationRow {
  id: number;
  user_id: number;
  entity: string;
  row_id: number | null;
  automation: string;
  text_fa: string;
  text_en: string;
  created_at: string;
  read_at: string | null;
}

export interface OutboxRow {
  id: number;
  endpoint: string;
  entity: string;
  row_id: number | null;
  automation: string;
  event: string;
  body: string;
  /** pending (to try at next_at), delivered, failed (out of attempts), skipped (no such endpoint / disabled). */
  status: 'pending' | 'delivered' | 'failed' | 'skipped';
  attempts: number;
  next_at: string;
  last_status: number | null;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
}

export function automationsMigration(dialect: Dialect): Migration {
  const idType = dialect === 'postgres' ? 'bigserial' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable(NOTIFICATIONS)
        .addColumn('id', idType, (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('entity', 'text', (c) => c.notNull())
        .addColumn('row_id', 'bigint')
        .addColumn('automation', 'text', (c) => c.notNull())
        .addColumn('text_fa', 'text', (c) => c.notNull())
        .addColumn('text_en', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('read_at', 'text')
        .execute();
      await db.schema
        .createIndex('ix_notifications_user')
        .on(NOTIFICATIONS)
        .columns(['user_id', 'read_at', 'id'])
        .execute();
      await db.schema
        .createTable(WEBHOOK_OUTBOX)
        .addColumn('id', idType, (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('endpoint', 'text', (c) => c.notNull())
        .addColumn('entity', 'text', (c) => c.notNull())
        .addColumn('row_id', 'bigint')
        .addColumn('automation', 'text', (c) => c.notNull())
        .addColumn('event', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_at', 'text', (c) => c.notNull())
        .addColumn('last_status', 'integer')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('delivered_at', 'text')
        .execute();
      await db.schema
        .createIndex('ix_webhook_outbox_due')
        .on(WEBHOOK_OUTBOX)
        .columns(['status', 'next_at'])
        .execute();
      await db.schema
        .createTable(AUTOMATION_LOG)
        .addColumn('id', idType, (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('entity', 'text', (c) => c.notNull())
        .addColumn('row_id', 'bigint')
        .addColumn('automation', 'text', (c) => c.notNull())
        .addColumn('error', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable(AUTOMATION_FIRED)
        .addColumn('entity', 'text', (c) => c.notNull())
        .addColumn('automation', 'text', (c) => c.notNull())
        .addColumn('row_id', 'bigint', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('pk_automation_fired', ['entity', 'automation', 'row_id', 'day'])
        .execute();
      // the delivery log as a generic read-only screen (schemas/security/webhookDelivery.json)
      await sql`create view e_security_webhookdelivery as
        select o.id as id, 1 as version, o.created_at as created_at, o.created_at as updated_at,
          cast(null as integer) as created_by, cast(null as integer) as updated_by, o.created_at as "at", o.endpoint as "endpoint",
          o.entity as "entityKey", o.row_id as "rowId", o.automation as "automation",
          o.event as "event", o.status as "status", o.attempts as "attempts",
          o.next_at as "nextAt", o.last_status as "lastStatus", o.last_error as "lastError",
          o.delivered_at as "deliveredAt"
        from webhook_outbox o`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`drop view e_security_webhookdelivery`.execute(db);
      for (const table of [AUTOMATION_FIRED, AUTOMATION_LOG, WEBHOOK_OUTBOX, NOTIFICATIONS])
        await db.schema.dropTable(table).execute();
    },
  };
}
