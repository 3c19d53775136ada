/**
 * The next cell's editor, started after the frame that shows the cell just committed: an Enter
 * paints the committed value (and its line's computed cells) in its own frame, and the next editor
 * (a new input taking the focus: style, layout and focus handling of its own) follows in the next.
 *
 * Nothing typed in between is lost: a keydown anywhere while an editor is waiting starts it at once,
 * before the key's own default action, so the key's text (or Backspace, Delete, an arrow) goes to
 * the new editor's input. The grid's own keys (Enter, Tab, Escape) were aimed at the page, where the
 * grid does not listen: they are stopped there and sent again to the new editor, so a second Enter
 * moves on again and an Escape cancels the new edit. A pointer press cancels the waiting editor
 * (the user chose another place), as does a new schedule.
 */
import { afterPaint } from '../afterPaint';

/** Keys the grid acts on in an editor (commit and move, move, cancel). */
const GRID_KEYS = new Set(['Enter', 'Tab', 'Escape']);

export interface NextEditor {
  /** Starts `start` after the next painted frame, or at the next keydown if that comes first. */
  schedule(start: () => void): void;
  /** Forgets the waiting editor (the grid was destroyed, the user pressed elsewhere). */
  cancel(): void;
}

export function createNextEditor(win: Window = window): NextEditor {
  let waiting: (() => void) | null = null;
  const cancel = () => {
    waiting = null;
    win.removeEventListener('keydown', onKey, true);
    win.removeEventListener('pointerdown', cancel, true);
  };
  function flush() {
    const start = waiting;
    cancel();
    start?.();
  }
  function onKey(e: KeyboardEvent) {
    flush();
    if (!GRID_KEYS.has(e.key)) return;
    const editor = win.document.activeElement;
    if (!editor || editor === e.target) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    editor.dispatchEvent(
      new KeyboardEvent('keydown', {
        key: e.key,
        code: e.code,
        shiftKey: e.shiftKey,
        ctrlKey: e.ctrlKey,
        altKey: e.altKey,
        metaKey: e.metaKey,
        bubbles: true,
        cancelable: true,
      }),
    );
  }
  return {
    schedule(start) {
      cancel();
      waiting = start;
      win.addEventListener('keydown', onKey, true);
      win.addEventListener('pointerdown', cancel, true);
      afterPaint(() => {
        if (waiting === start) flush();
      });
    },
    cancel,
  };
}
