/**
 * A print format applied to one row (pure; unit-tested): every text of the printed sheet, ready to
 * draw by PrintSheet in the browser and on the server (PDF). Values print as their field kind shows
 * them (Persian digits, Jalali dates, grouped Rials); a lookup by its display text, or with `show`
 * by a field of the looked-up row; computed line columns by their JSON Logic expression.
 */
import { localText, type EntityDefinition, type EntityRow, type Lang } from '../definition';
import { fieldLabel, formatMoney, kindOf, KINDS, localDigits } from '../fieldKind';
import { isoToJalali } from '../jalali';
import { rialInWords } from '../persianWords';
import { evaluate } from '../rules';
import type { PrintBlock, PrintColumn, PrintCompany, PrintFormat, PrintValue } from '../printFormat';
import { lineTable, printModel, printText, textKey, type LookupTexts, type PrintCell } from './printData';

/** Looked-up rows (`${entity}#${id}` → the row as the user may read it), for `show` values. */
export type LookupRows = Map<string, Record<string, unknown>>;

export interface SheetLines {
  name: string;
  label: string;
  columns: { label: string; numeric: boolean }[];
  rows: string[][];
  /** The column totals (money columns), '' elsewhere; absent when not asked. */
  sums?: string[];
}

export type SheetBlock =
  | { kind: 'header'; company: PrintCompany; logo: boolean }
  | { kind: 'party'; title: string; cells: PrintCell[] }
  | { kind: 'fields'; cells: PrintCell[]; columns: number }
  | { kind: 'lines'; lines: SheetLines }
  | { kind: 'totals'; cells: PrintCell[] }
  | { kind: 'words'; text: string }
  | { kind: 'signatures'; boxes: string[] }
  | { kind: 'footer'; text: string };

export interface SheetModel {
  title: string;
  heading: string;
  lang: Lang;
  /** Fixed labels (header, totals row, amount in words, print date) in `lang`. */
  labels: SheetLabels;
  printedAt: string;
  blocks: SheetBlock[];
}

export interface SheetLabels {
  economicCode: string;
  nationalId: string;
  postalCode: string;
  address: string;
  phone: string;
  row: string;
  sum: string;
  amountInWords: string;
  printedAt: string;
}

export interface SheetInput {
  definition: EntityDefinition;
  format: PrintFormat;
  row: EntityRow;
  texts: LookupTexts;
  rows: LookupRows;
  company: PrintCompany;
  lang: Lang;
  labels: SheetLabels;
  /** ISO date of the print. */
  today: string;
  /** The line a format with `eachLine` prints this sheet for (set by sheetModels). */
  line?: Record<string, unknown>;
}

type Source = Pick<EntityDefinition, 'schema' | 'fields'>;

/** Where a header value reads from: the document, or in an eachLine format a `line` value the line. */
function sourceOf(v: PrintValue, input: SheetInput): { source: Source; data: Record<string, unknown> } {
  const child = input.format.eachLine ? input.definition.children?.[input.format.eachLine] : undefined;
  if (v.line && child && input.line) return { source: child, data: input.line };
  return { source: input.definition, data: input.row };
}

/** The text of a value (of the row or a line): its kind's, or a field of the looked-up row. */
function valueText(
  source: Source,
  v: { field: string; show?: string; showLookup?: PrintValue['showLookup'] },
  data: Record<string, unknown>,
  input: SheetInput,
): string {
  const { texts, rows, lang } = input;
  const lookup = source.fields[v.field]?.lookup;
  if (v.show && lookup) {
    const other = rows.get(textKey(lookup.entity, data[v.field]));
    const value = other?.[v.show];
    if (value === undefined || value === null || value === '') return '';
    if (v.showLookup)
      return texts.get(textKey(v.showLookup.entity, value)) ?? localDigits(String(value), lang);
    return localDigits(String(value), lang);
  }
  return printText(source, v.field, data[v.field], texts, lang);
}

function valueLabel(source: Source, v: PrintValue | PrintColumn, lang: Lang): string {
  if (v.label) return localDigits(localText(v.label, lang), lang);
  return v.field ? fieldLabel(source, v.field, lang) : '';
}

/** The cells of header values (the document's or, marked `line`, the printed line's); `optional` ones only with a value. */
function cells(values: PrintValue[], input: SheetInput): PrintCell[] {
  return values
    .map((v) => {
      const { source, data } = sourceOf(v, input);
      return {
        name: v.field,
        label: valueLabel(source, v, input.lang),
        text: valueText(source, v, data, input),
      };
    })
    .filter((c, i) => !values[i]!.optional || c.text !== '');
}

function linesBlock(b: Extract<PrintBlock, { kind: 'lines' }>, input: SheetInput): SheetLines | null {
  const { definition, row, lang } = input;
  const child = definition.children?.[b.table];
  if (!child) return null;
  if (!b.columns) {
    const generic = lineTable(b.table, child, row[b.table], input.texts, lang);
    return { name: b.table, label: generic.label, columns: generic.columns, rows: generic.rows };
  }
  const lines = Array.isArray(row[b.table]) ? (row[b.table] as Record<string, unknown>[]) : [];
  const numericOf = (c: PrintColumn) =>
    c.field && !c.show ? KINDS[kindOf(child, c.field)].numeric : Boolean(c.money);
  const moneyOf = (c: PrintColumn) =>
    c.field && !c.show ? Boolean(child.fields[c.field]?.money) : Boolean(c.money);
  const figure = (c: PrintColumn, line: Record<string, unknown>): unknown =>
    c.expr !== undefined ? evaluate(c.expr, line) : line[c.field ?? ''];
  const text = (c: PrintColumn, line: Record<string, unknown>) =>
    c.expr !== undefined
      ? formatMoney(figure(c, line), lang)
      : valueText(child, { ...c, field: c.field ?? '' }, line, input);
  const out: SheetLines = {
    name: b.table,
    label: localText(child.label, lang),
    columns: b.columns.map((c) => ({ label: valueLabel(child, c, lang), numeric: numericOf(c) })),
    rows: lines.map((line) => b.columns!.map((c) => text(c, line))),
  };
  if (b.totals)
    out.sums = b.columns.map((c) => {
      if (!moneyOf(c)) return '';
      // integer Rials: exact while below 2^53 (DESIGN: money is integer Rial)
      const sum = lines.reduce((s, line) => s + (Number(figure(c, line)) || 0), 0);
      return formatMoney(sum, lang);
    });
  return out;
}

