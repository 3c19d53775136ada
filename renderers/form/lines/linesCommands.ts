/**
 * The lines grid's controller: the commands a user gives a child table (add a line, remove and
 * duplicate the selected or focused lines, set a cell, Enter to commit and move on) over the rows
 * the grid owns. The view (LinesGrid.tsx) draws the grid and its buttons and routes events here;
 * the commands keep the ordered rows, apply each change to the grid as a transaction (no React
 * render per line or cell) and report the rows to the form through `emit`.
 *
 * The grid is reached through `LinesGridPort`, the part of AG Grid's api the commands use, so the
 * commands are tested without a browser grid.
 */
import type { GridApi, SuppressKeyboardEventParams } from 'ag-grid-community';
import type { ChildDefinition } from '../../../runtime/shared/definition';
import { afterPaint } from '../afterPaint';
import {
  computeLine,
  copyLines,
  emptyLine,
  insertLine,
  newKey,
  nextCell,
  removeLines,
  type GridLine,
  type Line,
} from './lines';
import type { NextEditor } from './nextEditor';

/** The part of AG Grid's api the commands use. */
export type LinesGridPort = Pick<
  GridApi<GridLine>,
  | 'applyTransaction'
  | 'ensureIndexVisible'
  | 'flushAllAnimationFrames'
  | 'getLastDisplayedRowIndex'
  | 'getFirstDisplayedRowIndex'
  | 'setGridOption'
  | 'isDestroyed'
  | 'getSelectedRows'
  | 'getFocusedCell'
  | 'getDisplayedRowAtIndex'
  | 'getRowNode'
  | 'refreshCells'
  | 'getColumnDef'
  | 'setFocusedCell'
  | 'startEditingCell'
>;

/** The cell a user set (the form drops its server message). */
export interface EditedCell {
  key: string;
  field: string;
}

/** What the commands read from the view at the moment of a command (its current props). */
export interface LinesCommandsContext {
  /** The grid, once created (null before and after it lives). */
  api: () => LinesGridPort | null;
  child: () => ChildDefinition;
  /** Editable fields in column order (Enter moves through them; an added line starts at the first). */
  editable: () => string[];
  /** Computed fields of a line (redrawn with the cell that set them). */
  computed: () => string[];
  /** Tells the form the rows after a change. */
  emit: (rows: GridLine[], edited?: EditedCell) => void;
  /** Starts the next editor after the frame that shows the change. */
  nextEditor: NextEditor;
}

export interface LinesCommands {
  /** The ordered rows now (the grid's row data). */
  rows(): GridLine[];
  /** Adds an empty line at `at` (default: at the end) and starts its first editable cell. */
  add(at?: number): void;
  /** Removes the selected lines, or the focused one when none is selected. */
  remove(): void;
  /** Duplicates the selected lines (or the focused one), each copy under its line. */
  duplicate(): void;
  /** A cell editor set `field` of `row` (the row object is already changed in place). */
  cellSet(row: GridLine, field: string): void;
  /**
   * All lines become `lines` (a lookup's pick filled them, LookupSpec.fill): each keeps the fields
   * the child has, with its computed fields.
   */
  replace(lines: Line[]): void;
  /** Starts editing a cell (the grid's focused cell follows). */
  startEditing(rowIndex: number, colId: string): void;
  /**
   * The grid's keyboard hook: Enter in an editor commits and moves to the next editable cell, or
   * adds a line after the last one. True when the grid must not handle the key itself.
   */
  enter(p: SuppressKeyboardEventParams<GridLine>): boolean;
}

/**
 * Rows drawn beyond the visible ones each way, so a scroll shows drawn rows (AG Grid's default is
 * 10): fewer rows created and laid out when the first add of a long document jumps to its end.
 */
export const ROW_BUFFER = 4;

