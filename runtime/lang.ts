/** The UI language, stored in localStorage 'lang' (Persian by default). */
import { LANGS, type Lang } from './shared/definition';

const KEY = 'lang';

export function getLang(): Lang {
  const stored = safeLocal()?.getItem(KEY);
  return (LANGS as readonly string[]).includes(stored ?? '') ? (stored as Lang) : 'fa';
}

export function setLang(lang: Lang): void {
  safeLocal()?.setItem(KEY, lang);
}

export function dirOf(lang: Lang): 'rtl' | 'ltr' {
  return lang === 'fa' ? 'rtl' : 'ltr';
}

function safeLocal(): Storage | null {
  return typeof localStorage === 'undefined' ? null : localStorage;
}
