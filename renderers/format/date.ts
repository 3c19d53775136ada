/** Date display: always Jalali yyyy/mm/dd (DESIGN: Jalali in every column), digits of `lang`. */
import type { Lang } from '../../runtime/shared/definition';
import { isoToJalali } from '../../runtime/shared/jalali';
import { localDigits } from './digits';

export function formatDate(value: unknown, lang: Lang): string {
  if (typeof value !== 'string' || value === '') return '';
  const jalali = isoToJalali(value);
  return localDigits(jalali ?? value, lang);
}
