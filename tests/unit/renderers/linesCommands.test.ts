/**
 * The lines grid's controller (renderers/form/lines/linesCommands.ts): each command changes the
 * ordered rows, applies the same change to the grid as a transaction, tells the form, and starts
 * the next editor where the user goes on typing. The grid is a recording fake of the api part the
 * commands use (LinesGridPort).
 */
import type { SuppressKeyboardEventParams } from 'ag-grid-community';
import { describe, expect, it } from 'vitest';
import { editableFields } from '../../../renderers/form/lines/lineColumns';
import { computedFields, toGridLines, type GridLine } from '../../../renderers/form/lines/lines';
import {
  createLinesCommands,
  type EditedCell,
  type LinesGridPort,
} from '../../../renderers/form/lines/linesCommands';
import type { NextEditor } from '../../../renderers/form/lines/nextEditor';
import { invoice } from './defs';

const child = invoice.children!.lines!;
const editable = editableFields(child, false);

/** A grid that records what it is told; `selected` and `focused` are set by the test. */
function fakeGrid(start: () => GridLine[]) {
  const calls: string[] = [];
  const grid = {
    selected: [] as GridLine[],
    focused: null as { rowIndex: number } | null,
    transactions: [] as { add?: GridLine[]; remove?: GridLine[]; addIndex?: number }[],
    refreshed: [] as { columns?: string[]; rowNodes?: unknown[] }[],
    editing: [] as { rowIndex: number; colKey: string }[],
  };
  const port = {
    applyTransaction: (tx: { add?: GridLine[]; remove?: GridLine[]; addIndex?: number }) => {
      grid.transactions.push(tx);
      return null;
    },
    ensureIndexVisible: () => calls.push('ensureIndexVisible'),
    flushAllAnimationFrames: () => calls.push('flush'),
    getLastDisplayedRowIndex: () => start().length - 1,
    getFirstDisplayedRowIndex: () => 0,
    setGridOption: () => undefined,
    isDestroyed: () => false,
    getSelectedRows: () => grid.selected,
    getFocusedCell: () => grid.focused,
    getDisplayedRowAtIndex: (i: number) => ({ data: start()[i] }),
    getRowNode: (key: string) => ({ id: key }),
    refreshCells: (p: { columns?: string[]; rowNodes?: unknown[] }) => grid.refreshed.push(p),
    getColumnDef: () => ({}),
    setFocusedCell: () => calls.push('setFocusedCell'),
    startEditingCell: (p: { rowIndex: number; colKey: string }) => grid.editing.push(p),
  } as unknown as LinesGridPort; // a fake of the few methods used, not AG Grid's whole api
  return { grid, port, calls };
}

function setup(values: Record<string, unknown>[]) {
  const emitted: { rows: GridLine[]; edited?: EditedCell }[] = [];
  const scheduled: (() => void)[] = [];
  const nextEditor: NextEditor = { schedule: (start) => scheduled.push(start), cancel: () => undefined };
  const initial = toGridLines(child, values);
  // eslint-disable-next-line prefer-const -- the grid reads the commands' rows, made after it
  let commands: ReturnType<typeof createLinesCommands>;
  const { grid, port } = fakeGrid(() => commands.rows());
  commands = createLinesCommands(initial, {
    api: () => port,
    child: () => child,
    editable: () => editable,
    computed: () => computedFields(child),
    emit: (rows, edited) => emitted.push({ rows, edited }),
    nextEditor,
  });
  return { commands, grid, emitted, scheduled, initial };
}

const items = (rows: GridLine[]) => rows.map((r) => r.v.item ?? null);

