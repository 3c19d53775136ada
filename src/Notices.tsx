/**
 * What the app shows over every page besides the routes: toasts, the update and session-expiry
 * notices and the install sheet. One chunk, loaded after the first paint (outside the login
 * route's budget, bench/budget.mjs); their state lives in runtime/ stores, so nothing is missed.
 * The service worker's registration comes with it (App starts it once this chunk is in).
 */
import { Toasts } from './Toasts';
import { UpdateToasts } from './pwa/UpdateToasts';
import { ExpiryToast } from './pwa/ExpiryToast';
import { InstallSheet } from './pwa/InstallSheet';
import { updateFlow } from './pwa/registerWorker';

export { startServiceWorker } from './pwa/registerWorker';
import { toastsReady } from './toastSink';

export function Notices({ rtl, theme }: { rtl: boolean; theme: 'light' | 'dark' }) {
  return (
    <>
      <Toasts rtl={rtl} theme={theme} onReady={toastsReady} />
      <UpdateToasts flow={updateFlow} />
      <ExpiryToast />
      <InstallSheet />
    </>
  );
}
