/**
 * Bank reconciliation (docs/treasury.md): a bank statement (treasury.bankStatement, its lines
 * imported from the bank's file) is matched with the general ledger's entries of its bank account
 * — the bank account setting's account (`accounting.account.bank`) with the bank account's
 * floating detail account — a deposit (+) with a debit, a withdrawal (−) with a credit of the
 * same amount.
 * - Automatic matching (`suggestMatches`, the row action Match): each unmatched line takes the
 *   free entry of its amount within `dateTolerance` days, one whose voucher number, description
 *   or source document names the line's reference first, then the nearest date; a suggestion
 *   (`suggested`) the user confirms (`confirmed`, the row action ConfirmMatches or the line's
 *   state) or rejects (clears the voucher).
 * - By hand: the user names the line's voucher; the entity rule (`statementRule`) finds its entry
 *   on the bank account of that amount (417 on the cell when there is none, or when another
 *   statement's line has it), and the line is confirmed.
 * - Differences (`statementDifferences`, the report treasury.reconciliation): the lines not
 *   confirmed (only in the bank's statement) and the entries of the statement's dates not matched
 *   by a confirmed line (only in the books).
 */
import { accountSettingKey } from '../accounting/standardChart';
import { accountsByCode, settingValues } from '../accounting/chart';
import { LEDGER_ENTRIES } from '../accounting/ledgerTables';
import { VOUCHER_ENTITY, DETAIL_ACCOUNT_FIELD } from '../../runtime/shared/detailAccount';
import { tableName } from '../definitions/registry';
import type { Registry } from '../definitions/registry';
import type { Untyped } from '../db/untyped';
import { invalid } from '../http/errors';
import { cellMessage } from '../i18n';
import type { Row } from '../entities/rows';
import type { EntityRule } from '../entities/rules/types';

const STATEMENTS = tableName({ module: 'treasury', name: 'bankStatement' });
const STATEMENT_LINES = `${STATEMENTS}__lines`;
const BANK_ACCOUNTS = tableName({ module: 'treasury', name: 'bankAccount' });
const VOUCHERS = tableName({ module: 'accounting', name: 'voucher' });

export const DEFAULT_TOLERANCE = 3;
const DAY = 86_400_000;

export type MatchState = 'unmatched' | 'suggested' | 'confirmed';

/** A ledger entry of the bank account. */
export interface BookEntry {
  id: number;
  date: string;
  voucherId: number;
  voucherNumber: string;
  /** Signed: debit (money in) positive, credit negative. */
  amount: number;
  description: string;
  sourceEntity: string | null;
  sourceId: number | null;
  /** The source document's display text (a receipt's number), for references. */
  sourceText: string;
}

const asId = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v !== '' ? Number(v) : NaN;
  return Number.isInteger(n) && n > 0 ? n : null;
};
const days = (a: string, b: string) => Math.round(Math.abs(Date.parse(a) - Date.parse(b)) / DAY);
const shift = (iso: string, n: number) => new Date(Date.parse(iso) + n * DAY).toISOString().slice(0, 10);

/** The ledger account and detail account of a bank account, or null when either is missing. */
export async function bankBook(
  db: Untyped,
  bankAccount: number,
): Promise<{ accountId: number; detailId: number } | null> {
  const key = accountSettingKey('bank');
  const code = (await settingValues(db, [key])).get(key) ?? '';
  const account = (await accountsByCode(db, [code])).get(code);
  const row = (await db
    .selectFrom(BANK_ACCOUNTS)
    .select(DETAIL_ACCOUNT_FIELD)
    .where('id', '=', bankAccount)
    .executeTakeFirst()) as Record<string, unknown> | undefined;
  const detailId = asId(row?.[DETAIL_ACCOUNT_FIELD]);
  return account && detailId !== null ? { accountId: account.id, detailId } : null;
}

