/**
 * The definition's write rule (`writes`, `serverRows`; runtime/shared/definition.ts), above the role
 * permissions: a log or history (`writes: "server"`) is written only by the server's own code, so
 * Create/Edit/Delete are false for every role, admin included; system settings (`writes: "admin"`)
 * are written by the admin role only. Applied where every permission is read
 * (security/permissions.ts), so the entity routes answer 403 and GetEntityPermissions tells the
 * client to hide the buttons. `serverRows` marks single rows (the licence among the settings) that
 * the API never creates, changes nor deletes (checked in every write, the permissions step: entities/write/steps/permissions.ts).
 */
import type { EntityDefinition, EntityPermissions } from '../../runtime/shared/definition';
import { forbidden } from '../http/errors';

export const ADMIN_ROLE = 'admin';

type WriteDefinition = Pick<EntityDefinition, 'writes' | 'serverRows'>;

/** The permissions left once the definition's write rule is applied. */
export function applyWriteRule(
  def: WriteDefinition | undefined,
  role: string,
  perms: EntityPermissions,
): EntityPermissions {
  const rule = def?.writes;
  if (!rule || (rule === 'admin' && role === ADMIN_ROLE)) return perms;
  return {
    ...perms,
    create: false,
    edit: false,
    delete: false,
    finalise: false,
    cancel: false,
    import: false,
  };
}

/** 403 when the row before or after the write is one the server alone writes. */
export function refuseServerRows(
  def: WriteDefinition,
  before: Record<string, unknown> | null,
  values: Record<string, unknown> | null,
): void {
  const marked = def.serverRows;
  if (!marked) return;
  for (const row of [before, values])
    if (row && marked.values.includes(String(row[marked.field] ?? ''))) throw forbidden();
}

/**
 * A published definition keeps the write rule of the shipped file it overrides: the designer may
 * change fields and screens of a log, not make it writable.
 */
export function keepShippedWriteRule(
  shipped: EntityDefinition,
  published: EntityDefinition,
): EntityDefinition {
  const { writes, serverRows } = shipped;
  if (!writes && !serverRows) return published;
  return { ...published, ...(writes ? { writes } : {}), ...(serverRows ? { serverRows } : {}) };
}