export function createLinesCommands(initial: GridLine[], ctx: LinesCommandsContext): LinesCommands {
  let rows = initial;
  const emit = (edited?: EditedCell) => ctx.emit(rows, edited);
  const renumber = () => ctx.api()?.refreshCells({ columns: ['#'], force: true });

  const startEditing = (rowIndex: number, colId: string) => {
    const api = ctx.api();
    if (!api) return;
    // startEditingCell scrolls the row into view itself and focuses the editor. The grid's focused
    // cell (Tab, copy and remove go from it) is set after it for an editor inside the cell: the
    // cell holding the focused editor is not focused again (the cell taking the browser focus, then
    // its editor, was a second forced style and layout per Enter). A popup editor is outside the
    // cell, so its cell is focused first, once its row is drawn (a cell drawn while it is the
    // focused one takes the focus again on a timer, from the editor).
    if (api.getColumnDef(colId)?.cellEditorPopup) {
      api.ensureIndexVisible(rowIndex);
      api.setFocusedCell(rowIndex, colId);
      api.startEditingCell({ rowIndex, colKey: colId });
    } else {
      api.startEditingCell({ rowIndex, colKey: colId });
      api.setFocusedCell(rowIndex, colId);
    }
  };

  const add = (at = rows.length) => {
    const line: GridLine = { key: newKey(), v: emptyLine(ctx.child()) };
    const appended = at >= rows.length;
    rows = insertLine(rows, line, at);
    const api = ctx.api();
    // A line out of the drawn rows (the first add of a long document) is a jump: only the rows the
    // viewport shows there are drawn before the frame, the rows kept beyond them for scrolling
    // after it (they are out of view: drawing them first was a third of the jump's work).
    const jump = !!api && (at > api.getLastDisplayedRowIndex() + 1 || at < api.getFirstDisplayedRowIndex());
    if (jump) api.setGridOption('rowBuffer', 0);
    api?.applyTransaction({ add: [line], addIndex: at });
    // The new line is shown in this frame (drawn now, not in the grid's own animation frames
    // behind it); its first cell's editor comes in the next.
    api?.ensureIndexVisible(at);
    api?.flushAllAnimationFrames();
    // lines after an inserted one move down a number; an appended line is numbered as it is drawn
    if (!appended) renumber();
    emit();
    const first = ctx.editable()[0];
    if (first) ctx.nextEditor.schedule(() => startEditing(at, first));
    if (jump)
      afterPaint(() => {
        if (!api.isDestroyed()) api.setGridOption('rowBuffer', ROW_BUFFER);
      });
  };

  /** The selected lines, or the line of the focused cell when none is selected. */
  const targetKeys = (): string[] => {
    const api = ctx.api();
    if (!api) return [];
    const selected = api.getSelectedRows().map((r) => r.key);
    if (selected.length) return selected;
    const focused = api.getFocusedCell();
    const row = focused ? api.getDisplayedRowAtIndex(focused.rowIndex)?.data : undefined;
    return row ? [row.key] : [];
  };

  const remove = () => {
    const keys = new Set(targetKeys());
    if (!keys.size) return;
    const gone = rows.filter((r) => keys.has(r.key));
    rows = removeLines(rows, keys);
    ctx.api()?.applyTransaction({ remove: gone });
    renumber();
    emit();
  };

  const duplicate = () => {
    const keys = targetKeys();
    if (!keys.length) return;
    const copied = copyLines(rows, keys);
    rows = copied.rows;
    for (const copy of copied.copies)
      ctx.api()?.applyTransaction({ add: [copy], addIndex: rows.indexOf(copy) });
    renumber();
    emit();
  };

  const replace = (lines: Line[]) => {
    const child = ctx.child();
    const known = (line: Line) =>
      Object.fromEntries(Object.entries(line).filter(([f]) => Object.hasOwn(child.schema.properties, f)));
    const next = lines.map((l) => ({
      key: newKey(),
      v: computeLine(child, { ...emptyLine(child), ...known(l) }),
    }));
    ctx.api()?.applyTransaction({ remove: rows, add: next });
    rows = next;
    renumber();
    emit();
  };

  const cellSet = (row: GridLine, field: string) => {
    // the cell set and the line's computed cells; the row's other cells did not change
    const api = ctx.api();
    const node = api?.getRowNode(row.key);
    if (node) api?.refreshCells({ rowNodes: [node], columns: [field, ...ctx.computed()], force: true });
    emit({ key: row.key, field });
  };

  const enter = (p: SuppressKeyboardEventParams<GridLine>): boolean => {
    const e = p.event;
    if (e.key !== 'Enter' || e.shiftKey || e.ctrlKey || e.altKey || e.metaKey || !p.editing) return false;
    if (e.type !== 'keydown') return true;
    // The editor's input leaves the DOM below, so the section's onKeyDown never sees this keydown;
    // unprevented, its keypress reaches the next cell's editor and submits the form implicitly.
    e.preventDefault();
    const rowIndex = p.node.rowIndex ?? 0;
    const colId = p.column.getColId();
    // The editor lets the focus go before it stops: stopping an editor that has the focus focuses
    // its cell first (a forced style and layout, and Fluent's focus tracking walking the ancestors),
    // only for the next editor to take the focus a moment later. Losing the focus stops (commits)
    // the edit here already (stopEditingWhenCellsLoseFocus); stopEditing() makes sure it stopped.
    if (e.target instanceof HTMLElement) e.target.blur();
    p.api.stopEditing();
    const next = nextCell(ctx.editable(), rowIndex, colId, rows.length);
    if (next === 'add') add();
    else ctx.nextEditor.schedule(() => startEditing(next.rowIndex, next.colId));
    return true;
  };

  return { rows: () => rows, add, remove, duplicate, cellSet, replace, startEditing, enter };
}
