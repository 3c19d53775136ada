/**
 * `treasury.reconciliation`: the differences of a bank statement with the books
 * (server/treasury/reconciliation.ts statementDifferences): its lines not confirmed (only in the
 * bank's statement) and the bank account's ledger entries within its dates that no confirmed line
 * matches (only in the books), by date; `bankAmount` and `bookAmount` totalled, so the totals row
 * shows what is left to explain on each side. Parameter: `statement` (a lookup of the report's
 * entity, treasury.bankStatement, read as the caller may: its row scope applies). The caller needs
 * the right to read vouchers too (`alsoReads`).
 */
import type { Untyped } from '../../db/untyped';
import { getRow } from '../../entities/repository';
import type { Row } from '../../entities/rows';
import { t } from '../../i18n';
import { statementDifferences } from '../../treasury/reconciliation';
import type { ReportSource, SourceCall } from '../source';

const FIELDS = [
  'side',
  'sideText',
  'date',
  'reference',
  'description',
  'bankAmount',
  'bookAmount',
  'voucherId',
  'voucherNumber',
] as const;

async function run(call: SourceCall) {
  const id = Number(call.params.statement);
  const statement = await getRow(call.ctx, call.entity, call.user, id);
  const lines = (statement.lines as Row[] | undefined) ?? [];
  const differences = await statementDifferences(
    call.ctx.db as unknown as Untyped,
    call.ctx.registry,
    statement,
    lines,
  );
  return {
    rows: differences.map((d) => ({
      ...d,
      sideText: t(call.lang, `treasury.side.${d.side}`),
    })),
  };
}

export const treasuryReconciliation: ReportSource = {
  name: 'treasury.reconciliation',
  params: { statement: 'lookup' },
  requiredParams: ['statement'],
  fields: () => FIELDS,
  optionProblems: (options) => Object.keys(options).map((k) => `/options/${k}: unknown option`),
  // the statement's lines and the ledger: nothing of the statement's own fields but its lines
  reads: (name) =>
    name === 'bankAmount' ? ['lines.amount'] : name === 'reference' ? ['lines.reference'] : [],
  // the book side is the bank account's ledger entries: who may not read vouchers may not see them
  alsoReads: ['accounting.voucher'],
  run,
};
