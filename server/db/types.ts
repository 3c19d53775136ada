/** Typed system tables (server/db/migrations.ts). Flags are integers 0/1 on both dialects. */
import type { Generated, Kysely } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  display_name: string;
  role: string;
  is_vendor: number;
  is_customer: number;
  party_id: number | null;
  must_change_password: number;
  disabled: number;
  created_at: string;
}

export interface RolePermissionsTable {
  role: string;
  entity: string;
  can_view: number;
  can_create: number;
  can_edit: number;
  can_delete: number;
  can_export: number;
  can_print: number;
  /** Migration 0009_lifecycle_permissions. */
  can_finalise: number;
  can_cancel: number;
  /** Migration 0016_import. */
  can_import: number;
}

export interface MenuAccessTable {
  who: string;
  entity: string;
}

export interface RefreshTokensTable {
  token_hash: string;
  family_id: string;
  user_id: number;
  expires_at: number;
  used_at: number | null;
  revoked_at: number | null;
  created_at: number;
}

export interface RateLimitsTable {
  key: string;
  window_start: number;
  count: number;
}

export interface UiLogsTable {
  id: Generated<number>;
  user_id: number | null;
  address: string;
  log: string;
  created_at: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  user_id: number | null;
  at: string;
  entity: string;
  row_id: number;
  action: string;
  diff: string;
  /** JSON of the line changes of a document write (server/entities/audit.ts), or null. */
  lines?: string | null;
}

export interface UserTenantsTable {
  user_id: number;
  tenant: string;
}

export interface DefinitionVersionsTable {
  id: Generated<number>;
  entity_key: string;
  version: number;
  /** The definition as JSON text. */
  definition: string;
  published_by: number | null;
  published_at: string;
  comment: string | null;
  active: number;
}

export interface FieldPermissionsTable {
  role: string;
  entity: string;
  field: string;
  /** `hidden` or `readOnly`. */
  mode: string;
}

export interface MenuLayoutTable {
  /** Entity key or shell page key ("module.name"). */
  entity: string;
  module: string;
  position: number;
  hidden: number;
}

/** Migration 0014_roles_row_rules (server/security/rolesMigration.ts). */
export interface RolesTable {
  key: string;
  label_fa: string;
  label_en: string;
  description: string;
}

/** A role's row rules on an entity (runtime/shared/rowRules.ts), `rules` as JSON text. */
export interface RowRulesTable {
  role: string;
  entity: string;
  rules: string;
}

/** A user's attribute (branch, warehouse…) row rules compare with. */
export interface UserAttributesTable {
  user_id: number;
  name: string;
  value: string;
}

export interface SystemTables {
  users: UsersTable;
  role_permissions: RolePermissionsTable;
  menu_access: MenuAccessTable;
  refresh_tokens: RefreshTokensTable;
  rate_limits: RateLimitsTable;
  ui_logs: UiLogsTable;
  audit_log: AuditLogTable;
  user_tenants: UserTenantsTable;
  definition_versions: DefinitionVersionsTable;
  field_permissions: FieldPermissionsTable;
  menu_layout: MenuLayoutTable;
  roles: RolesTable;
  row_rules: RowRulesTable;
  user_attributes: UserAttributesTable;
}

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<SystemTables>;
  dialect: Dialect;
  close(): Promise<void>;
}
