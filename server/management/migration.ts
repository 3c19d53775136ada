/**
 * Migration 0004_management: the read-only screens management.uiLog and management.auditLog are
 * generic definitions over database VIEWS of the system tables ui_logs and audit_log (the tables
 * stay where Management/UILog/Create and every audited write put their rows), with the system
 * columns the generic grid expects. audit_log gains `lines`: the line changes of a document write.
 */
import { type Kysely, type Migration, sql } from 'kysely';

// Migrations must accept any database shape: the Migrator passes an untyped Kysely.
type AnyDb = Kysely<unknown>;

export const managementMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('audit_log').addColumn('lines', 'text').execute();
    await sql`create view e_management_uilog as
      select l.id as id, 1 as version, l.created_at as created_at, l.created_at as updated_at,
        l.user_id as created_by, l.user_id as updated_by, l.created_at as "at",
        u.display_name as "userName", l.address as "address", l.log as "log"
      from ui_logs l left join users u on u.id = l.user_id`.execute(db);
    await sql`create view e_management_auditlog as
      select a.id as id, 1 as version, a.at as created_at, a.at as updated_at,
        a.user_id as created_by, a.user_id as updated_by, a.at as "at",
        u.display_name as "userName", a.entity as "entityKey", a.row_id as "rowId",
        a.action as "action", a.diff as "changes"
      from audit_log a left join users u on u.id = a.user_id`.execute(db);
  },
};
