/**
 * The names a formula may use: the fields of the document (or of a line) by key or by label, and
 * its child tables with their fields (`lines.amount`, `[اقلام].[مبلغ]`). A label is matched
 * ignoring case, repeated spaces and the Arabic forms of ی and ک; a key exactly.
 */
import { isNamePart, isNameStart } from './tokens';

export interface FormulaField {
  key: string;
  fa?: string;
  en?: string;
}

export interface FormulaTable extends FormulaField {
  fields: FormulaField[];
}

export interface NameTable {
  fields: FormulaField[];
  tables?: FormulaTable[];
}

/** How names are printed: the label in a language (when it reads back to the same field) or the key. */
export type NameStyle = 'fa' | 'en' | 'key';

/** Words that are operators or literals when written without brackets. */
export const KEYWORDS = new Map<string, string>([
  ['and', 'and'],
  ['or', 'or'],
  ['not', 'not'],
  ['و', 'and'],
  ['یا', 'or'],
  ['نه', 'not'],
  ['true', 'true'],
  ['false', 'false'],
  ['null', 'null'],
  ['درست', 'true'],
  ['نادرست', 'false'],
  ['تهی', 'null'],
]);

export function normalizeLabel(text: string): string {
  return text
    .replace(/ي/g, 'ی')
    .replace(/ك/g, 'ک')
    .replace(/[\s\u200c]+/g, ' ')
    .trim()
    .toLowerCase();
}

export type Resolved<T> = { found: T } | { problem: 'unknownName' | 'ambiguousName' };

/** The entry named `name`: by key first, then by a label (unique). */
export function resolveName<T extends FormulaField>(list: readonly T[], name: string): Resolved<T> {
  const byKey = list.find((f) => f.key === name);
  if (byKey) return { found: byKey };
  const wanted = normalizeLabel(name);
  const hits = list.filter(
    (f) =>
      (f.fa !== undefined && normalizeLabel(f.fa) === wanted) ||
      (f.en !== undefined && normalizeLabel(f.en) === wanted),
  );
  if (hits.length === 1) return { found: hits[0]! };
  return { problem: hits.length ? 'ambiguousName' : 'unknownName' };
}

/** Whether `text` reads as one bare name token (not a keyword). */
export function isBareName(text: string): boolean {
  if (!isNameStart(text[0]) || KEYWORDS.has(text.toLowerCase()) || text.endsWith('\u200c')) return false;
  for (const ch of text.slice(1)) if (!isNamePart(ch)) return false;
  return true;
}

/** `text` as written in a formula: bare when it is one name, else in brackets. */
export function quoteName(text: string): string {
  return isBareName(text) ? text : `[${text}]`;
}

/** How an entry is written: its label in `style` when that names it alone, else its key. */
export function nameText<T extends FormulaField>(list: readonly T[], entry: T, style: NameStyle): string {
  const label = style === 'key' ? undefined : entry[style];
  if (label && !label.includes(']') && label.trim() === label) {
    const back = resolveName(list, label);
    if ('found' in back && back.found.key === entry.key) return quoteName(label);
  }
  return entry.key.includes(']') ? entry.key : quoteName(entry.key);
}
