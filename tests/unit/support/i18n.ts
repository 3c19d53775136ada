/** Real i18next with the shipped Persian texts, as the shell initialises it (component tests). */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import fa from '../../../src/public/assets/i18n/share/fa.json';

export async function setupI18n(): Promise<void> {
  if (i18next.isInitialized) return;
  await i18next.use(initReactI18next).init({
    lng: 'fa',
    fallbackLng: 'fa',
    resources: { fa: { translation: fa } },
    interpolation: { escapeValue: false },
  });
}
