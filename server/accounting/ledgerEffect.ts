/**
 * The "ledger" effect of accounting vouchers (server/entities/write/steps/effects.ts): a voucher
 * that becomes final writes its lines to the general ledger (ledgerStore.ts addEntries) in the
 * same transaction, a final voucher cancelled is taken out (removeVoucher). Its guard keeps users
 * off vouchers the server wrote from a document (kind posted or reversal) or at a year's end
 * (closing, opening): no Update, Cancel or Delete through the API — the source document is
 * cancelled instead, which posts the reversal.
 */
import { localText, type Lang } from '../../runtime/shared/definition';
import { VOUCHER_ENTITY } from '../../runtime/shared/detailAccount';
import { BRANCH_FIELD } from '../../runtime/shared/numbering';
import { HttpError } from '../http/errors';
import { t } from '../i18n';
import type { Row } from '../entities/rows';
import type { WriteState } from '../entities/write/state';
import { registerEffect } from '../entities/write/steps/effects';
import { addEntries, removeVoucher, type LedgerEntry } from './ledgerStore';

const num = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v !== '' ? Number(v) : null;

/** The ledger entries of a voucher row and its lines (line numbers from 1). */
export function entriesOf(voucher: Row, lines: readonly Row[]): LedgerEntry[] {
  const source =
    typeof voucher.sourceEntity === 'string' && voucher.sourceEntity !== '' ? voucher.sourceEntity : null;
  return lines.map((line, i) => ({
    voucherId: Number(voucher.id),
    lineNo: i + 1,
    date: String(voucher.date).slice(0, 10),
    accountId: Number(line.account),
    detail1Id: num(line.detail1),
    detail2Id: num(line.detail2),
    branchId: num(voucher[BRANCH_FIELD]),
    debit: Number(line.debit ?? 0),
    credit: Number(line.credit ?? 0),
    description: typeof line.description === 'string' && line.description !== '' ? line.description : null,
    sourceEntity: source,
    sourceId: source ? num(voucher.sourceId) : null,
  }));
}

/** Kinds of vouchers the server writes, which users may not change. */
const SERVER_KINDS = new Set(['posted', 'reversal', 'closing', 'opening']);
/** Kinds of the year-end vouchers (server/accounting/yearEnd.ts). */
const YEAR_END_KINDS = new Set(['closing', 'opening']);

/** The source document as a message names it: «فاکتورهای فروش INV-1405-000012». */
async function sourceText(w: WriteState, before: Row, lang: Lang): Promise<string> {
  const key = typeof before.sourceEntity === 'string' ? before.sourceEntity : '';
  const entity = w.ctx.registry.byEntityKey(key);
  if (!entity) return key;
  const row = (await w.db
    .selectFrom(entity.table)
    .select(entity.def.displayField)
    .where('id', '=', Number(before.sourceId))
    .executeTakeFirst()) as Row | undefined;
  const shown = row?.[entity.def.displayField];
  const title = localText(entity.def.title, lang);
  return shown === null || shown === undefined ? title : `${title} ${String(shown)}`;
}

async function guard(w: WriteState): Promise<void> {
  const before = w.before;
  if (!before || !SERVER_KINDS.has(String(before.kind))) return;
  const hasSource = typeof before.sourceEntity === 'string' && before.sourceEntity !== '';
  const texts = new Map<Lang, string>();
  for (const lang of ['fa', 'en'] as const)
    texts.set(lang, hasSource ? await sourceText(w, before, lang) : '');
  // a year-end voucher is undone by reopening its year, a posted one by cancelling its document
  const key = YEAR_END_KINDS.has(String(before.kind)) ? 'voucherOfYearEnd' : 'voucherFromSource';
  throw new HttpError(417, 'BusinessRuleViolated', [], [], {}, (lang: Lang) => ({
    BusinessErrors: [
      hasSource
        ? t(lang, `posting.${key}`, { source: texts.get(lang) ?? '' })
        : t(lang, 'posting.voucherOfServer'),
    ],
  }));
}

/** Registers the ledger effect of vouchers (idempotent). */
export function registerLedgerEffect(): void {
  registerEffect({
    name: 'ledger',
    entities: [VOUCHER_ENTITY],
    async onFinalise(w) {
      if (!w.row) return;
      await addEntries(w.db, entriesOf(w.row, w.lines.lines ?? []));
    },
    async onCancel(w) {
      if (!w.row) return;
      await removeVoucher(w.db, Number(w.row.id));
    },
    guard,
  });
}
