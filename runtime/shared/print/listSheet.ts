/**
 * A list print (docs/print.md «List print»; pure, unit-tested): the rows a grid's filter, sort and
 * search select (the server's Print/List answer) as one printed table: the grid's visible columns,
 * each value as its field kind shows it (Persian digits, Jalali dates, grouped Rials, lookups by
 * their display text), the sums of the money columns (exact: BigInt of integer Rials), the row
 * count, a note when the server cut the list at its cap, the company header and the print date.
 */
import { localText, lookupDisplayKey, type EntityDefinition, type Lang } from '../definition';
import { fieldLabel, formatMoney, kindOf, KINDS, localDigits } from '../fieldKind';
import { isoToJalali } from '../jalali';
import type { PrintCompany } from '../printFormat';
import { printText, textKey, type LookupTexts } from './printData';

/** The server's Print/List answer (server/print/listPrint.ts). */
export interface ListPrintAnswer {
  rows: Record<string, unknown>[];
  total: number;
  max: number;
  columns: string[];
}

/** What a list print asks the server: the grid's list request and its visible columns. */
export interface ListPrintRequest {
  filterModel?: Record<string, unknown>;
  sortModel?: { colId: string; sort: 'asc' | 'desc' }[];
  q?: string;
  columns?: string[];
}

export interface ListSheetLabels {
  row: string;
  sum: string;
  printedAt: string;
  /** «{{count}} ردیف» with the count filled in by the caller's translation. */
  count: (count: string) => string;
  /** The note of a cut list, from the printed and the selected counts. */
  cut: (max: string, total: string) => string;
  /** The quick search the list was printed with. */
  search: (text: string) => string;
}

export interface ListSheet {
  title: string;
  lang: Lang;
  company: PrintCompany;
  columns: { name: string; label: string; numeric: boolean }[];
  rows: string[][];
  /** Sums of the money columns ('' elsewhere); absent when no column is money. */
  sums?: string[];
  count: string;
  /** The note when the list was cut at the server's cap. */
  cut?: string;
  /** The quick search, when there was one. */
  search?: string;
  printedAt: string;
  labels: Pick<ListSheetLabels, 'row' | 'sum' | 'printedAt'>;
}

export interface ListSheetInput {
  definition: EntityDefinition;
  answer: ListPrintAnswer;
  company: PrintCompany;
  lang: Lang;
  labels: ListSheetLabels;
  /** ISO date of the print. */
  today: string;
  q?: string;
}

/** Lookup display texts of the answer's rows (`{field}__display`), keyed as the print's texts. */
function lookupTexts(definition: EntityDefinition, answer: ListPrintAnswer): LookupTexts {
  const texts: LookupTexts = new Map();
  for (const name of answer.columns) {
    const lookup = definition.fields[name]?.lookup;
    if (!lookup) continue;
    for (const row of answer.rows) {
      const text = row[lookupDisplayKey(name)];
      if (typeof text === 'string') texts.set(textKey(lookup.entity, row[name]), text);
    }
  }
  return texts;
}

export function listSheet(input: ListSheetInput): ListSheet {
  const { definition, answer, lang, labels } = input;
  const texts = lookupTexts(definition, answer);
  const names = answer.columns.filter((n) => Object.hasOwn(definition.schema.properties, n));
  const money = names.map((n) => Boolean(definition.fields[n]?.money));
  const sums = names.map(() => 0n);
  for (const row of answer.rows)
    names.forEach((n, i) => {
      const v = row[n];
      // integer Rials summed exactly, past 2^53 too
      if (money[i] && typeof v === 'number' && Number.isSafeInteger(v)) sums[i]! += BigInt(v);
    });
  const digits = (n: number) => localDigits(String(n), lang);
  const search = input.q?.trim();
  return {
    title: localText(definition.title, lang),
    lang,
    // the settings' figures in the language's digits (the logo is an image)
    company: Object.fromEntries(
      Object.entries(input.company).map(([k, v]) => [k, k === 'logo' ? v : localDigits(String(v), lang)]),
    ) as PrintCompany,
    columns: names.map((n) => ({
      name: n,
      label: fieldLabel(definition, n, lang),
      numeric: KINDS[kindOf(definition, n)].numeric,
    })),
    rows: answer.rows.map((row) => names.map((n) => printText(definition, n, row[n], texts, lang))),
    ...(money.some(Boolean)
      ? { sums: names.map((_n, i) => (money[i] ? formatMoney(sums[i], lang) : '')) }
      : {}),
    count: labels.count(digits(answer.total)),
    ...(answer.total > answer.rows.length
      ? { cut: labels.cut(digits(answer.rows.length), digits(answer.total)) }
      : {}),
    ...(search ? { search: labels.search(search) } : {}),
    printedAt: localDigits(isoToJalali(input.today) ?? input.today, lang),
    labels: { row: labels.row, sum: labels.sum, printedAt: labels.printedAt },
  };
}
