/** The app root: Fluent provider (direction, theme, font), router, toasts and the loading bar. */
import { useEffect } from 'react';
import { FluentProvider } from '@fluentui/react-components';
import { RouterProvider } from 'react-router-dom';
import { ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';
import { getLang, dirOf } from '../runtime/lang';
import { readPrefs } from './prefs';
import { themeFor, FONT_FAMILY } from './theme';
import { router } from './router';
import { LoadingBar } from './shell/LoadingBar';
import { UpdateToasts } from './pwa/UpdateToasts';
import { ExpiryToast } from './pwa/ExpiryToast';
import { InstallSheet } from './pwa/InstallSheet';
import { updateFlow } from './pwa/registerWorker';

// Read once at start-up: a language or preference change reloads the page.
const lang = getLang();
const prefs = readPrefs();
const dir = prefs.rtl === null ? dirOf(lang) : prefs.rtl ? 'rtl' : 'ltr';
const theme = themeFor(prefs);

export function App() {
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
      <ToastContainer position="bottom-center" rtl={dir === 'rtl'} newestOnTop theme={prefs.scheme} />
      <UpdateToasts flow={updateFlow} />
      <ExpiryToast />
      <InstallSheet />
    </FluentProvider>
  );
}
