/**
 * Digits and numbers as people read them: Persian digits and the Arabic thousands separator in fa,
 * Western ones in en. Used by the kind display (display.ts) and re-exported by renderers/format.
 */
import type { Lang } from '../definition';
import { toPersianDigits, toWesternDigits } from '../normalize';

/** Western digits to the display digits of `lang` (Persian digits for fa). */
export function localDigits(text: string, lang: Lang): string {
  return lang === 'fa' ? toPersianDigits(text) : text;
}

/**
 * A number put into a sentence (a message's limit, a count, a year): the language's digits and
 * decimal separator («۰٫۰۰۱» in fa), without grouping, so a year reads «۱۴۰۴».
 */
export function sentenceNumber(value: number, lang: Lang): string {
  const text = String(value);
  return lang === 'fa' ? toPersianDigits(text.replace('.', '\u066b')) : text;
}

/**
 * A quantity put into a sentence (what is available, what was asked): grouped by thousands and
 * with the language's decimal separator, «۱۰٬۳۵۴٫۵» in fa.
 */
export function sentenceQuantity(value: number, lang: Lang): string {
  const grouped = groupThousands(plainNumber(value), groupSeparator(lang));
  return lang === 'fa' ? toPersianDigits(grouped.replace('.', '\u066b')) : grouped;
}

/** Grouping separator shown between thousands: Arabic thousands separator in fa, comma otherwise. */
export function groupSeparator(lang: Lang): string {
  return lang === 'fa' ? '\u066c' : ',';
}

/** Groups the integer part of a Western-digit number string by thousands. */
export function groupThousands(text: string, separator: string): string {
  const negative = text.startsWith('-');
  const body = negative ? text.slice(1) : text;
  const [intPart = '', frac] = body.split('.');
  const grouped = intPart.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
  return (negative ? '-' : '') + grouped + (frac !== undefined ? '.' + frac : '');
}

/** A number's Western-digit text without exponent notation for large integers (Rial amounts reach 10^15). */
export function plainNumber(value: number): string {
  return Number.isInteger(value) ? BigInt(value).toString() : String(value);
}

/** A number in the digits of `lang`, without grouping (codes, counts). */
export function formatNumber(value: unknown, lang: Lang): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  return localDigits(plainNumber(value), lang);
}

/**
 * A Rial amount: thousands separators and the digits of `lang`, e.g. ۱۲٬۳۴۵٬۰۰۰ in fa. A BigInt
 * (a sum over the ledger, which may pass 2^53) is written exactly.
 */
export function formatMoney(value: unknown, lang: Lang): string {
  if (typeof value === 'bigint')
    return localDigits(groupThousands(value.toString(), groupSeparator(lang)), lang);
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  return localDigits(groupThousands(plainNumber(value), groupSeparator(lang)), lang);
}

/**
 * Parses what a user typed into a number: Persian/Arabic/Western digits, thousands separators
 * (`,` `٬` `،` spaces, underscores) ignored, `٫` or `.` as decimal point. Empty text gives
 * undefined; text that is not a number gives NaN.
 */
export function parseNumberInput(text: string): number | undefined {
  const cleaned = toWesternDigits(text)
    .replace(/[,\u066c\u060c\s_]/g, '')
    .replace(/\u066b/g, '.')
    .replace(/^\u2212/, '-');
  if (cleaned === '') return undefined;
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(cleaned)) return NaN;
  return Number(cleaned);
}
