/**
 * The form warm-up (renderers/form/warmUp.tsx) as a grid screen schedules it (prefetchForm in
 * lazyParts.ts): once per page load, after the form's chunk has loaded, when the browser is idle
 * again, and not while a dialog is open (a form the user opened has warmed the code itself).
 * Silent: a failure only leaves the first form cold.
 */
import type { Lang } from '../../runtime/shared/definition';

/** requestIdleCallback's timeout: the warm-up runs by then even on a browser that is never idle. */
export const FORM_WARM_UP_IDLE_TIMEOUT_MS = 3000;

let started = false;

function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function')
    requestIdleCallback(task, { timeout: FORM_WARM_UP_IDLE_TIMEOUT_MS });
  else setTimeout(task, 1000);
}

export function warmUpFormWhenIdle(
  lang: Lang,
  load: () => Promise<{ warmUpForm: (lang: Lang) => Promise<void> }> = () => import('../form/warmUp'),
): void {
  if (started) return;
  started = true;
  Promise.resolve()
    .then(load)
    .then(
      (m) =>
        new Promise<void>((resolve) =>
          whenIdle(() => {
            if (document.querySelector('[role="dialog"]')) return resolve();
            m.warmUpForm(lang).then(resolve, resolve);
          }),
        ),
    )
    .catch(() => undefined);
}