/** The bank account's entries from `from` to `to` (inclusive), by date and id. */
export async function bookEntries(
  db: Untyped,
  registry: Registry,
  book: { accountId: number; detailId: number },
  from: string,
  to: string,
): Promise<BookEntry[]> {
  const rows = (await db
    .selectFrom(`${LEDGER_ENTRIES} as e`)
    .leftJoin(`${VOUCHERS} as v`, 'v.id', 'e.voucher_id')
    .select([
      'e.id',
      'e.date',
      'e.voucher_id',
      'v.number',
      'v.description as vdesc',
      'e.debit',
      'e.credit',
      'e.description',
      'e.source_entity',
      'e.source_id',
    ])
    .where('e.account_id', '=', book.accountId)
    .where('e.detail1_id', '=', book.detailId)
    .where('e.date', '>=', from)
    .where('e.date', '<=', to)
    .orderBy('e.date')
    .orderBy('e.id')
    .execute()) as Record<string, unknown>[];
  const entries = rows.map((r) => ({
    id: Number(r.id),
    date: String(r.date).slice(0, 10),
    voucherId: Number(r.voucher_id),
    voucherNumber: String(r.number ?? ''),
    amount: Number(r.debit ?? 0) - Number(r.credit ?? 0),
    description: String(r.description ?? r.vdesc ?? ''),
    sourceEntity: typeof r.source_entity === 'string' ? r.source_entity : null,
    sourceId: asId(r.source_id),
    sourceText: '',
  }));
  // the source documents' numbers, one query per source entity
  const bySource = new Map<string, Set<number>>();
  for (const e of entries)
    if (e.sourceEntity && e.sourceId !== null) {
      const ids = bySource.get(e.sourceEntity) ?? new Set<number>();
      ids.add(e.sourceId);
      bySource.set(e.sourceEntity, ids);
    }
  for (const [key, ids] of bySource) {
    const entity = registry.byEntityKey(key);
    if (!entity || key === VOUCHER_ENTITY) continue;
    const shown = new Map<number, string>();
    const list = [...ids];
    for (let at = 0; at < list.length; at += 5000) {
      const found = (await db
        .selectFrom(entity.table)
        .select(['id', entity.def.displayField])
        .where('id', 'in', list.slice(at, at + 5000))
        .execute()) as Record<string, unknown>[];
      for (const r of found) shown.set(Number(r.id), String(r[entity.def.displayField] ?? ''));
    }
    for (const e of entries)
      if (e.sourceEntity === key && e.sourceId !== null) e.sourceText = shown.get(e.sourceId) ?? '';
  }
  return entries;
}

/** Entries matched (suggested or confirmed) by lines of statements other than `statementId`. */
async function matchedElsewhere(db: Untyped, statementId: number | null): Promise<Map<number, number>> {
  let q = db
    .selectFrom(STATEMENT_LINES)
    .select(['entry', 'parent_id'])
    .where('entry', 'is not', null)
    .where('matchState', '<>', 'unmatched');
  if (statementId !== null) q = q.where('parent_id', '<>', statementId);
  const rows = (await q.execute()) as Record<string, unknown>[];
  return new Map(rows.map((r) => [Number(r.entry), Number(r.parent_id)]));
}

/** Whether an entry names a reference (its voucher number, description or source document). */
function namesReference(entry: BookEntry, reference: string): boolean {
  const ref = reference.trim();
  if (ref.length < 3) return false;
  return [entry.voucherNumber, entry.description, entry.sourceText].some((text) => text.includes(ref));
}

/** The statement's date range: its own, else its lines' first and last date. */
export function statementRange(values: Row, lines: readonly Row[]): { from: string; to: string } | null {
  const dates = lines
    .map((l) => String(l.date ?? ''))
    .filter((d) => /^\d{4}-\d{2}-\d{2}/.test(d))
    .sort();
  const from = typeof values.fromDate === 'string' && values.fromDate ? values.fromDate : dates[0];
  const to = typeof values.toDate === 'string' && values.toDate ? values.toDate : dates.at(-1);
  return from && to ? { from: from.slice(0, 10), to: to.slice(0, 10) } : null;
}

