/**
 * Declarations of the treasury (docs/treasury.md), shared by the server and the renderers:
 * - `allocations` on a document that settles others (a receipt's lines allocate amounts to open
 *   invoices), applied when it is finalised and taken back when it is cancelled;
 * - `settlement` on a document others settle (an invoice): its `open` field is kept by the server
 *   as `total` − what final documents allocated to it;
 * - `import` on a child table: its lines may be read from a CSV or XLSX file (a bank statement).
 * Also the Sayad id of a cheque (شناسه صیادی) and the column headers a statement file may use.
 */
import { normalizeText, toWesternDigits } from './normalize';

/** Amounts a document (or each line of its `forEach` table) allocates to another document. */
export interface AllocationSpec {
  /** Stable id, named in refusals. */
  id: string;
  /** The child table whose lines allocate (e.g. "allocations"); absent: the document itself. */
  forEach?: string;
  /** The lookup field (of the line, else of the document) naming the document allocated to. */
  target: string;
  /** The field (of the line, else of the document) holding the amount allocated. */
  amount: string;
  /**
   * Fields that must agree: this document's field → the target's field (a receipt's `party` must
   * be the invoice's `customer`).
   */
  match?: Record<string, string>;
}

/** A document others allocate to: `open` = `total` − the amounts final documents allocated to it. */
export interface SettlementSpec {
  /** The field holding the amount to settle (e.g. grandTotal). */
  total: string;
  /** The read-only field the server keeps (e.g. openAmount). */
  open: string;
}

/**
 * Lines read from a file (POST …/ImportLines): each line field takes the column whose header is
 * one of its names (compared without case, spaces, «ی/ي ک/ك» and digit differences). Values are read
 * as the field's kind: dates in Jalali (۱۴۰۵/۰۲/۳۱) or Gregorian (2026-05-21), numbers with Persian or
 * Arabic digits and thousands separators, a trailing or leading minus or parentheses negative.
 */
export interface LineImportSpec {
  /** Line field → the headers that may name its column. */
  columns: Record<string, string[]>;
  /**
   * A signed amount from two columns (a bank's «واریز» and «برداشت»): `field` takes the value of a
   * `plus` column, or minus the value of a `minus` column.
   */
  signed?: { field: string; plus: string[]; minus: string[] };
}

/** At most this many lines are read from one file. */
export const IMPORT_MAX_LINES = 5000;
/** At most this many bytes of file are read (the request body is 1 MB; base64 adds a third). */
export const IMPORT_MAX_BYTES = 700_000;

/**
 * شناسه صیادی: the 16-digit id the Central Bank's Sayad system gives every cheque leaf. No check
 * digit algorithm is published (the id is verified by an inquiry to Sayad, not by arithmetic), so
 * the check is the shape: exactly 16 digits (Persian or Arabic digits accepted), not all the same.
 */
export function isSayadId(value: string): boolean {
  const id = toWesternDigits(value).replace(/[\s-]/g, '');
  return /^\d{16}$/.test(id) && !/^(\d)\1{15}$/.test(id);
}

/** A header as compared: lower case, no spaces, underscores or dashes, Persian letters and Latin digits. */
export function headerKey(text: string): string {
  return normalizeText(String(text))
    .replace(/[\s_\-\u200c]+/g, '')
    .toLowerCase();
}
