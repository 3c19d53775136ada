/**
 * The one clock every runtime timer goes through (loading indicator, 401 throttle, forbidden
 * redirect delay, silent refresh). Tests replace it with a manual clock and drive time by hand.
 */
export type TimerId = number;

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): TimerId;
  clearTimeout(id: TimerId): void;
}

const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms) as unknown as TimerId,
  clearTimeout: (id) => globalThis.clearTimeout(id),
};

let current: Clock = systemClock;

export const clock: Clock = {
  now: () => current.now(),
  setTimeout: (fn, ms) => current.setTimeout(fn, ms),
  clearTimeout: (id) => current.clearTimeout(id),
};

/** Replace the clock (tests); `null` restores the system clock. */
export function useClock(next: Clock | null): void {
  current = next ?? systemClock;
}

/** A clock that only moves when `advance` is called. */
export class ManualClock implements Clock {
  private time: number;
  private nextId = 1;
  private timers = new Map<TimerId, { at: number; fn: () => void }>();

  constructor(start = 1_700_000_000_000) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  setTimeout(fn: () => void, ms: number): TimerId {
    const id = this.nextId++;
    this.timers.set(id, { at: this.time + Math.max(0, ms), fn });
    return id;
  }

  clearTimeout(id: TimerId): void {
    this.timers.delete(id);
  }

  /** Moves time forward, firing due timers in order (timers set while firing are honoured). */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      let nextId: TimerId | null = null;
      let nextAt = Infinity;
      for (const [id, t] of this.timers) if (t.at <= end && t.at < nextAt) [nextId, nextAt] = [id, t.at];
      if (nextId === null) break;
      const timer = this.timers.get(nextId)!;
      this.timers.delete(nextId);
      this.time = timer.at;
      timer.fn();
    }
    this.time = end;
  }

  pending(): number {
    return this.timers.size;
  }
}
