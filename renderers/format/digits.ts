/** Digit helpers for display and input; the conversions themselves live in runtime/shared/normalize. */
import type { Lang } from '../../runtime/shared/definition';
import { toPersianDigits, toWesternDigits } from '../../runtime/shared/normalize';

export { toPersianDigits, toWesternDigits };

/** Western digits to the display digits of `lang` (Persian digits for fa). */
export function localDigits(text: string, lang: Lang): string {
  return lang === 'fa' ? toPersianDigits(text) : text;
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
