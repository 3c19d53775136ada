/**
 * Display preferences from query parameters (spec section 2): ?layout=, ?scheme=light|dark,
 * ?primary=<hex colour>, ?rtl=true|false. Read once at start-up and kept for the session
 * (sessionStorage), so they survive in-app navigation and reloads of the tab.
 */
export interface Prefs {
  layout: string | null;
  scheme: 'light' | 'dark';
  primary: string | null;
  rtl: boolean | null;
}

const KEY = 'ui-prefs';

export function readPrefs(search: string = window.location.search): Prefs {
  let saved: Partial<Prefs> = {};
  try {
    saved = JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as Partial<Prefs>;
  } catch {
    saved = {};
  }
  const q = new URLSearchParams(search);
  const scheme = q.get('scheme');
  const primary = q.get('primary');
  const rtl = q.get('rtl');
  const prefs: Prefs = {
    layout: q.get('layout') ?? saved.layout ?? null,
    scheme: scheme === 'dark' || scheme === 'light' ? scheme : (saved.scheme ?? 'light'),
    primary:
      primary && /^#?[0-9a-f]{6}$/i.test(primary)
        ? primary.startsWith('#')
          ? primary
          : `#${primary}`
        : (saved.primary ?? null),
    rtl: rtl === 'true' ? true : rtl === 'false' ? false : (saved.rtl ?? null),
  };
  sessionStorage.setItem(KEY, JSON.stringify(prefs));
  return prefs;
}
