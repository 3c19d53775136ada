/** The update flow's state machine (spec sections 4 and 9) driven by the manual clock. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock, useClock } from '../../../runtime/clock';
import {
  createUpdateFlow,
  TIMER_DATA_KEY,
  type UpdateFlow,
  type UpdateFlowDeps,
} from '../../../runtime/update/updateFlow';

let clock: ManualClock;
let calls: string[];
let applyResult: () => Promise<void>;

function make(): UpdateFlow {
  const deps: UpdateFlowDeps = {
    storage: sessionStorage,
    applyUpdate: () => {
      calls.push('apply');
      return applyResult();
    },
    broadcastReload: () => calls.push('broadcast'),
  };
  return createUpdateFlow(deps);
}

beforeEach(() => {
  clock = new ManualClock();
  useClock(clock);
  calls = [];
  applyResult = () => Promise.resolve();
  sessionStorage.clear();
});
afterEach(() => useClock(null));

describe('update flow', () => {
  it("detection shows 'update available'; ready shows the 240 s toast ticking every second", () => {
    const flow = make();
    flow.detected();
    expect(flow.store.getState().phase).toBe('available');
    flow.ready();
    expect(flow.store.getState()).toMatchObject({
      phase: 'ready',
      remaining: 240,
      mainToast: true,
      finalToast: false,
    });
    clock.advance(999);
    expect(flow.store.getState().remaining).toBe(240);
    clock.advance(1);
    expect(flow.store.getState().remaining).toBe(239);
    clock.advance(10_000);
    expect(flow.store.getState().remaining).toBe(229);
    expect(calls).toEqual([]);
  });

  it('left open, the page reloads at 1 s and the other tabs are told to reload', () => {
    const flow = make();
    flow.ready();
    clock.advance(238_000);
    expect(flow.store.getState().remaining).toBe(2);
    expect(calls).toEqual([]);
    clock.advance(1000);
    expect(calls).toEqual(['broadcast', 'apply']);
    expect(flow.store.getState()).toMatchObject({ phase: 'updating', mainToast: false });
    clock.advance(10_000);
    expect(calls).toEqual(['broadcast', 'apply']);
  });

  it('Close keeps the remainder in timerData; at 60 s a second toast counts down from 60', () => {
    const flow = make();
    flow.ready();
    clock.advance(100_000);
    flow.closeMain();
    expect(sessionStorage.getItem(TIMER_DATA_KEY)).toBe('140');
    expect(flow.store.getState()).toMatchObject({ mainToast: false, finalToast: false });
    clock.advance(79_000);
    expect(flow.store.getState()).toMatchObject({ remaining: 61, finalToast: false });
    expect(sessionStorage.getItem(TIMER_DATA_KEY)).toBe('61');
    clock.advance(1000);
    expect(flow.store.getState()).toMatchObject({ remaining: 60, finalToast: true });
    clock.advance(58_000);
    expect(flow.store.getState().remaining).toBe(2);
    expect(calls).toEqual([]);
    clock.advance(1000);
    expect(calls).toEqual(['broadcast', 'apply']);
    expect(sessionStorage.getItem(TIMER_DATA_KEY)).toBeNull();
  });

  it('closing under 60 s opens the second toast at once from the saved remainder', () => {
    const flow = make();
    flow.ready();
    clock.advance(200_000);
    flow.closeMain();
    expect(flow.store.getState()).toMatchObject({ remaining: 40, mainToast: false, finalToast: true });
    expect(sessionStorage.getItem(TIMER_DATA_KEY)).toBe('40');
  });

  it('after a reload the countdown resumes from timerData, without the first toast', () => {
    sessionStorage.setItem(TIMER_DATA_KEY, '45');
    const flow = make();
    flow.ready();
    expect(flow.store.getState()).toMatchObject({ remaining: 45, mainToast: false, finalToast: true });
    clock.advance(44_000);
    expect(calls).toEqual(['broadcast', 'apply']);
  });

  it('Update reloads at once; an installation failure ends in failed', async () => {
    const flow = make();
    flow.ready();
    applyResult = () => Promise.reject(new Error('no worker'));
    flow.update();
    expect(calls).toEqual(['broadcast', 'apply']);
    await Promise.resolve();
    await Promise.resolve();
    expect(flow.store.getState().phase).toBe('failed');
    const other = make();
    other.detected();
    other.failed();
    expect(other.store.getState()).toMatchObject({ phase: 'failed', mainToast: false, finalToast: false });
    expect(clock.pending()).toBe(0);
  });
});