export function toleranceOf(values: Row): number {
  const n = Number(values.dateTolerance);
  return Number.isInteger(n) && n >= 0 ? Math.min(n, 15) : DEFAULT_TOLERANCE;
}

/**
 * Suggestions for the statement's unmatched lines: each takes the best free entry of its amount
 * within the tolerance (a reference named first, then the nearest date, then the first entry).
 * Answers the lines with `voucher`, `entry` and `matchState: suggested` where one was found.
 */
export async function suggestMatches(
  db: Untyped,
  registry: Registry,
  statement: Row,
  lines: readonly Row[],
): Promise<Row[]> {
  const bankAccount = asId(statement.bankAccount);
  const range = statementRange(statement, lines);
  const book = bankAccount === null ? null : await bankBook(db, bankAccount);
  if (!book || !range) return lines.map((l) => ({ ...l }));
  const tolerance = toleranceOf(statement);
  const entries = await bookEntries(
    db,
    registry,
    book,
    shift(range.from, -tolerance),
    shift(range.to, tolerance),
  );
  const taken = new Set((await matchedElsewhere(db, asId(statement.id))).keys());
  for (const l of lines)
    if (l.matchState !== 'unmatched' && asId(l.entry) !== null) taken.add(Number(l.entry));
  const out = lines.map((l) => ({ ...l }));
  const order = out
    .map((l, i) => ({ l, i }))
    .filter(({ l }) => (l.matchState ?? 'unmatched') === 'unmatched')
    .sort((a, b) => String(a.l.date).localeCompare(String(b.l.date)) || a.i - b.i);
  for (const { l } of order) {
    const amount = Number(l.amount);
    const date = String(l.date ?? '');
    const reference = typeof l.reference === 'string' ? l.reference : '';
    let best: { e: BookEntry; score: [number, number, number] } | null = null;
    for (const e of entries) {
      if (taken.has(e.id) || e.amount !== amount) continue;
      const gap = days(e.date, date);
      if (!(gap <= tolerance)) continue;
      const score: [number, number, number] = [namesReference(e, reference) ? 0 : 1, gap, e.id];
      if (
        !best ||
        score[0] < best.score[0] ||
        (score[0] === best.score[0] &&
          (score[1] < best.score[1] || (score[1] === best.score[1] && score[2] < best.score[2])))
      )
        best = { e, score };
    }
    if (!best) continue;
    taken.add(best.e.id);
    l.voucher = best.e.voucherId;
    l.entry = best.e.id;
    l.matchState = 'suggested';
  }
  return out;
}

/** Header counts of a statement's lines (matched: confirmed or suggested). */
export function lineCounts(lines: readonly Row[]): { matchedCount: number; unmatchedCount: number } {
  const matched = lines.filter((l) => l.matchState === 'confirmed' || l.matchState === 'suggested').length;
  return { matchedCount: matched, unmatchedCount: lines.length - matched };
}

/**
 * A statement's lines as stored: a line without a voucher is unmatched; a line naming a voucher
 * names that voucher's entry on the bank account of the line's amount (417 on the cell when it has
 * none, or when a line of another statement has it); a voucher named by hand confirms the line.
 */
