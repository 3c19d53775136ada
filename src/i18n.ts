/**
 * i18next with the shared translation files, fetched through the pipeline (.json: no loading
 * indicator). Persian is the default and the fallback.
 */
import i18next, { type FormatterModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { api } from '../runtime/http/pipeline';
import type { Lang } from '../runtime/shared/definition';
import { sentenceNumber } from '../runtime/shared/fieldKinds/numberText';

type Resource = Record<string, unknown>;

async function load(lang: Lang): Promise<Resource> {
  return api.get<Resource>(`/assets/i18n/share/${lang}.json`);
}

/**
 * Every number put into a translation ({{n}}, {{count}}, {{max}}…) is written in the language's
 * digits: Persian digits under fa. Only numbers: texts (a URL, a code, a message) pass as given.
 * (The translations use no named formats, so the built-in formatter is not needed.)
 */
export const numberDigits: FormatterModule = {
  type: 'formatter',
  init: () => undefined,
  add: () => undefined,
  addCached: () => undefined,
  // any value but a number passes unchanged (undefined too, so a missing value stays missing):
  // i18next's type says string, but it turns whatever comes back into text itself
  format: (value: unknown, _format, lng) =>
    (typeof value === 'number' && lng === 'fa' ? sentenceNumber(value, 'fa') : value) as string,
};

export async function initI18n(lang: Lang): Promise<typeof i18next> {
  const langs: Lang[] = lang === 'fa' ? ['fa'] : [lang, 'fa'];
  const bundles = await Promise.all(langs.map((l) => load(l).catch(() => ({}) as Resource)));
  const resources: Record<string, { translation: Resource }> = {};
  langs.forEach((l, i) => (resources[l] = { translation: bundles[i] ?? {} }));
  await i18next
    .use(initReactI18next)
    .use(numberDigits)
    .init({
      lng: lang,
      fallbackLng: 'fa',
      resources,
      interpolation: { escapeValue: false, alwaysFormat: true },
      returnNull: false,
    });
  return i18next;
}

export { i18next };
