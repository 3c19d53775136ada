/**
 * A dashboard card's place on the 12-column grid and its keyboard moves (layout editing): the
 * arrows move it a column or a row, Shift + arrows resize it; left and right follow the screen
 * (in a right-to-left page, the left arrow goes toward the line's end). Bounds are the board's
 * (schemas/report/board.json): 12 columns, 100 rows, a card 1–12 wide and 1–8 high.
 */
export interface Layout {
  x: number;
  y: number;
  w: number;
  h: number;
}

export const COLUMNS = 12;
const MAX_ROW = 99;
const MAX_HEIGHT = 8;

/** The layout after a key (null: the key does not move cards). */
export function moveCard(l: Layout, key: string, resize: boolean, rtl: boolean): Layout | null {
  const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
  const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
  const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));
  if (resize) {
    if (key === forward) return { ...l, w: clamp(l.w + 1, 1, COLUMNS - l.x) };
    if (key === backward) return { ...l, w: clamp(l.w - 1, 1, COLUMNS) };
    if (key === 'ArrowDown') return { ...l, h: clamp(l.h + 1, 1, MAX_HEIGHT) };
    if (key === 'ArrowUp') return { ...l, h: clamp(l.h - 1, 1, MAX_HEIGHT) };
    return null;
  }
  if (key === forward) return { ...l, x: clamp(l.x + 1, 0, COLUMNS - l.w) };
  if (key === backward) return { ...l, x: clamp(l.x - 1, 0, COLUMNS - l.w) };
  if (key === 'ArrowDown') return { ...l, y: clamp(l.y + 1, 0, MAX_ROW) };
  if (key === 'ArrowUp') return { ...l, y: clamp(l.y - 1, 0, MAX_ROW) };
  return null;
}
