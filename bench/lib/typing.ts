/**
 * Typing as a keyboard does: every character is a key press (keydown with its text, then keyup),
 * `gapMs` after the one before, sent through CDP `Input.dispatchKeyEvent`.
 *
 * Playwright's `keyboard.type` sends a keydown only for characters of its US layout; a Persian
 * letter is inserted as text with no key event, and its delay comes before the insertion, so the
 * space after a word arrived a few milliseconds after the word's last letter, while that letter's
 * frame was still being made: each timed keydown measured two keys typed at once (about 160 a
 * second) instead of one keystroke. Here each key waits its gap and has its own keydown.
 * '\n' presses Enter. With a gap of 0 the keys come faster than frames (an end-to-end test of
 * keys typed while the lines grid's next editor is still to start).
 */
import type { Page } from 'playwright-core';

/** Keys whose event names differ from their text ('\n' is the Enter key). */
const KEYS: Record<string, { key: string; code: string; windowsVirtualKeyCode: number }> = {
  ' ': { key: ' ', code: 'Space', windowsVirtualKeyCode: 32 },
  '\n': { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13 },
};

export async function typeKeys(page: Page, text: string, gapMs: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    for (const ch of text) {
      const key = KEYS[ch] ?? { key: ch };
      const typed = ch === '\n' ? '\r' : ch;
      await cdp.send('Input.dispatchKeyEvent', {
        type: 'keyDown',
        text: typed,
        unmodifiedText: typed,
        ...key,
      });
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...key });
      await new Promise((resolve) => setTimeout(resolve, gapMs));
    }
  } finally {
    await cdp.detach();
  }
}
