/**
 * The form warm-up ahead of the first document (renderers/form/warmUp.tsx) and its scheduling from a
 * grid screen (renderers/screen/formWarmUp.ts): hidden and unreachable while it runs, a line added
 * to its long document, no request, the focus left where it was, gone afterwards; scheduled once per
 * page load, when idle, not while a dialog is open, silent on failure.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setupFormDom } from '../support/formDom';
import { fakeIdle } from '../support/idle';

vi.setConfig({ testTimeout: 60_000 });

beforeAll(setupFormDom);

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('warmUpForm', () => {
  it('draws the document hidden, adds a line, sends nothing, leaves the focus, and removes itself', async () => {
    const { warmUpForm, FORM_WARM_UP_ATTRIBUTE, WARM_UP_LINES } =
      await import('../../../renderers/form/warmUp');
    const fetch = vi.fn(() => Promise.reject(new Error('no request expected')));
    vi.stubGlobal('fetch', fetch);
    const mine = document.createElement('input');
    document.body.appendChild(mine);
    mine.focus();

    const seen: { hidden: boolean; inert: boolean; visibility: string; rows: number; added: boolean }[] = [];
    const observer = new MutationObserver(() => {
      const el = document.querySelector<HTMLElement>(`[${FORM_WARM_UP_ATTRIBUTE}]`);
      if (!el) return;
      seen.push({
        hidden: el.getAttribute('aria-hidden') === 'true',
        inert: el.inert,
        visibility: el.style.visibility,
        rows: el.querySelectorAll('[data-lines] .ag-row').length,
        added: !!el.querySelector(`[data-lines] [row-index="${WARM_UP_LINES}"]`),
      });
    });
    observer.observe(document.body, { childList: true, subtree: true });
    await warmUpForm('fa');
    observer.disconnect();

    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((s) => s.hidden && s.inert && s.visibility === 'hidden')).toBe(true);
    expect(seen.some((s) => s.rows > 0)).toBe(true);
    // the lines grid's add button was pressed: the long document's new line was drawn
    expect(seen.some((s) => s.added)).toBe(true);
    expect(document.querySelector(`[${FORM_WARM_UP_ATTRIBUTE}]`)).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(mine);
  });
});

/** formWarmUp.ts afresh (its once-per-page-load flag). */
async function fresh() {
  vi.resetModules();
  return import('../../../renderers/screen/formWarmUp');
}

describe('warmUpFormWhenIdle', () => {
  it('loads the warm-up, runs it when idle, and only once per page load', async () => {
    const idle = fakeIdle();
    const { warmUpFormWhenIdle } = await fresh();
    const warmUpForm = vi.fn(() => Promise.resolve());
    const load = vi.fn(() => Promise.resolve({ warmUpForm }));
    warmUpFormWhenIdle('fa', load);
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(warmUpForm).not.toHaveBeenCalled();
    idle.idle();
    await settle();
    expect(warmUpForm).toHaveBeenCalledWith('fa');
    warmUpFormWhenIdle('fa', load);
    await settle();
    idle.idle();
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(warmUpForm).toHaveBeenCalledTimes(1);
  });

  it('skips the warm-up when a dialog is open at the idle moment', async () => {
    const idle = fakeIdle();
    const { warmUpFormWhenIdle } = await fresh();
    const warmUpForm = vi.fn(() => Promise.resolve());
    warmUpFormWhenIdle('fa', () => Promise.resolve({ warmUpForm }));
    await settle();
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    document.body.appendChild(dialog);
    idle.idle();
    await settle();
    expect(warmUpForm).not.toHaveBeenCalled();
  });

  it('is silent when its chunk fails to load or the warm-up fails', async () => {
    const idle = fakeIdle();
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const a = await fresh();
      a.warmUpFormWhenIdle('fa', () => Promise.reject(new Error('offline')));
      await settle();
      const b = await fresh();
      b.warmUpFormWhenIdle('fa', () => Promise.resolve({ warmUpForm: () => Promise.reject(new Error('x')) }));
      await settle();
      idle.idle();
      await settle();
      await settle();
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
