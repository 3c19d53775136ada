/**
 * The "posting" effect (server/entities/write/steps/effects.ts) of every definition that declares
 * `posting`: when such a document is finalised, the voucher its declaration builds
 * (postingBuilder.ts) is created and finalised in the SAME transaction, through the write pipeline
 * (runWriteIn: numbering, closed periods, the voucher's checks, the ledger effect, audit), as a
 * voucher of kind `posted` linked to the document; a refusal (PostingRefused) is a 417 with its
 * Persian reason and nothing of the finalisation is kept (the document stays a draft, no number is
 * spent). When the document is cancelled, each voucher it posted gets its reversal (kind
 * `reversal`, same date, debit and credit swapped, linked to the document and to the voucher it
 * reverses), so every period nets to zero.
 */
import { localText, type Lang } from '../../runtime/shared/definition';
import { VOUCHER_ENTITY } from '../../runtime/shared/detailAccount';
import { DOC_STATE_FIELD } from '../../runtime/shared/lifecycle';
import { BRANCH_FIELD } from '../../runtime/shared/numbering';
import { HttpError } from '../http/errors';
import { t } from '../i18n';
import type { Lines } from '../entities/document';
import type { Row } from '../entities/rows';
import { toApiRow } from '../entities/rows';
import type { WriteState } from '../entities/write/state';
import { registerEffect } from '../entities/write/steps/effects';
import { buildPosting, PostingRefused, type BuiltLine, type BuiltVoucher } from './postingBuilder';
import { loadPostingWorld } from './postingWorld';
import { withStockCosts } from '../inventory/stockCosts';

export type VoucherKind = 'manual' | 'posted' | 'reversal' | 'closing' | 'opening';

/** A posting refusal as the answer: 417 BusinessRuleViolated with the reason in the request's language. */
export function postingError(refused: PostingRefused): HttpError {
  return new HttpError(417, 'BusinessRuleViolated', [], [], {}, (lang: Lang) => ({
    BusinessErrors: [t(lang, `posting.${refused.key}`, refused.params(lang))],
  }));
}

export interface VoucherSource {
  entity: string;
  id: number;
}

/** The values and lines of a voucher as the write pipeline stores them. */
export function voucherValues(
  built: Omit<BuiltVoucher, 'branch'> & { branch?: number | null },
  kind: VoucherKind,
  source: VoucherSource | null,
  reverses?: number,
): { values: Row; lines: Lines } {
  return {
    values: {
      date: built.date,
      description: built.description,
      kind,
      ...(source ? { sourceEntity: source.entity, sourceId: source.id } : {}),
      ...(reverses ? { reverses } : {}),
      // the document's branch, kept where the voucher has a branch field (BRANCH_FIELD)
      ...(built.branch ? { [BRANCH_FIELD]: built.branch } : {}),
      totalDebit: built.totalDebit,
      totalCredit: built.totalCredit,
    },
    lines: {
      lines: built.lines.map((l) => ({
        account: l.account,
        ...(l.detail1 ? { detail1: l.detail1 } : {}),
        ...(l.detail2 ? { detail2: l.detail2 } : {}),
        ...(l.description ? { description: l.description } : {}),
        debit: l.debit,
        credit: l.credit,
      })),
    },
  };
}

/** Who writes a voucher of the server and where: an effect's write (WriteState) or a server action. */
export type VoucherWriter = Pick<WriteState, 'ctx' | 'user' | 'lang' | 'writeIn'>;

/**
 * Creates and finalises one voucher inside the transaction of `w` (an effect's write, a server
 * action such as the year-end): answers the final voucher row.
 */
export async function postVoucher(w: VoucherWriter, values: Row, lines: Lines): Promise<Row> {
  const entity = w.ctx.registry.byEntityKey(VOUCHER_ENTITY);
  if (!entity) throw new Error(`${VOUCHER_ENTITY} is not defined`);
  const base = { source: 'server' as const, entity, user: w.user, lang: w.lang, byEffect: true };
  const draft = await w.writeIn({ ...base, action: 'create', values, lines });
  if (!draft) throw new Error('voucher not created');
  const final = await w.writeIn({
    ...base,
    action: 'update',
    id: Number(draft.id),
    version: Number(draft.version),
    values: null,
    transition: 'finalise',
  });
  if (!final) throw new Error('voucher not finalised');
  return final;
}

