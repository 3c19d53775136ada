/** A 417 BusinessRuleViolated answer whose Data.BusinessErrors text is translated per request language. */
import type { Lang } from '../../../runtime/shared/definition';
import { HttpError } from '../../http/errors';
import { t } from '../../i18n';

export function businessRefusal(key: string, params: (lang: Lang) => Record<string, unknown> = () => ({})) {
  return new HttpError(417, 'BusinessRuleViolated', [], [], {}, (lang: Lang) => ({
    BusinessErrors: [t(lang, key, params(lang))],
  }));
}

/** A quantity in the digits of the language (Persian digits for fa). */
export function quantityText(n: number, lang: Lang): string {
  return new Intl.NumberFormat(lang === 'fa' ? 'fa-IR' : 'en-US', { maximumFractionDigits: 3 }).format(n);
}
