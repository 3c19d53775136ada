/** The report data sources by name (a definition's `source`). */
import { ledgerAging } from './ledger/aging';
import { ledgerBalances } from './ledger/balances';
import { ledgerLines } from './ledger/lines';
import { ledgerStatement } from './ledger/statement';
import type { ReportSource } from './source';
import { entityRows } from './entityRows';
import { stockBalance } from './stock/balance';
import { stockKardex } from './stock/kardex';
import { stockReorder } from './stock/reorder';
import { stockValuation } from './stock/valuation';
import { treasuryReconciliation } from './treasury/reconciliation';
import { taxVat } from './tax/vat';

export const SOURCES: ReadonlyMap<string, ReportSource> = new Map(
  [
    ledgerBalances,
    ledgerLines,
    ledgerAging,
    ledgerStatement,
    stockKardex,
    stockBalance,
    stockValuation,
    stockReorder,
    entityRows,
    treasuryReconciliation,
    taxVat,
  ].map((s) => [s.name, s]),
);
