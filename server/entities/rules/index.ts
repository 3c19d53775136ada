/**
 * Entity rules by entity key, each list run in order (every rule sees the values the previous one
 * returned): the per-entity part of the write pipeline (../write/steps/entityRules.ts). A new
 * entity's business behaviour is added here as a rule; behaviour every entity shares is a step of
 * the pipeline instead (../write/pipeline.ts).
 */
import type { EntityRule } from './types';
import { passwordResetRule } from './passwordReset';
import { stockChangeRule, stockCountRule } from './stockTaking';
import { planRule } from '../../operations/planning';
import { accountTreeRule } from './accountTree';
import { discountRulesRule } from './discountRules';
import { rationingRule } from './rationing';
import { readOnlyRule } from './readOnly';
import { detailAccountRule, voucherRule } from '../../accounting/voucherRules';

export type { EntityRule, RuleContext, WriteAction } from './types';

export const ENTITY_RULES: Record<string, readonly EntityRule[]> = {
  'security.passwordResetRequest': [passwordResetRule],
  // promotions first (they set the discount), then quotas
  'sales.invoice': [discountRulesRule, rationingRule],
  'accounting.account': [accountTreeRule],
  // postable accounts and their detail accounts on every line; kind and source are the server's
  'accounting.voucher': [voucherRule],
  // a floating detail account's source and group are the server's
  'accounting.detailAccount': [detailAccountRule],
  'inventory.stockMove': [stockChangeRule],
  'inventory.stockCount': [stockCountRule],
  'planning.plan': [planRule],
  'management.uiLog': [readOnlyRule],
  'management.auditLog': [readOnlyRule],
};

/** The rules of an entity, in order ([] when it has none). */
export function rulesOf(entityKey: string): readonly EntityRule[] {
  return ENTITY_RULES[entityKey] ?? [];
}
