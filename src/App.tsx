/** The app root: Fluent provider (direction, theme, font), router, toasts and the loading bar. */
import { Suspense, lazy, useEffect } from 'react';
import { FluentProvider, type Theme } from '@fluentui/react-components';
import { RouterProvider } from 'react-router-dom';
import { getLang, dirOf } from '../runtime/lang';
import { readPrefs } from './prefs';
import { FONT_FAMILY } from './theme';
import { router } from './router';
import { LoadingBar } from './shell/LoadingBar';
import { updateFlow } from './pwa/registerWorker';
import { toastsReady } from './toastSink';

// Shell notices (update, session expiry, install sheet) draw dialogs and drawers: they load right
// after the first paint, outside the login route's budget (bench/budget.mjs). Their state lives
// in runtime/ stores, so nothing is missed while they load.
const UpdateToasts = lazy(async () => ({ default: (await import('./pwa/UpdateToasts')).UpdateToasts }));
const ExpiryToast = lazy(async () => ({ default: (await import('./pwa/ExpiryToast')).ExpiryToast }));
const Toasts = lazy(async () => ({ default: (await import('./Toasts')).Toasts }));
const InstallSheet = lazy(async () => ({ default: (await import('./pwa/InstallSheet')).InstallSheet }));

// Read once at start-up: a language or preference change reloads the page.
const lang = getLang();
const prefs = readPrefs();
const dir = prefs.rtl === null ? dirOf(lang) : prefs.rtl ? 'rtl' : 'ltr';

/** `theme` comes from loadTheme (src/theme.ts), awaited before the first render. */
export function App({ theme }: { theme: Theme }) {
  useEffect(() => {
    document.documentElement.lang = lang;
    document.documentElement.dir = dir;
    if (prefs.layout) document.documentElement.dataset.layout = prefs.layout;
    document.getElementById('splash')?.remove();
  }, []);

  return (
    <FluentProvider theme={theme} dir={dir} style={{ minHeight: '100vh', fontFamily: FONT_FAMILY }}>
      <LoadingBar />
      <RouterProvider router={router} />
      <Suspense fallback={null}>
        <Toasts rtl={dir === 'rtl'} theme={prefs.scheme} onReady={toastsReady} />
      </Suspense>
      <Suspense fallback={null}>
        <UpdateToasts flow={updateFlow} />
        <ExpiryToast />
        <InstallSheet />
      </Suspense>
    </FluentProvider>
  );
}
