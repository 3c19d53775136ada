/**
 * What a document posts to the general ledger, declared in its definition (`posting`) and applied
 * by the server when the document is finalised (one balanced accounting voucher in the same
 * transaction) and reversed when it is cancelled (a reversing voucher). An analyst adds a document
 * type that posts without code: the voucher lines are declarations, the amounts expressions of the
 * shared rule evaluator (rules.ts) over the document.
 *
 * Example (sales invoice):
 *   "posting": {
 *     "description": { "fa": "فاکتور فروش {{number}} — {{customer__display}}" },
 *     "lines": [
 *       { "account": { "setting": "accounting.account.receivable" },
 *         "details": [{ "field": "customer" }], "debit": { "var": "grandTotal" } },
 *       { "account": { "setting": "accounting.account.sales" }, "credit": { "-": [{ "var": "total" }, { "var": "discount" }] } },
 *       { "account": { "setting": "accounting.account.vatPayable" }, "credit": { "var": "tax" } }
 *     ]
 *   }
 */
import type { LocalText } from './definition';
import type { Expr } from './rules';

/**
 * Where a voucher line's account comes from; accounts are named by their code (stable across
 * databases), never by id:
 * - `code`: a fixed subsidiary account code, e.g. "110301";
 * - `setting`: the key of a `systemConfig.setting` row whose value is an account code;
 * - `field`: a lookup field of the document (or, with `forEach`, of the line) whose row holds an
 *   account: either the lookup points at `accounting.account` itself, or `path` names the looked-up
 *   row's field that does (e.g. `{ "field": "customer", "path": "receivableAccount" }`).
 */
export type AccountRef = { code: string } | { setting: string } | { field: string; path?: string };

/**
 * A detail account (تفصیلی) of a voucher line: `field` is a lookup field of the document (or of
 * the line, with `forEach`) whose looked-up row has a detail account (its definition declares
 * `detailAccount`), or a lookup to `accounting.detailAccount` itself.
 */
export interface DetailRef {
  field: string;
}

/** One declared voucher line (or, with `forEach`, one per document line). */
export interface PostingLine {
  /** Stable id within the definition, used in error messages and tests. */
  id: string;
  account: AccountRef;
  /** Up to two detail accounts (first and second level), in order. */
  details?: DetailRef[];
  /**
   * Amount on the debit side, or on the credit side: exactly one of the two. An expression over
   * the document (computed fields applied; `lines` its lines) or, with `forEach`, over the line
   * (its fields) with the document under `doc`. A negative amount goes to the other side; zero
   * writes no line.
   */
  debit?: Expr;
  credit?: Expr;
  /** Line description, a template with `{{field}}` of the document (and of the line with `forEach`). */
  description?: LocalText;
  /** One voucher line per line of this child table (e.g. "lines"). */
  forEach?: string;
  /**
   * With `forEach`: lines of the same account and details are merged into one (amounts added,
   * first description kept). Default true.
   */
  merge?: boolean;
  /** The line is written only when this is truthy. */
  when?: Expr;
}

export interface PostingDefinition {
  /** The voucher's description: a template with `{{field}}` of the document (lookups: `{{field__display}}`). */
  description: LocalText;
  /** The document's date field the voucher is dated by; default the definition's `period.field`. */
  dateField?: string;
  lines: PostingLine[];
}

/** The settings keys of the shipped chart's default accounts (systemConfig.setting rows). */
export const ACCOUNT_SETTING_PREFIX = 'accounting.account.';
