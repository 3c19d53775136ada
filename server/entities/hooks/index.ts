/**
 * Per-entity server hooks, by entity key. `beforeWrite` runs inside the write transaction and may
 * change the values about to be stored (or throw an HttpError to refuse the write).
 */
import type { Kysely, Transaction } from 'kysely';
import type { CurrentUser } from '../../context';
import type { SystemTables } from '../../db/types';
import type { Row } from '../rows';
import { passwordResetHook } from './passwordReset';
import { closedPeriodHook } from './closedPeriod';
import { stockChangeHook, stockCountHook } from './stockTaking';
import { readOnlyHook } from './readOnly';
import { planHook } from '../../operations/planning';

export interface HookContext {
  trx: Transaction<SystemTables> | Kysely<SystemTables>;
  action: 'create' | 'update' | 'delete';
  user: CurrentUser | null;
  /** API row before the write (null on create). */
  before: Row | null;
  /** Validated values about to be written (null on delete). */
  values: Row | null;
}

export interface EntityHooks {
  beforeWrite?(ctx: HookContext): Promise<Row | null>;
}

export const HOOKS: Record<string, EntityHooks> = {
  'security.passwordResetRequest': passwordResetHook,
  'accounting.voucher': closedPeriodHook,
  'sales.invoice': closedPeriodHook,
  'inventory.stockMove': stockChangeHook,
  'inventory.stockCount': stockCountHook,
  'management.uiLog': readOnlyHook,
  'management.auditLog': readOnlyHook,
  'planning.plan': planHook,
};