/** The voucher the finalised document of `w` posts, created and finalised in its transaction. */
async function postDocument(w: WriteState): Promise<void> {
  const def = w.entity.def;
  if (!def.posting || !w.row) return;
  // with the costs the stock effect (registered first) took: lines[i].stockCost, stockCost…
  const doc = { def, ...withStockCosts(w.row, w.lines, w.stockCosts) };
  let built: BuiltVoucher | null;
  try {
    const world = await loadPostingWorld(w.db, w.ctx.registry, def, [doc]);
    built = buildPosting(doc, world);
  } catch (e) {
    if (e instanceof PostingRefused) throw postingError(e);
    throw e;
  }
  if (!built) return;
  if (built.description.length < 2)
    built.description = `${localText(def.title, 'fa')} ${String(w.row[def.displayField] ?? w.row.id)}`;
  const { values, lines } = voucherValues(built, 'posted', { entity: w.entity.key, id: Number(w.row.id) });
  await postVoucher(w, values, lines);
}

/** The final vouchers of kind `posted` of a document that no voucher reverses yet. */
async function postedVouchers(w: WriteState): Promise<{ row: Row; lines: Row[] }[]> {
  const entity = w.ctx.registry.byEntityKey(VOUCHER_ENTITY);
  if (!entity || !w.row) return [];
  const rows = (await w.db
    .selectFrom(entity.table)
    .selectAll()
    .where('sourceEntity', '=', w.entity.key)
    .where('sourceId', '=', Number(w.row.id))
    .execute()) as Row[];
  const vouchers = rows.map((r) => toApiRow(entity, r));
  const reversed = new Set(vouchers.map((v) => Number(v.reverses)).filter((v) => v > 0));
  const child = entity.children.find((c) => c.name === 'lines');
  const out: { row: Row; lines: Row[] }[] = [];
  for (const v of vouchers) {
    if (v.kind !== 'posted' || v[DOC_STATE_FIELD] !== 'final' || reversed.has(Number(v.id))) continue;
    const lines = child
      ? ((await w.db
          .selectFrom(child.table)
          .selectAll()
          .where('parent_id', '=', Number(v.id))
          .orderBy('line_no')
          .execute()) as Row[])
      : [];
    out.push({ row: v, lines: child ? lines.map((l) => toApiRow(child, l)) : [] });
  }
  return out;
}

/** Reversing vouchers of what the cancelled document of `w` posted. */
async function reverseDocument(w: WriteState): Promise<void> {
  if (!w.entity.def.posting || !w.row) return;
  for (const { row, lines } of await postedVouchers(w)) {
    const swapped: BuiltLine[] = lines.map((l) => ({
      account: Number(l.account),
      detail1: typeof l.detail1 === 'number' ? l.detail1 : null,
      detail2: typeof l.detail2 === 'number' ? l.detail2 : null,
      debit: Number(l.credit ?? 0),
      credit: Number(l.debit ?? 0),
      description: typeof l.description === 'string' ? l.description : '',
    }));
    // stored text: Latin digits as typed values are kept (the prefix alone is translated)
    const prefix = t('fa', 'posting.reversalPrefix');
    const description = `${prefix} ${String(row.number ?? row.id)} — ${String(row.description ?? '')}`.slice(
      0,
      400,
    );
    const { values, lines: reversal } = voucherValues(
      {
        date: String(row.date),
        description,
        lines: swapped,
        totalDebit: Number(row.totalCredit ?? 0),
        totalCredit: Number(row.totalDebit ?? 0),
      },
      'reversal',
      { entity: w.entity.key, id: Number(w.row.id) },
      Number(row.id),
    );
    await postVoucher(w, values, reversal);
  }
}

/** Registers the posting effect (idempotent: registering again replaces it). */
export function registerPostingEffect(): void {
  registerEffect({
    name: 'posting',
    onFinalise: postDocument,
    onCancel: reverseDocument,
  });
}
