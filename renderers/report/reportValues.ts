/**
 * A report's figures as the user reads them (renderers/format): Persian digits under fa, thousands
 * separators on money, Jalali dates, a minus sign before a negative as everywhere in the app. A
 * figure beyond 2^53 arrives as its exact decimal string (ReportValue) and is formatted as that
 * string, digit by digit: never through Number, which would round it.
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

/** One cell of a column of `kind`; booleans read yes/no (`yes`, `no`: their translations). */
export function formatReportValue(
  value: ReportValue | undefined,
  kind: ReportColumnKind,
  lang: Lang,
  words: { yes: string; no: string },
): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  switch (kind) {
    case 'money':
      return formatMoneyValue(value, lang);
    case 'number':
    case 'level':
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
