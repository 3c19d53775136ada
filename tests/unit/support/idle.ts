/** A stand-in requestIdleCallback (and cancelIdleCallback) whose callbacks run when `idle()` is called. */
import { vi } from 'vitest';

export function fakeIdle() {
  const pending = new Map<number, IdleRequestCallback>();
  const options: (IdleRequestOptions | undefined)[] = [];
  let next = 1;
  vi.stubGlobal('requestIdleCallback', (cb: IdleRequestCallback, o?: IdleRequestOptions) => {
    pending.set(next, cb);
    options.push(o);
    return next++;
  });
  vi.stubGlobal('cancelIdleCallback', (id: number) => pending.delete(id));
  return {
    options,
    pending,
    idle() {
      const due = [...pending.values()];
      pending.clear();
      for (const cb of due) cb({ didTimeout: false, timeRemaining: () => 50 });
    },
  };
}