function block(b: PrintBlock, input: SheetInput, generic: ReturnType<typeof printModel>): SheetBlock | null {
  const { row, lang } = input;
  switch (b.kind) {
    case 'header': {
      // the settings' figures in the language's digits, as every printed figure (the logo is an image)
      const { logo, ...texts } = input.company;
      const company = Object.fromEntries(
        Object.entries(texts).map(([k, v]) => [k, localDigits(String(v), lang)]),
      ) as PrintCompany;
      if (b.logo && logo) company.logo = logo;
      return { kind: 'header', company, logo: Boolean(b.logo && logo) };
    }
    case 'party':
      return { kind: 'party', title: localText(b.title, lang), cells: cells(b.values, input) };
    case 'fields':
      return {
        kind: 'fields',
        cells: b.values ? cells(b.values, input) : generic.fields,
        columns: b.columns ?? 3,
      };
    case 'lines': {
      const lines = linesBlock(b, input);
      if (b.optional && lines?.rows.length === 0) return null;
      return lines && { kind: 'lines', lines };
    }
    case 'totals':
      return { kind: 'totals', cells: b.values ? cells(b.values, input) : generic.totals };
    case 'words': {
      const data = b.field ? sourceOf({ field: b.field, line: b.line }, input).data : row;
      const text = b.field ? rialInWords(data[b.field]) : generic.words;
      return text ? { kind: 'words', text } : null;
    }
    case 'signatures':
      return { kind: 'signatures', boxes: b.boxes.map((x) => localText(x, lang)) };
    case 'footer':
      return { kind: 'footer', text: b.text ? localText(b.text, lang) : '' };
  }
}

/**
 * The sheets of a row: one, or with the format's `eachLine` one per line of that table (a payroll
 * run's payslips); none when that table has no lines.
 */
export function sheetModels(input: SheetInput): SheetModel[] {
  const table = input.format.eachLine;
  if (table === undefined) return [sheetModel(input)];
  const lines = Array.isArray(input.row[table]) ? (input.row[table] as Record<string, unknown>[]) : [];
  return lines.map((line) => sheetModel({ ...input, line }));
}

export function sheetModel(input: SheetInput): SheetModel {
  const { definition, format, row, lang } = input;
  const generic = printModel(definition, row, input.texts, lang);
  const jalali = isoToJalali(input.today) ?? input.today;
  return {
    title: localText(format.title, lang),
    heading: localDigits(generic.heading, lang),
    lang,
    labels: input.labels,
    printedAt: localDigits(jalali, lang),
    blocks: format.blocks.map((b) => block(b, input, generic)).filter((b): b is SheetBlock => b !== null),
  };
}

/** The ids the format needs fetched beyond the row's lookups: `show` lookups of looked-up rows. */
export function shownLookupIds(
  format: PrintFormat,
  definition: EntityDefinition,
  row: EntityRow,
  rows: LookupRows,
): Map<string, Set<number>> {
  const out = new Map<string, Set<number>>();
  const visit = (
    source: Source,
    v: { field?: string; show?: string; showLookup?: PrintValue['showLookup'] },
    data: Record<string, unknown>,
  ) => {
    const lookup = v.field ? source.fields[v.field]?.lookup : undefined;
    if (!v.show || !v.showLookup || !lookup || !v.field) return;
    const id = rows.get(textKey(lookup.entity, data[v.field]))?.[v.show];
    if (typeof id !== 'number') return;
    if (!out.has(v.showLookup.entity)) out.set(v.showLookup.entity, new Set());
    out.get(v.showLookup.entity)!.add(id);
  };
  const each = format.eachLine ? definition.children?.[format.eachLine] : undefined;
  const eachLines =
    format.eachLine && Array.isArray(row[format.eachLine])
      ? (row[format.eachLine] as Record<string, unknown>[])
      : [];
  for (const b of format.blocks) {
    if (b.kind === 'party' || b.kind === 'fields' || b.kind === 'totals')
      for (const v of b.values ?? []) {
        if (v.line && each) for (const line of eachLines) visit(each, v, line);
        else visit(definition, v, row);
      }
    if (b.kind === 'lines') {
      const child = definition.children?.[b.table];
      const lines = Array.isArray(row[b.table]) ? (row[b.table] as Record<string, unknown>[]) : [];
      if (child) for (const c of b.columns ?? []) for (const line of lines) visit(child, c, line);
    }
  }
  return out;
}

/** The sheet's fixed labels through a translation function (i18next's `t`, the server's). */
export function sheetLabels(t: (key: string) => string): SheetLabels {
  return {
    economicCode: t('printFormat.economicCode'),
    nationalId: t('printFormat.nationalId'),
    postalCode: t('printFormat.postalCode'),
    address: t('printFormat.address'),
    phone: t('printFormat.phone'),
    row: t('print.row'),
    sum: t('printFormat.sum'),
    amountInWords: t('print.amountInWords'),
    printedAt: t('print.printedAt'),
  };
}
