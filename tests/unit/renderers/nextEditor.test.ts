/**
 * The lines grid's next editor (renderers/form/lines/nextEditor.ts) starts after the frame, or at
 * once when a key comes first; the grid's own keys reach the editor that started; a pointer press
 * or a new schedule forgets the waiting one.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createNextEditor } from '../../../renderers/form/lines/nextEditor';

/** A started editor: an input that takes the focus, as the grid's editor does. */
function editorStarter() {
  const input = document.createElement('input');
  document.body.append(input);
  const start = vi.fn(() => input.focus());
  return { input, start };
}

const key = (init: KeyboardEventInit) =>
  new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init });

afterEach(() => {
  document.body.replaceChildren();
  vi.useRealTimers();
});

describe('the next cell editor', () => {
  it('starts after the next frame, not in the event that scheduled it', async () => {
    const next = createNextEditor();
    const { start } = editorStarter();
    next.schedule(start);
    expect(start).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(start).toHaveBeenCalledTimes(1));
    // started once: a later key finds nothing waiting
    document.body.dispatchEvent(key({ key: '1' }));
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts at once on a keydown that comes first, which then goes on to its default (the text)', () => {
    const next = createNextEditor();
    const { input, start } = editorStarter();
    next.schedule(start);
    const typed = key({ key: '۲' });
    document.body.dispatchEvent(typed);
    expect(start).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(input);
    expect(typed.defaultPrevented).toBe(false);
  });

  it('sends Enter, Tab and Escape on to the editor it started (the grid listens there, not on the page)', () => {
    for (const name of ['Enter', 'Tab', 'Escape']) {
      const next = createNextEditor();
      const { input, start } = editorStarter();
      const seen: KeyboardEvent[] = [];
      input.addEventListener('keydown', (e) => seen.push(e));
      next.schedule(start);
      const pressed = key({ key: name, shiftKey: name === 'Tab' });
      document.body.dispatchEvent(pressed);
      expect(pressed.defaultPrevented).toBe(true);
      expect(seen.map((e) => [e.key, e.shiftKey])).toEqual([[name, name === 'Tab']]);
    }
  });

  it('forgets the waiting editor on a pointer press, on cancel, and when another is scheduled', async () => {
    vi.useFakeTimers();
    const next = createNextEditor();
    const first = editorStarter();
    next.schedule(first.start);
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    document.body.dispatchEvent(key({ key: '1' }));

    const second = editorStarter();
    const third = editorStarter();
    next.schedule(second.start);
    next.schedule(third.start);
    const fourth = editorStarter();
    await vi.advanceTimersByTimeAsync(200);
    next.schedule(fourth.start);
    next.cancel();
    await vi.advanceTimersByTimeAsync(200);

    expect(first.start).not.toHaveBeenCalled();
    expect(second.start).not.toHaveBeenCalled();
    expect(third.start).toHaveBeenCalledTimes(1);
    expect(fourth.start).not.toHaveBeenCalled();
  });
});
