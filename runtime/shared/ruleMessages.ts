/**
 * The text of a broken rule as people read it, the same in the form and in the server's 417: the
 * definition's message in the language, its `{{name}}` placeholders replaced by the values the
 * rule's `params` expressions gave (a number grouped by thousands, in Persian digits under fa;
 * e.g. the difference of an unbalanced voucher).
 */
import { localText, type Lang, type LocalText } from './definition';
import { formatMoney, localDigits } from './fieldKinds/numberText';

/** A value of a message placeholder as shown to the user. */
function paramText(value: unknown, lang: Lang): string {
  if (typeof value === 'number') return formatMoney(value, lang);
  if (value === null || value === undefined) return '';
  return localDigits(String(value), lang);
}

/** The message of a broken rule in `lang`, with its parameters filled in. */
export function violationText(
  v: { message: LocalText; params?: Record<string, unknown> },
  lang: Lang,
): string {
  const text = localText(v.message, lang);
  const params = v.params;
  if (!params) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? paramText(params[name], lang) : whole,
  );
}
