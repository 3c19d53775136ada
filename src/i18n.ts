/**
 * i18next with the shared translation files, fetched through the pipeline (.json: no loading
 * indicator). Persian is the default and the fallback.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { api } from '../runtime/http/pipeline';
import type { Lang } from '../runtime/shared/definition';

type Resource = Record<string, unknown>;

async function load(lang: Lang): Promise<Resource> {
  return api.get<Resource>(`/assets/i18n/share/${lang}.json`);
}

export async function initI18n(lang: Lang): Promise<typeof i18next> {
  const langs: Lang[] = lang === 'fa' ? ['fa'] : [lang, 'fa'];
  const bundles = await Promise.all(langs.map((l) => load(l).catch(() => ({}) as Resource)));
  const resources: Record<string, { translation: Resource }> = {};
  langs.forEach((l, i) => (resources[l] = { translation: bundles[i] ?? {} }));
  await i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: 'fa',
    resources,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return i18next;
}

export { i18next };
