/** The app root: Fluent's style renderer and provider (direction, theme, font), router, toasts and the loading bar. */
import { useEffect, useState } from 'react';
import { FluentProvider, RendererProvider, type Theme } from '@fluentui/react-components';
import { RouterProvider } from 'react-router-dom';
import { getLang, dirOf } from '../runtime/lang';
import { styleRendererOf } from '../renderers/styleRenderer';
import { readPrefs } from './prefs';
import { FONT_FAMILY } from './theme';
import { router } from './router';
import { LoadingBar } from './shell/LoadingBar';

// Loaded by an effect, not React.lazy: a Suspense boundary reveals its content on a timer, which
// never fires while a test (or a throttled background tab) holds the page's clock.
// The service worker starts with them: its updates show there (and it stays off the login route).
const loadNotices = async () => {
  const notices = await import('./Notices');
  notices.startServiceWorker();
  return notices.Notices;
};

// Read once at start-up: a language or preference change reloads the page.
const lang = getLang();
const prefs = readPrefs();
const dir = prefs.rtl === null ? dirOf(lang) : prefs.rtl ? 'rtl' : 'ltr';
// Fluent's styles through a renderer that inserts each component's rules once (styleRenderer.ts).
const styleRenderer = styleRendererOf(document);

/** `theme` comes from loadTheme (src/theme.ts), awaited before the first render. */
export function App({ theme }: { theme: Theme }) {
  const [Notices, setNotices] = useState<Awaited<ReturnType<typeof loadNotices>> | null>(null);
  useEffect(() => {
    void loadNotices().then((component) => setNotices(() => component));
  }, []);
  useEffect(() => {
    document.documentElement.lang = lang;
    document.documentElement.dir = dir;
    if (prefs.layout) document.documentElement.dataset.layout = prefs.layout;
    document.getElementById('splash')?.remove();
  }, []);

  return (
    <RendererProvider renderer={styleRenderer} targetDocument={document}>
      <FluentProvider theme={theme} dir={dir} style={{ minHeight: '100vh', fontFamily: FONT_FAMILY }}>
        <LoadingBar />
        <RouterProvider router={router} />
        {Notices && <Notices rtl={dir === 'rtl'} theme={prefs.scheme} />}
      </FluentProvider>
    </RendererProvider>
  );
}
