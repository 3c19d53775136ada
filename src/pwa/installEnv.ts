/** The browser's signals for the install sheet: user agent, standalone mode, cookie, install event. */
import type { InstallEnv, InstallPromptEvent } from '../../runtime/install/installPrompt';

export function browserInstallEnv(): InstallEnv {
  const standalone =
    (navigator as Navigator & { standalone?: boolean }).standalone === true ||
    window.matchMedia?.('(display-mode: standalone)').matches === true;
  return {
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints,
    standalone,
    cookie: () => document.cookie,
    setCookie: (value) => {
      document.cookie = value;
    },
    onBeforeInstallPrompt: (handler) => {
      const listener = (event: Event) => handler(event as InstallPromptEvent);
      window.addEventListener('beforeinstallprompt', listener);
      return () => window.removeEventListener('beforeinstallprompt', listener);
    },
  };
}
