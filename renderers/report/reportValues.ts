/**
 * A report's figures as the user reads them (renderers/format): Persian digits under fa, thousands
 * separators on money, Jalali dates. A negative amount of a report reads as accountants write it,
 * in parentheses («(۱۲٬۰۰۰)»: a minus sign would stand on the wrong side of the digits in a
 * right-to-left line), on the screen, in print and in the XLSX's number format alike; a column
 * marked `absolute` (a ledger's running balance beside its side) shows the magnitude. A figure
 * beyond 2^53 arrives as its exact decimal string (ReportValue) and is formatted as that string,
 * digit by digit: never through Number, which would round it.
 */
import type { Lang } from '../../runtime/shared/definition';
import type { ReportColumnKind, ReportValue } from '../../runtime/shared/reportDefinition';
import {
  formatDate,
  formatMoney,
  formatNumber,
  groupSeparator,
  groupThousands,
  localDigits,
} from '../format';

/** A decimal number written out: optional minus, digits, optional fraction. */
const DECIMAL = /^-?\d+(\.\d+)?$/;

/** True for an exact decimal string (what the server sends for a figure beyond 2^53). */
export function isDecimalText(value: unknown): value is string {
  return typeof value === 'string' && DECIMAL.test(value);
}

/** "-0" and "-0.00" read as zero. */
function plainZero(text: string): string {
  return /^-0(\.0+)?$/.test(text) ? text.slice(1) : text;
}

/** Money: grouped by thousands, in the digits of `lang`; a number or an exact decimal string. */
export function formatMoneyValue(value: ReportValue | undefined, lang: Lang): string {
  if (isDecimalText(value)) return localDigits(groupThousands(plainZero(value), groupSeparator(lang)), lang);
  if (typeof value === 'number') return formatMoney(Object.is(value, -0) ? 0 : value, lang);
  return typeof value === 'string' ? localDigits(value, lang) : '';
}

/** A negative figure (a number below zero, or a decimal string with a minus that is not zero). */
function isNegative(value: ReportValue): boolean {
  if (typeof value === 'number') return value < 0;
  return isDecimalText(value) && value.startsWith('-') && plainZero(value) === value;
}

/** The magnitude of a figure (a decimal string keeps its digits). */
function magnitude(value: number | string): number | string {
  if (typeof value === 'number') return Math.abs(value);
  return isDecimalText(value) && value.startsWith('-') ? value.slice(1) : value;
}

/**
 * A report's money figure: as formatMoneyValue, a negative one in parentheses («(۱۲٬۰۰۰)»), or its
 * magnitude when the column shows it `absolute`.
 */
export function formatReportMoney(
  value: ReportValue | undefined,
  lang: Lang,
  options: { absolute?: boolean } = {},
): string {
  if (typeof value !== 'number' && !isDecimalText(value)) return formatMoneyValue(value, lang);
  if (!isNegative(value)) return formatMoneyValue(value, lang);
  const shown = formatMoneyValue(magnitude(value), lang);
  return options.absolute ? shown : `(${shown})`;
}

/** One cell of a column of `kind`; booleans read yes/no (`yes`, `no`: their translations). */
export function formatReportValue(
  value: ReportValue | undefined,
  kind: ReportColumnKind,
  lang: Lang,
  words: { yes: string; no: string },
  options: { absolute?: boolean } = {},
): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  switch (kind) {
    case 'money':
      return formatReportMoney(value, lang, options);
    case 'number':
    case 'level':
      if (options.absolute && isNegative(value))
        return formatReportValue(magnitude(value), kind, lang, words);
      if (typeof value === 'number') return formatNumber(value, lang);
      return localDigits(value, lang);
    case 'date':
      return typeof value === 'string' ? formatDate(value, lang) : formatNumber(value, lang);
    case 'text':
      return localDigits(String(value), lang);
  }
}

/** A row's tree level (1 = top) from its `levelField`; 1 when absent or not a number. */
export function rowLevel(row: Record<string, ReportValue>, levelField: string | undefined): number {
  if (!levelField) return 1;
  const v = row[levelField];
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN;
  return Number.isInteger(n) && n >= 1 ? Math.min(n, 8) : 1;
}
