/**
 * The form warm-up (renderers/form/warmUp.tsx) as a grid screen schedules it (prefetchForm in
 * lazyParts.ts): once per page load, after the form's chunk has loaded, when the browser is idle
 * again, and not while a dialog is open (a form the user opened has warmed the code itself).
 * Silent: a failure only leaves the first form cold.
 */
import { whenIdle } from '../../runtime/idle';
import type { Lang } from '../../runtime/shared/definition';

let started = false;

export function warmUpFormWhenIdle(
  lang: Lang,
  load: () => Promise<{ warmUpForm: (lang: Lang) => Promise<void> }> = () => import('../form/warmUp'),
): void {
  if (started) return;
  started = true;
  Promise.resolve()
    .then(load)
    .then((m) =>
      whenIdle(() => {
        if (!document.querySelector('[role="dialog"]')) m.warmUpForm(lang).catch(() => undefined);
      }),
    )
    .catch(() => undefined);
}
