/**
 * What the ledger sources know of the accounting module: the chart of accounts and the detail
 * accounts the ledger's ids point at, and which field of the voucher (the report's entity) each
 * ledger column was copied from (server/accounting/ledgerStore.ts), for field permissions.
 */
export const ACCOUNT_ENTITY = 'accounting.account';
export const DETAIL_ENTITY = 'accounting.detailAccount';

/** The voucher's line child whose fields the ledger entries copy. */
const LINES = 'lines';

export const READS = {
  money: [`${LINES}.debit`, `${LINES}.credit`],
  account: [`${LINES}.account`],
  detail: [`${LINES}.detail1`, `${LINES}.detail2`],
  lineDescription: [`${LINES}.description`],
  date: ['date'],
  voucherDescription: ['description'],
} as const;

export type AccountKind = 'asset' | 'liability' | 'equity' | 'income' | 'expense';
export const ACCOUNT_KINDS: readonly AccountKind[] = ['asset', 'liability', 'equity', 'income', 'expense'];

export type Statement = 'balanceSheet' | 'profitLoss';
export const STATEMENTS: readonly Statement[] = ['balanceSheet', 'profitLoss'];

/** The statement of an account whose own (and ancestors') `statement` is empty, by its kind. */
export function statementOfKind(kind: AccountKind | null): Statement | null {
  if (kind === 'income' || kind === 'expense') return 'profitLoss';
  return kind ? 'balanceSheet' : null;
}
