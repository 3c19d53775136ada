/**
 * Per-entity server hooks, by entity key. `beforeWrite` runs inside the write transaction and may
 * change the values about to be stored (or throw an HttpError to refuse the write).
 */
import type { Kysely, Transaction } from 'kysely';
import type { CurrentUser } from '../../context';
import type { SystemTables } from '../../db/types';
import type { Row } from '../rows';
import type { Lines } from '../document';
import type { Entity } from '../../definitions/registry';
import type { Lang } from '../../../runtime/shared/definition';
import { passwordResetHook } from './passwordReset';
import { closedPeriodHook } from './closedPeriod';
import { stockChangeHook, stockCountHook } from './stockTaking';
import { planHook } from '../../operations/planning';
import { chainHooks } from './chain';
import { accountTreeHook } from './accountTree';
import { discountRulesHook } from './discountRules';
import { rationingHook } from './rationing';
import { readOnlyHook } from './readOnly';

export interface HookContext {
  trx: Transaction<SystemTables> | Kysely<SystemTables>;
  action: 'create' | 'update' | 'delete';
  user: CurrentUser | null;
  /** API row before the write (null on create). */
  before: Row | null;
  /** Validated values about to be written (null on delete). */
  values: Row | null;
  /** Validated document lines by child name (empty on delete and for entities without lines). */
  lines: Lines;
  entity: Entity;
  /** The secret fields' values taken out of the request (secrets.ts); never stored. */
  secrets: Row;
  /** Language of the request, for the hook's 417 texts. */
  lang: Lang;
}

export interface EntityHooks {
  beforeWrite?(ctx: HookContext): Promise<Row | null>;
  /** Fields whose values only this hook sees (secrets.ts): never stored, audited, answered or evaluated. */
  secretFields?: readonly string[];
}

export const HOOKS: Record<string, EntityHooks> = {
  'security.passwordResetRequest': passwordResetHook,
  'accounting.voucher': closedPeriodHook,
  // closed period first, then promotions (they set the discount), then quotas
  'sales.invoice': chainHooks(closedPeriodHook, discountRulesHook, rationingHook),
  'accounting.account': accountTreeHook,
  'inventory.stockMove': stockChangeHook,
  'inventory.stockCount': stockCountHook,
  'planning.plan': planHook,
  'management.uiLog': readOnlyHook,
  'management.auditLog': readOnlyHook,
};
