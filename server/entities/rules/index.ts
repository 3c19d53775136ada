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
import { settlementRule } from '../../treasury/allocations';
import { chequeBookRule, chequeRule } from '../../treasury/cheques';
import { statementRule } from '../../treasury/reconciliation';
import type { EntityDefinition } from '../../../runtime/shared/definition';
import { keptRule } from '../../tax/keptRule';
import { taxRule } from '../../tax/taxRule';

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
  // an issued cheque takes a leaf of its cheque book; a book's leaves are the server's once used
  'treasury.cheque': [chequeRule],
  'treasury.chequeBook': [chequeBookRule],
  // a statement line matched by hand names a ledger entry of its bank account
  'treasury.bankStatement': [statementRule],
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

/**
 * Rules every definition declaring a key gets, after its own and in this order: `kept` (values
 * copied from a looked-up row or a setting, server/tax/keptRule.ts), `tax` (each line's VAT and the
 * total, server/tax/taxRule.ts), `settlement` (the open amount of a document others allocate to
 * follows its total, server/treasury/allocations.ts).
 */
export function declaredRules(def: EntityDefinition): readonly EntityRule[] {
  return [
    ...(def.kept ? [keptRule] : []),
    ...(def.tax ? [taxRule] : []),
    ...(def.settlement ? [settlementRule] : []),
  ];
}
