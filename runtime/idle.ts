/**
 * Work for when the browser is idle (prefetches and warm-ups of the shell and the screens):
 * requestIdleCallback with a timeout, so it runs even on a browser that is never idle, and a timer
 * where there is no requestIdleCallback (Safari).
 */

/** requestIdleCallback's timeout: the task runs by then even on a browser that is never idle. */
export const IDLE_TIMEOUT_MS = 3000;
/** Without requestIdleCallback (Safari), a timer stands in for it. */
export const NO_IDLE_DELAY_MS = 1000;

/** Runs `task` once the browser is idle (at the latest after IDLE_TIMEOUT_MS); answers a cancel. */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(() => task(), { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, NO_IDLE_DELAY_MS);
  return () => clearTimeout(id);
}
