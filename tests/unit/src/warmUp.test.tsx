/**
 * The grid warm-up ahead of the first click (src/prefetch.ts warmUpWhenIdle, renderers/grid/warmUp.tsx):
 * scheduled once per page load after the chunks, skipped on a generated screen, silent on failure,
 * and the hidden grid gone afterwards.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MenuItem } from '../../../runtime/menu/menu';
import { setupI18n } from '../support/i18n';
import { fakeIdle } from '../support/idle';

const menu: MenuItem[] = [
  {
    route: '/sales',
    title: 'فروش',
    children: [{ route: '/sales/customer', title: 'مشتریان', entity: 'sales.customer' }],
  },
];

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** prefetch.ts afresh (its once-per-page-load flag), with the route module stubbed. */
async function freshPrefetch() {
  vi.resetModules();
  vi.doMock('../../../src/screens', () => ({ loadEntityRoute: () => Promise.resolve({}) }));
  return import('../../../src/prefetch');
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.doUnmock('../../../src/screens');
  window.history.replaceState(null, '', '/');
  document.body.innerHTML = '';
});

describe('warmUpWhenIdle', () => {
  it('after the chunks, when idle again: the warm-up once per page load', async () => {
    const idle = fakeIdle();
    const { warmUpWhenIdle } = await freshPrefetch();
    const warmUpGrid = vi.fn(() => Promise.resolve());
    const load = vi.fn(() => Promise.resolve({ warmUpGrid }));
    warmUpWhenIdle(menu, load);
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(warmUpGrid).not.toHaveBeenCalled();
    idle.idle();
    await settle();
    expect(warmUpGrid).toHaveBeenCalledTimes(1);
    warmUpWhenIdle(menu, load);
    await settle();
    idle.idle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(warmUpGrid).toHaveBeenCalledTimes(1);
  });

  it('skipped when a generated screen is shown by the idle moment, or when cancelled', async () => {
    const idle = fakeIdle();
    const warmUpGrid = vi.fn(() => Promise.resolve());
    const load = () => Promise.resolve({ warmUpGrid });

    const first = await freshPrefetch();
    first.warmUpWhenIdle(menu, load);
    await settle();
    window.history.replaceState(null, '', '/sales/customer');
    idle.idle();

    const second = await freshPrefetch();
    window.history.replaceState(null, '', '/');
    second.warmUpWhenIdle(menu, load)();
    await settle();
    idle.idle();
    await settle();
    expect(warmUpGrid).not.toHaveBeenCalled();
  });

  it('the shell schedules it only off a generated screen, after the prefetch, and cancels both', async () => {
    const idle = fakeIdle();
    const { prefetchScreensWhenIdle } = await freshPrefetch();
    const prefetch = vi.fn();
    const cancelWarmUp = vi.fn();
    const warmUp = vi.fn(() => cancelWarmUp);
    const cancel = prefetchScreensWhenIdle(menu, prefetch, warmUp);
    expect(warmUp).not.toHaveBeenCalled();
    idle.idle();
    expect(prefetch).toHaveBeenCalledTimes(1);
    expect(warmUp).toHaveBeenCalledWith(menu);
    cancel();
    expect(cancelWarmUp).toHaveBeenCalledTimes(1);

    window.history.replaceState(null, '', '/sales/customer');
    prefetchScreensWhenIdle(menu, prefetch, warmUp);
    idle.idle();
    expect(prefetch).toHaveBeenCalledTimes(2);
    expect(warmUp).toHaveBeenCalledTimes(1);
  });

  it('is silent when the chunk or the warm-up fails', async () => {
    const idle = fakeIdle();
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const a = await freshPrefetch();
      expect(() => a.warmUpWhenIdle(menu, () => Promise.reject(new Error('offline')))).not.toThrow();
      await settle();
      const b = await freshPrefetch();
      const failing = vi.fn(() => Promise.reject(new Error('no grid')));
      b.warmUpWhenIdle(menu, () => Promise.resolve({ warmUpGrid: failing }));
      await settle();
      expect(() => idle.idle()).not.toThrow();
      await settle();
      expect(failing).toHaveBeenCalledTimes(1);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});

describe('warmUpGrid', () => {
  beforeAll(setupI18n);

  it('draws a hidden grid with local rows, sends no request, and removes it', async () => {
    const fetchSpy = vi.fn(() => Promise.reject(new Error('no request expected')));
    vi.stubGlobal('fetch', fetchSpy);
    vi.resetModules();
    const { warmUpGrid, WARM_UP_ATTRIBUTE } = await import('../../../renderers/grid/warmUp');
    let seen: Element | null = null;
    let grid = false;
    const observer = new MutationObserver(() => {
      seen ??= document.querySelector(`[${WARM_UP_ATTRIBUTE}]`);
      grid ||= document.querySelector(`[${WARM_UP_ATTRIBUTE}] .ag-root-wrapper`) !== null;
    });
    observer.observe(document.body, { childList: true, subtree: true });
    await warmUpGrid();
    observer.disconnect();
    expect(seen).not.toBeNull();
    expect(grid).toBe(true);
    const hidden = seen as unknown as HTMLElement;
    expect(hidden.getAttribute('aria-hidden')).toBe('true');
    expect(hidden.style.visibility).toBe('hidden');
    expect(hidden.isConnected).toBe(false);
    expect(hidden.childElementCount).toBe(0);
    expect(document.querySelector(`[${WARM_UP_ATTRIBUTE}]`)).toBeNull();
    expect(document.querySelector('.ag-root-wrapper')).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  }, 20_000);

  it('resolves and removes its container when drawing throws', async () => {
    vi.resetModules();
    vi.doMock('../../../renderers/grid/EntityGrid', () => ({
      EntityGrid: () => {
        throw new Error('no grid');
      },
    }));
    try {
      const { warmUpGrid, WARM_UP_ATTRIBUTE } = await import('../../../renderers/grid/warmUp');
      const started = Date.now();
      await expect(warmUpGrid()).resolves.toBeUndefined();
      // ended by the error, not by WARM_UP_TIMEOUT_MS
      expect(Date.now() - started).toBeLessThan(1500);
      expect(document.querySelector(`[${WARM_UP_ATTRIBUTE}]`)).toBeNull();
    } finally {
      vi.doUnmock('../../../renderers/grid/EntityGrid');
    }
  }, 20_000);
});
