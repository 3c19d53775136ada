/**
 * Registers the service worker (vite-plugin-pwa, prompt mode, our own registration through
 * workbox-window) once the app is stable — on load and an idle moment, at the latest 30 s after
 * start — checks for a new version every hour, and feeds the headless update flow.
 */
import type { Workbox } from 'workbox-window';
import { broadcast } from '../../runtime/channel';
import { clock } from '../../runtime/clock';
import { createUpdateFlow, type UpdateFlow } from '../../runtime/update/updateFlow';
import { everyHour, whenStable } from '../../runtime/update/whenStable';

export const SW_URL = '/sw.js';

let workbox: Workbox | null = null;

export const updateFlow: UpdateFlow = createUpdateFlow({
  storage: sessionStorage,
  broadcastReload: () => broadcast('reload'),
  applyUpdate: () => {
    const waiting = workbox;
    if (!waiting) {
      window.location.reload();
      return;
    }
    // The new worker takes control ('controlling' below reloads); without one waiting, reload.
    waiting.messageSkipWaiting();
    clock.setTimeout(() => window.location.reload(), 3000);
  },
});

function watchInstall(registration: ServiceWorkerRegistration): void {
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    // The first install is no update: nothing to announce.
    if (!installing || !navigator.serviceWorker.controller) return;
    updateFlow.detected();
    installing.addEventListener('statechange', () => {
      if (installing.state === 'redundant' && registration.waiting !== installing) updateFlow.failed();
    });
  });
}

async function register(): Promise<void> {
  // loaded when the app is stable, not with the login route (bench/budget.mjs)
  const { Workbox: WorkboxClass } = await import('workbox-window');
  const wb = new WorkboxClass(SW_URL, { scope: '/' });
  wb.addEventListener('waiting', () => updateFlow.ready());
  wb.addEventListener('controlling', (event) => {
    if (event.isUpdate) window.location.reload();
  });
  workbox = wb;
  try {
    const registration = await wb.register();
    if (!registration) return;
    watchInstall(registration);
    if (registration.waiting && navigator.serviceWorker.controller) updateFlow.ready();
    everyHour(() => void registration.update().catch(() => undefined));
  } catch {
    // A new version whose worker cannot be installed, while an older one runs: the update failed.
    if (navigator.serviceWorker.controller) updateFlow.failed();
  }
}

let started = false;

/** Registers the worker once the app is stable; a second call (StrictMode's effects) does nothing. */
export function startServiceWorker(): void {
  if (started || !('serviceWorker' in navigator) || import.meta.env.DEV) return;
  started = true;
  whenStable(() => void register(), {
    onLoad: (done) => {
      if (document.readyState === 'complete') done();
      else window.addEventListener('load', () => done(), { once: true });
    },
    onIdle: (done) => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(() => done());
      else done();
    },
  });
}
