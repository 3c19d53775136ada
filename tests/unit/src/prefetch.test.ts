/** The shell's prefetch of a menu click (src/prefetch.ts): idle scheduling, once only, silent. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MenuItem } from '../../../runtime/menu/menu';
import { fakeIdle } from '../support/idle';

const loadEntityRoute = vi.fn(() => Promise.resolve({}));
const prefetchEntityMeta = vi.fn();
vi.mock('../../../src/screens', () => ({ loadEntityRoute: () => loadEntityRoute() }));
vi.mock('../../../runtime/meta/loaders', () => ({
  prefetchEntityMeta: (module: string, name: string) => prefetchEntityMeta(module, name),
}));

const { IDLE_TIMEOUT_MS, NO_IDLE_DELAY_MS, whenIdle } = await import('../../../runtime/idle');
const { menuEntityAt, menuHasEntity, prefetchMenuItem, prefetchOnce, prefetchScreensWhenIdle } =
  await import('../../../src/prefetch');

const customer: MenuItem = { route: '/sales/customer', title: 'مشتریان', entity: 'sales.customer' };
const planner: MenuItem = { route: '/transport/routePlanner', title: 'مسیریابی' };
const menu: MenuItem[] = [
  { route: '/sales', title: 'فروش', children: [customer] },
  { route: '/transport', title: 'حمل', children: [planner] },
];

/** Lets settled promises run their callbacks. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  loadEntityRoute.mockClear();
  prefetchEntityMeta.mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('whenIdle', () => {
  it('waits for the browser to be idle, at the latest IDLE_TIMEOUT_MS, and can be cancelled', () => {
    const idle = fakeIdle();
    const task = vi.fn();
    whenIdle(task);
    expect(task).not.toHaveBeenCalled();
    expect(idle.options).toEqual([{ timeout: IDLE_TIMEOUT_MS }]);
    idle.idle();
    expect(task).toHaveBeenCalledTimes(1);

    const cancelled = vi.fn();
    whenIdle(cancelled)();
    idle.idle();
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('without requestIdleCallback, runs after NO_IDLE_DELAY_MS', () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    vi.useFakeTimers();
    const task = vi.fn();
    whenIdle(task);
    vi.advanceTimersByTime(NO_IDLE_DELAY_MS - 1);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
    const cancelled = vi.fn();
    whenIdle(cancelled)();
    vi.advanceTimersByTime(NO_IDLE_DELAY_MS);
    expect(cancelled).not.toHaveBeenCalled();
  });
});

describe('prefetchOnce', () => {
  it('starts the load once however often it is asked', async () => {
    const load = vi.fn(() => Promise.resolve(1));
    const prefetch = prefetchOnce(load);
    prefetch();
    prefetch();
    await settle();
    prefetch();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('is silent when the load rejects or throws, and does not try again', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const rejecting = vi.fn(() => Promise.reject(new Error('offline')));
      const throwing = vi.fn((): Promise<unknown> => {
        throw new Error('no chunk');
      });
      const a = prefetchOnce(rejecting);
      const b = prefetchOnce(throwing);
      expect(() => a()).not.toThrow();
      expect(() => b()).not.toThrow();
      await settle();
      a();
      b();
      await settle();
      expect(rejecting).toHaveBeenCalledTimes(1);
      expect(throwing).toHaveBeenCalledTimes(1);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});

describe('menu prefetch', () => {
  it('finds generated screens in the menu, and only those', () => {
    expect(menuHasEntity(menu)).toBe(true);
    expect(menuHasEntity([{ route: '/transport', title: 'حمل', children: [planner] }])).toBe(false);
    expect(menuHasEntity([])).toBe(false);
    expect(menuEntityAt(menu, '/sales/customer')).toBe(customer);
    expect(menuEntityAt(menu, '/sales/customer/')).toBe(customer);
    expect(menuEntityAt(menu, '/sales/customer/3/print')).toBeUndefined();
    expect(menuEntityAt(menu, '/sales/invoice')).toBeUndefined();
    expect(menuEntityAt(menu, '/transport/routePlanner')).toBeUndefined();
  });

  it('schedules the screens chunk for an idle moment only when the menu has a generated screen', () => {
    const idle = fakeIdle();
    const prefetch = vi.fn();
    prefetchScreensWhenIdle([{ route: '/transport', title: 'حمل', children: [planner] }], prefetch);
    expect(idle.pending.size).toBe(0);
    const cancel = prefetchScreensWhenIdle(menu, prefetch);
    expect(idle.pending.size).toBe(1);
    expect(prefetch).not.toHaveBeenCalled();
    idle.idle();
    expect(prefetch).toHaveBeenCalledTimes(1);
    // a shell that unmounts before the idle moment cancels it
    prefetchScreensWhenIdle(menu, prefetch);
    cancel();
    const again = prefetchScreensWhenIdle(menu, prefetch);
    again();
    idle.idle();
    expect(prefetch).toHaveBeenCalledTimes(2);
  });

  it('hover or focus of a generated screen: its definition and permissions, the chunk once', async () => {
    prefetchMenuItem(planner);
    prefetchMenuItem({ route: '/sales', title: 'فروش', children: [customer] });
    expect(prefetchEntityMeta).not.toHaveBeenCalled();
    prefetchMenuItem(customer);
    prefetchMenuItem(customer);
    prefetchMenuItem({ route: '/sales/invoice', title: 'فاکتور', entity: 'sales.invoice' });
    await settle();
    expect(prefetchEntityMeta.mock.calls).toEqual([
      ['sales', 'customer'],
      ['sales', 'customer'],
      ['sales', 'invoice'],
    ]);
    expect(loadEntityRoute).toHaveBeenCalledTimes(1);
  });
});
