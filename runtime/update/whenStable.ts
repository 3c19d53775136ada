/**
 * "The background worker registers once the app is stable, up to 30000 ms" (spec section 9):
 * runs `task` once, on window load followed by an idle moment, and at the latest 30 s after start.
 * Periodic update checks (every hour) let tabs left open for days see new versions.
 */
import { clock, type TimerId } from '../clock';

export const REGISTER_AT_MOST_MS = 30_000;
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

export interface StableSignals {
  /** Calls back once the page has loaded (at once when it already has). */
  onLoad: (done: () => void) => void;
  /** Calls back when the browser is idle. */
  onIdle: (done: () => void) => void;
}

/** Returns a cancel function. */
export function whenStable(task: () => void, signals: StableSignals): () => void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    clock.clearTimeout(cap);
    task();
  };
  const cap = clock.setTimeout(run, REGISTER_AT_MOST_MS);
  signals.onLoad(() => signals.onIdle(run));
  return () => {
    done = true;
    clock.clearTimeout(cap);
  };
}

/** Calls `check` every UPDATE_CHECK_MS; returns a stop function. */
export function everyHour(check: () => void): () => void {
  let timer: TimerId | null = null;
  const schedule = () => {
    timer = clock.setTimeout(() => {
      check();
      schedule();
    }, UPDATE_CHECK_MS);
  };
  schedule();
  return () => {
    if (timer !== null) clock.clearTimeout(timer);
  };
}
