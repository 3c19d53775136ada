/** The worker registers once the app is stable, at most 30000 ms after start; hourly checks. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock, useClock } from '../../../runtime/clock';
import { everyHour, whenStable } from '../../../runtime/update/whenStable';

let clock: ManualClock;
beforeEach(() => {
  clock = new ManualClock();
  useClock(clock);
});
afterEach(() => useClock(null));

describe('worker registration timing', () => {
  it('runs on load and idle, once', () => {
    let runs = 0;
    let load: () => void = () => undefined;
    let idle: () => void = () => undefined;
    whenStable(() => runs++, { onLoad: (done) => (load = done), onIdle: (done) => (idle = done) });
    load();
    expect(runs).toBe(0);
    idle();
    expect(runs).toBe(1);
    clock.advance(30_000);
    expect(runs).toBe(1);
  });

  it('runs at 30000 ms when the page never settles', () => {
    let runs = 0;
    whenStable(() => runs++, { onLoad: () => undefined, onIdle: () => undefined });
    clock.advance(29_999);
    expect(runs).toBe(0);
    clock.advance(1);
    expect(runs).toBe(1);
  });

  it('checks for updates every hour until stopped', () => {
    let checks = 0;
    const stop = everyHour(() => checks++);
    clock.advance(3_600_000 - 1);
    expect(checks).toBe(0);
    clock.advance(1);
    clock.advance(3_600_000 * 2);
    expect(checks).toBe(3);
    stop();
    clock.advance(3_600_000 * 2);
    expect(checks).toBe(3);
  });
});
