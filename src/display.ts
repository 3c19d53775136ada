/** Display text in the current language: Persian digits when the UI is Persian. */
import { getLang } from '../runtime/lang';
import { toPersianDigits } from '../runtime/shared/normalize';

export function displayText(text: string): string {
  return getLang() === 'fa' ? toPersianDigits(text) : text;
}
