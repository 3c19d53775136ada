/**
 * The loading indicator (spec sections 4, 7, 9): shown as soon as a tracked request starts
 * (debounce 0), cleared 300 ms after the last one completes. Requests to .svg and .json files and
 * to the permission lookup are not tracked.
 */
import { createStore } from 'zustand/vanilla';
import { clock, type TimerId } from '../clock';

export const LOADING_CLEAR_MS = 300;

interface LoadingState {
  visible: boolean;
  pending: number;
}

export const loadingStore = createStore<LoadingState>(() => ({ visible: false, pending: 0 }));

let hideTimer: TimerId | null = null;

export function tracksLoading(url: string): boolean {
  const path = url.split(/[?#]/)[0] ?? '';
  if (/\.(svg|json)$/i.test(path)) return false;
  return !path.includes('GetEntityPermissions');
}

export function loadingStarted(): void {
  if (hideTimer !== null) clock.clearTimeout(hideTimer);
  hideTimer = null;
  loadingStore.setState((s) => ({ pending: s.pending + 1, visible: true }));
}

export function loadingFinished(): void {
  const pending = Math.max(0, loadingStore.getState().pending - 1);
  loadingStore.setState({ pending });
  if (pending > 0) return;
  if (hideTimer !== null) clock.clearTimeout(hideTimer);
  hideTimer = clock.setTimeout(() => {
    hideTimer = null;
    if (loadingStore.getState().pending === 0) loadingStore.setState({ visible: false });
  }, LOADING_CLEAR_MS);
}

/** The not-found page switches the indicator off at once (spec section 2). */
export function loadingOff(): void {
  if (hideTimer !== null) clock.clearTimeout(hideTimer);
  hideTimer = null;
  loadingStore.setState({ visible: false, pending: 0 });
}
