/** Number and money display. */
import type { Lang } from '../../runtime/shared/definition';
import { groupSeparator, groupThousands, localDigits } from './digits';

function toPlain(value: number): string {
  // Avoid exponent notation for large integers (Rial amounts reach 10^15).
  return Number.isInteger(value) ? BigInt(value).toString() : String(value);
}

/** A number in the digits of `lang`, without grouping (codes, counts). */
export function formatNumber(value: unknown, lang: Lang): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  return localDigits(toPlain(value), lang);
}

/** A Rial amount: thousands separators and the digits of `lang`, e.g. ۱۲٬۳۴۵٬۰۰۰ in fa. */
export function formatMoney(value: unknown, lang: Lang): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  return localDigits(groupThousands(toPlain(value), groupSeparator(lang)), lang);
}