describe('lines commands', () => {
  it('add appends an empty line to the rows and the grid, tells the form, then edits its first cell', () => {
    const { commands, grid, emitted, scheduled } = setup([{ item: 'a' }]);
    commands.add();
    expect(items(commands.rows())).toEqual(['a', null]);
    expect(grid.transactions).toEqual([{ add: [commands.rows()[1]], addIndex: 1 }]);
    expect(emitted.at(-1)?.rows).toBe(commands.rows());
    expect(grid.editing).toEqual([]); // the editor waits for the frame that shows the line
    scheduled.shift()!();
    expect(grid.editing).toEqual([{ rowIndex: 1, colKey: editable[0] }]);
  });

  it('add at a place inserts there and renumbers the lines after it', () => {
    const { commands, grid } = setup([{ item: 'a' }, { item: 'b' }]);
    commands.add(1);
    expect(items(commands.rows())).toEqual(['a', null, 'b']);
    expect(grid.refreshed).toContainEqual({ columns: ['#'], force: true });
  });

  it('remove takes the selected lines, or the focused one when none is selected', () => {
    const { commands, grid, emitted, initial } = setup([{ item: 'a' }, { item: 'b' }, { item: 'c' }]);
    grid.selected = [initial[0]!, initial[2]!];
    commands.remove();
    expect(items(commands.rows())).toEqual(['b']);
    expect(grid.transactions.at(-1)).toEqual({ remove: [initial[0], initial[2]] });
    grid.selected = [];
    grid.focused = { rowIndex: 0 };
    commands.remove();
    expect(commands.rows()).toEqual([]);
    expect(emitted).toHaveLength(2);
  });

  it('remove and duplicate with nothing selected or focused change nothing and tell nobody', () => {
    const { commands, grid, emitted } = setup([{ item: 'a' }]);
    commands.remove();
    commands.duplicate();
    expect(items(commands.rows())).toEqual(['a']);
    expect(grid.transactions).toEqual([]);
    expect(emitted).toEqual([]);
  });

  it('duplicate puts a copy under each selected line, with its own key', () => {
    const { commands, grid, initial } = setup([{ item: 'a' }, { item: 'b' }]);
    grid.selected = [initial[0]!, initial[1]!];
    commands.duplicate();
    expect(items(commands.rows())).toEqual(['a', 'a', 'b', 'b']);
    expect(new Set(commands.rows().map((r) => r.key)).size).toBe(4);
    expect(grid.transactions.map((tx) => tx.addIndex)).toEqual([1, 3]);
  });

  it('a cell set redraws that cell and the computed ones of its line and names the cell to the form', () => {
    const { commands, grid, emitted, initial } = setup([{ item: 'a' }]);
    commands.cellSet(initial[0]!, 'quantity');
    expect(grid.refreshed.at(-1)).toEqual({
      rowNodes: [{ id: initial[0]!.key }],
      columns: ['quantity', ...computedFields(child)],
      force: true,
    });
    expect(emitted.at(-1)?.edited).toEqual({ key: initial[0]!.key, field: 'quantity' });
  });

  describe('Enter in an editor', () => {
    const enter = (rowIndex: number, colId: string, over: Partial<KeyboardEvent> = {}) => {
      let stopped = false;
      const event = { key: 'Enter', type: 'keydown', preventDefault: () => undefined, ...over };
      const p = {
        event,
        editing: true,
        node: { rowIndex },
        column: { getColId: () => colId },
        api: { stopEditing: () => (stopped = true) },
      } as unknown as SuppressKeyboardEventParams<GridLine>; // the fields the hook reads
      return { p, stopped: () => stopped };
    };

    it('commits and goes to the next editable cell of the line', () => {
      const { commands, scheduled, grid } = setup([{ item: 'a' }]);
      const e = enter(0, editable[0]!);
      expect(commands.enter(e.p)).toBe(true);
      expect(e.stopped()).toBe(true);
      scheduled.shift()!();
      expect(grid.editing).toEqual([{ rowIndex: 0, colKey: editable[1] }]);
    });

    it('on the last cell of the last line adds a line', () => {
      const { commands } = setup([{ item: 'a' }]);
      commands.enter(enter(0, editable.at(-1)!).p);
      expect(commands.rows()).toHaveLength(2);
    });

    it('leaves other keys and modified Enters to the grid, and swallows the Enter keypress', () => {
      const { commands } = setup([{ item: 'a' }]);
      expect(commands.enter(enter(0, editable[0]!, { key: 'Tab' }).p)).toBe(false);
      expect(commands.enter(enter(0, editable[0]!, { shiftKey: true }).p)).toBe(false);
      const press = enter(0, editable[0]!, { type: 'keypress' });
      expect(commands.enter(press.p)).toBe(true);
      expect(press.stopped()).toBe(false);
    });
  });
});