export const statementRule: EntityRule = {
  name: 'statementMatches',
  async run(c) {
    const values = c.values;
    const lines = c.lines.lines;
    if (!values || !lines) return values;
    const db = c.trx as unknown as Untyped;
    const bankAccount = asId(values.bankAccount);
    const book = bankAccount === null ? null : await bankBook(db, bankAccount);
    const elsewhere = await matchedElsewhere(db, asId(c.before?.id));
    const used = new Set<number>();
    const problems = [];
    for (const [i, line] of lines.entries()) {
      const voucher = asId(line.voucher);
      if (voucher === null) {
        line.matchState = 'unmatched';
        delete line.voucher;
        delete line.entry;
        continue;
      }
      const amount = Number(line.amount);
      let candidates: number[] = [];
      if (book) {
        const rows = (await db
          .selectFrom(LEDGER_ENTRIES)
          .select('id')
          .where('voucher_id', '=', voucher)
          .where('account_id', '=', book.accountId)
          .where('detail1_id', '=', book.detailId)
          .where(amount >= 0 ? 'debit' : 'credit', '=', Math.abs(amount))
          .orderBy('id')
          .execute()) as { id: unknown }[];
        candidates = rows.map((r) => Number(r.id)).filter((id) => !used.has(id));
      }
      const hinted = asId(line.entry);
      const free = candidates.filter((id) => !elsewhere.has(id));
      const entry = hinted !== null && free.includes(hinted) ? hinted : free[0];
      if (entry === undefined) {
        const other = candidates.find((id) => elsewhere.has(id));
        problems.push(
          other !== undefined
            ? cellMessage(c.lang, 'lines', i, 'voucher', 'treasury.entryMatchedElsewhere', {
                statement: await statementTitle(db, elsewhere.get(other) ?? 0),
              })
            : cellMessage(c.lang, 'lines', i, 'voucher', 'treasury.entryMissing', { amount }),
        );
        continue;
      }
      used.add(entry);
      line.entry = entry;
      if (line.matchState !== 'suggested') line.matchState = 'confirmed';
    }
    if (problems.length) throw invalid([], problems);
    return { ...values, ...lineCounts(lines) };
  },
};

async function statementTitle(db: Untyped, id: number): Promise<string> {
  const row = (await db.selectFrom(STATEMENTS).select('title').where('id', '=', id).executeTakeFirst()) as
    { title: unknown } | undefined;
  return String(row?.title ?? id);
}

/** One row of the differences: a line only in the bank's statement, or an entry only in the books. */
export interface Difference {
  side: 'bank' | 'book';
  date: string;
  reference: string;
  description: string;
  bankAmount: number | null;
  bookAmount: number | null;
  voucherId: number | null;
  voucherNumber: string | null;
}

/**
 * What does not reconcile: the statement's lines not confirmed (or whose entry is gone: its
 * voucher was cancelled), and the bank account's entries within the statement's dates that no
 * confirmed line of it matches. By date.
 */
export async function statementDifferences(
  db: Untyped,
  registry: Registry,
  statement: Row,
  lines: readonly Row[],
): Promise<Difference[]> {
  const bankAccount = asId(statement.bankAccount);
  const range = statementRange(statement, lines);
  const book = bankAccount === null ? null : await bankBook(db, bankAccount);
  const entries = book && range ? await bookEntries(db, registry, book, range.from, range.to) : [];
  const existing = new Set(
    book
      ? (
          (await db
            .selectFrom(LEDGER_ENTRIES)
            .select('id')
            .where('account_id', '=', book.accountId)
            .where('detail1_id', '=', book.detailId)
            .execute()) as { id: unknown }[]
        ).map((r) => Number(r.id))
      : [],
  );
  const confirmed = new Set<number>();
  const out: Difference[] = [];
  for (const l of lines) {
    const entry = asId(l.entry);
    if (l.matchState === 'confirmed' && entry !== null && existing.has(entry)) {
      confirmed.add(entry);
      continue;
    }
    out.push({
      side: 'bank',
      date: String(l.date ?? ''),
      reference: String(l.reference ?? ''),
      description: String(l.description ?? ''),
      bankAmount: Number(l.amount),
      bookAmount: null,
      voucherId: null,
      voucherNumber: null,
    });
  }
  for (const e of entries)
    if (!confirmed.has(e.id))
      out.push({
        side: 'book',
        date: e.date,
        reference: e.sourceText,
        description: e.description,
        bankAmount: null,
        bookAmount: e.amount,
        voucherId: e.voucherId,
        voucherNumber: e.voucherNumber,
      });
  return out.sort((a, b) => a.date.localeCompare(b.date) || a.side.localeCompare(b.side));
}
