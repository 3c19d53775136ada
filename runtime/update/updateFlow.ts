/**
 * The update flow of spec section 4, headless and clock-driven (the toasts live in src/pwa):
 * detected → 'update available'; ready → a persistent toast with Update/Close counting down from
 * 240 s; Close keeps the remaining seconds in sessionStorage `timerData`; at 60 s or less a second
 * toast counts down (from 60 or the saved remainder); at 1 s or less the page reloads and the other
 * tabs are told to reload; an installation failure → 'update unsuccessful'. Timers tick every 1 s.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { clock, type TimerId } from '../clock';

export const UPDATE_COUNTDOWN_S = 240;
export const FINAL_COUNTDOWN_S = 60;
export const TICK_MS = 1000;
export const TIMER_DATA_KEY = 'timerData';

export type UpdatePhase = 'idle' | 'available' | 'ready' | 'updating' | 'failed';

export interface UpdateState {
  phase: UpdatePhase;
  /** Seconds left before the automatic reload (while ready). */
  remaining: number;
  /** The first, 240 s toast is shown. */
  mainToast: boolean;
  /** The second toast (60 s or the saved remainder) is shown. */
  finalToast: boolean;
}

export interface UpdateFlowDeps {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** Activates the waiting worker and reloads this page; rejects when that fails. */
  applyUpdate: () => Promise<void> | void;
  /** Tells the other tabs to reload (channel 'update', message 'reload'). */
  broadcastReload: () => void;
}

export interface UpdateFlow {
  store: StoreApi<UpdateState>;
  /** A new version was found and is installing. */
  detected(): void;
  /** The new version is installed and waiting. */
  ready(): void;
  /** Installing the new version failed. */
  failed(): void;
  /** The user pressed Update (or the countdown ran out). */
  update(): void;
  /** The user closed the first toast. */
  closeMain(): void;
  /** The user closed the second toast (the countdown still runs). */
  closeFinal(): void;
  dispose(): void;
}

const IDLE: UpdateState = {
  phase: 'idle',
  remaining: UPDATE_COUNTDOWN_S,
  mainToast: false,
  finalToast: false,
};

function savedRemainder(storage: UpdateFlowDeps['storage']): number | null {
  const n = Number(storage.getItem(TIMER_DATA_KEY));
  return Number.isInteger(n) && n >= 1 && n <= UPDATE_COUNTDOWN_S ? n : null;
}

export function createUpdateFlow(deps: UpdateFlowDeps): UpdateFlow {
  const store = createStore<UpdateState>(() => ({ ...IDLE }));
  let deadline = 0;
  let timer: TimerId | null = null;
  let closed = false;
  let finalClosed = false;

  const stop = () => {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
  };

  const tick = () => {
    timer = null;
    const s = store.getState();
    if (s.phase !== 'ready') return;
    const remaining = Math.max(0, Math.ceil((deadline - clock.now()) / 1000));
    if (remaining <= 1) {
      store.setState({ remaining });
      flow.update();
      return;
    }
    if (closed) deps.storage.setItem(TIMER_DATA_KEY, String(remaining));
    const finalToast = closed && !finalClosed && remaining <= FINAL_COUNTDOWN_S;
    store.setState({ remaining, finalToast });
    timer = clock.setTimeout(tick, TICK_MS);
  };

  const flow: UpdateFlow = {
    store,
    detected() {
      if (store.getState().phase === 'idle') store.setState({ phase: 'available' });
    },
    ready() {
      const phase = store.getState().phase;
      if (phase === 'ready' || phase === 'updating') return;
      const saved = savedRemainder(deps.storage);
      closed = saved !== null;
      finalClosed = false;
      const remaining = saved ?? UPDATE_COUNTDOWN_S;
      deadline = clock.now() + remaining * 1000;
      store.setState({ phase: 'ready', remaining, mainToast: !closed, finalToast: false });
      stop();
      tick();
    },
    failed() {
      stop();
      deps.storage.removeItem(TIMER_DATA_KEY);
      store.setState({ phase: 'failed', mainToast: false, finalToast: false });
    },
    update() {
      if (store.getState().phase === 'updating') return;
      stop();
      deps.storage.removeItem(TIMER_DATA_KEY);
      store.setState({ phase: 'updating', mainToast: false, finalToast: false });
      deps.broadcastReload();
      try {
        void Promise.resolve(deps.applyUpdate()).catch(() => flow.failed());
      } catch {
        flow.failed();
      }
    },
    closeMain() {
      const s = store.getState();
      if (s.phase !== 'ready' || closed) return;
      closed = true;
      deps.storage.setItem(TIMER_DATA_KEY, String(s.remaining));
      store.setState({ mainToast: false, finalToast: s.remaining <= FINAL_COUNTDOWN_S });
    },
    closeFinal() {
      finalClosed = true;
      store.setState({ finalToast: false });
    },
    dispose() {
      stop();
    },
  };
  return flow;
}
