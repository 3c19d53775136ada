/**
 * Lookups as both sides read them (docs/lowcode-api.md, Lookups): the fields a search looks in, the
 * text of a looked-up row («1002 — پیچ M8»: code, then display field), the search request's part
 * (ListRequest.search) and which typed text picks a row without a choice (one exact code match).
 */
import { localText, type EntityRow, type Lang, type LookupSpec } from './definition';
import { localDigits, sentenceNumber } from './fieldKinds/numberText';
import { toWesternDigits } from './normalize';

/** Between a row's code and its display text. */
export const LOOKUP_SEPARATOR = ' — ';

/** At most this many fields in one search (ListRequest.search.fields); the server refuses more. */
export const MAX_SEARCH_FIELDS = 6;

/** The looked-up entity's fields a search for this lookup looks in: display, code, then the listed ones. */
export function lookupSearchFields(spec: LookupSpec): string[] {
  const fields = [spec.displayField, spec.codeField, ...(spec.searchFields ?? [])];
  return [...new Set(fields.filter((f): f is string => typeof f === 'string' && f !== ''))].slice(
    0,
    MAX_SEARCH_FIELDS,
  );
}

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

/** The code of a looked-up row ('' without a codeField or value). */
export function lookupCode(row: Partial<EntityRow>, spec: LookupSpec): string {
  return spec.codeField ? text(row[spec.codeField]) : '';
}

/**
 * The text of a looked-up row as lists, inputs and cells show it (before localising its digits):
 * `code — name`, the name alone without a code, the id when the row has neither.
 */
export function lookupRowText(row: Partial<EntityRow>, spec: LookupSpec): string {
  const name = text(row[spec.displayField]);
  const code = lookupCode(row, spec);
  if (code && name) return `${code}${LOOKUP_SEPARATOR}${name}`;
  return code || name || text(row.id);
}

/** Between the parts of a looked-up row's hint. */
export const HINT_SEPARATOR = ' · ';

/**
 * What an offered row shows after its text (LookupSpec.showFields): each field's label and value,
 * numbers in the digits of `lang` («موجودی: ۱۲۰»); '' without fields or values.
 */
export function lookupHint(row: Partial<EntityRow>, spec: LookupSpec, lang: Lang): string {
  const parts: string[] = [];
  for (const { field, label } of spec.showFields ?? []) {
    const v = row[field];
    if (v === null || v === undefined || v === '') continue;
    const shown = typeof v === 'number' ? sentenceNumber(v, lang) : localDigits(String(v), lang);
    parts.push(`${localText(label, lang)}: ${shown}`);
  }
  return parts.join(HINT_SEPARATOR);
}

/** Search text as the server compares it: trimmed, Persian and Arabic digits as Latin ones. */
export function searchText(typed: string): string {
  return toWesternDigits(typed.trim());
}

/**
 * The row a text typed without a pick stands for: the one row whose code equals it (digits in any
 * script, letter case ignored), else the one row whose whole text or name equals it; none when no
 * row or several rows match.
 */
export function exactMatch<T extends Partial<EntityRow>>(
  rows: T[],
  spec: LookupSpec,
  typed: string,
): T | null {
  const wanted = searchText(typed).toLowerCase();
  if (wanted === '') return null;
  const same = (v: string) => searchText(v).toLowerCase() === wanted;
  const byCode = spec.codeField ? rows.filter((r) => same(lookupCode(r, spec))) : [];
  if (byCode.length > 0) return byCode.length === 1 ? (byCode[0] ?? null) : null;
  const byText = rows.filter((r) => same(lookupRowText(r, spec)) || same(text(r[spec.displayField])));
  return byText.length === 1 ? (byText[0] ?? null) : null;
}

/**
 * The values a pick of `row` fills (LookupSpec.fill): target field → the row's source field. A
 * source naming a child table of the row (lines it was read with) fills the target with copies of
 * its lines, without their ids.
 */
export function fillValues(
  fill: Record<string, string>,
  row: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [to, from] of Object.entries(fill)) {
    const v = row[from];
    if (v === undefined) continue;
    out[to] = Array.isArray(v)
      ? v.map((line: unknown) => {
          if (typeof line !== 'object' || line === null) return line;
          const { id: _id, ...rest } = line as Record<string, unknown>;
          return rest;
        })
      : v;
  }
  return out;
}
