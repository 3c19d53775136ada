/** The report data sources by name (a definition's `source`). */
import { ledgerAging } from './ledger/aging';
import { ledgerBalances } from './ledger/balances';
import { ledgerLines } from './ledger/lines';
import { ledgerStatement } from './ledger/statement';
import type { ReportSource } from './source';
import { entityRows } from './entityRows';
import { treasuryReconciliation } from './treasury/reconciliation';

export const SOURCES: ReadonlyMap<string, ReportSource> = new Map(
  [ledgerBalances, ledgerLines, ledgerAging, ledgerStatement, entityRows, treasuryReconciliation].map((s) => [
    s.name,
    s,
  ]),
);
