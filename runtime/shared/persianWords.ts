/**
 * An integer in Persian words ("یک میلیون و دویست هزار"), for amounts on invoices and their print
 * view. Used by the server, the form and the rule evaluator (operation `persianWords`).
 */

const ONES = ['', 'یک', 'دو', 'سه', 'چهار', 'پنج', 'شش', 'هفت', 'هشت', 'نه'];
const TEENS = ['ده', 'یازده', 'دوازده', 'سیزده', 'چهارده', 'پانزده', 'شانزده', 'هفده', 'هجده', 'نوزده'];
const TENS = ['', '', 'بیست', 'سی', 'چهل', 'پنجاه', 'شصت', 'هفتاد', 'هشتاد', 'نود'];
const HUNDREDS = ['', 'صد', 'دویست', 'سیصد', 'چهارصد', 'پانصد', 'ششصد', 'هفتصد', 'هشتصد', 'نهصد'];
const SCALES = ['', 'هزار', 'میلیون', 'میلیارد', 'تریلیون', 'تریلیارد'];

export const ZERO_WORD = 'صفر';
export const MINUS_WORD = 'منفی';
const AND = ' و ';

/** 1..999 in words. */
function belowThousand(n: number): string {
  const parts: string[] = [];
  const h = Math.floor(n / 100);
  const rest = n % 100;
  if (h) parts.push(HUNDREDS[h]!);
  if (rest >= 10 && rest < 20) parts.push(TEENS[rest - 10]!);
  else {
    const t = Math.floor(rest / 10);
    const o = rest % 10;
    if (t) parts.push(TENS[t]!);
    if (o) parts.push(ONES[o]!);
  }
  return parts.join(AND);
}

/**
 * Words of an integer (numbers are truncated towards zero; non-finite or non-numeric input gives
 * ''). Safe integers only: beyond Number.MAX_SAFE_INTEGER the digits are not exact.
 */
export function persianWords(value: unknown): string {
  const num = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof num !== 'number' || !Number.isFinite(num)) return '';
  let n = Math.trunc(Math.abs(num));
  if (n === 0) return ZERO_WORD;
  if (n > Number.MAX_SAFE_INTEGER) return '';
  const groups: string[] = [];
  for (let scale = 0; n > 0; scale++) {
    const group = n % 1000;
    n = Math.floor(n / 1000);
    if (group === 0) continue;
    const scaleWord = SCALES[scale] ?? '';
    groups.unshift(scaleWord ? `${belowThousand(group)} ${scaleWord}` : belowThousand(group));
  }
  const words = groups.join(AND);
  return num < 0 && Math.trunc(num) !== 0 ? `${MINUS_WORD} ${words}` : words;
}

/** An amount in Rial in words, e.g. "دو میلیون ریال" ('' when there is no amount). */
export function rialInWords(value: unknown): string {
  const words = persianWords(value);
  return words ? `${words} ریال` : '';
}
