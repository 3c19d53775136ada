/** The report data sources by name (a definition's `source`). */
import { ledgerAging } from './ledger/aging';
import { ledgerBalances } from './ledger/balances';
import { ledgerLines } from './ledger/lines';
import { ledgerStatement } from './ledger/statement';
import type { ReportSource } from './source';

export const SOURCES: ReadonlyMap<string, ReportSource> = new Map(
  [ledgerBalances, ledgerLines, ledgerAging, ledgerStatement].map((s) => [s.name, s]),
);
