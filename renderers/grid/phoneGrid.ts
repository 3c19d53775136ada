/**
 * The entity grid on a phone (runtime/ui/viewport.ts): the grid keeps its columns and scrolls
 * sideways inside its own box, with the key column (the list's first) pinned at the reading
 * start so a row stays recognisable; a double tap on a row opens it, as a double-click does.
 * (A card list was the other choice: it would hide the columns' sort and filter menus, and the
 * grid's paging, selection and export would need a second renderer.)
 */
import type { ColDef, RowClickedEvent } from 'ag-grid-community';
import type { EntityRow, Lang } from '../../runtime/shared/definition';

/** The columns with the first (the key column) pinned at the side a row's reading starts. */
export function pinKeyColumn(columns: ColDef<EntityRow>[], lang: Lang): ColDef<EntityRow>[] {
  if (columns.length < 2) return columns;
  const [first, ...rest] = columns;
  return [{ ...first, pinned: lang === 'fa' ? 'right' : 'left', lockPinned: true }, ...rest];
}

/** Longest gap between the two taps of a double tap (ms). */
const DOUBLE_TAP_MS = 450;

/**
 * Tells a double tap of a finger on a row (a phone has no double-click): `tapped` answers the
 * row to open on the second tap, else null. Clicks of a mouse are left to the grid's
 * double-click; `justOpened` is true right after a double tap opened a row, so the browser's
 * own double-click of the same gesture does not open it twice.
 */
export function doubleTapOpener() {
  let last: { id: unknown; at: number } | null = null;
  let openedAt = 0;
  const tapped = (e: RowClickedEvent<EntityRow>): EntityRow | null => {
    const pointer = (e.event as PointerEvent | null)?.pointerType;
    const touch =
      pointer === 'touch' || (!pointer && window.matchMedia?.('(pointer: coarse)').matches === true);
    if (!touch || !e.data) return null;
    const now = Date.now();
    if (last && last.id === e.data.id && now - last.at <= DOUBLE_TAP_MS) {
      last = null;
      openedAt = now;
      return e.data;
    }
    last = { id: e.data.id, at: now };
    return null;
  };
  const justOpened = () => Date.now() - openedAt < 1000;
  return { tapped, justOpened };
}
