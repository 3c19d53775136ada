import 'vazirmatn/Vazirmatn-font-face.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getLang } from '../runtime/lang';
import { installErrorLogging } from '../runtime/uilog';
import { initI18n } from './i18n';
import { connectToasts } from './toastSink';
import { joinOtherTabs, startSession } from './session';
import { browserInstallEnv } from './pwa/installEnv';
import { startInstallPrompt } from '../runtime/install/installPrompt';
import { App } from './App';
import { readPrefs } from './prefs';
import { loadTheme } from './theme';

async function start(): Promise<void> {
  installErrorLogging();
  // Before anything awaits: the browser's install event may come early, and iOS counts from start.
  startInstallPrompt(browserInstallEnv());
  // a new tab of a signed-in browser takes the session of the other tabs before any route runs
  const [theme] = await Promise.all([loadTheme(readPrefs()), initI18n(getLang()), joinOtherTabs()]);
  connectToasts();
  startSession();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root missing');
  createRoot(container).render(
    <StrictMode>
      <App theme={theme} />
    </StrictMode>,
  );
}

void start();
