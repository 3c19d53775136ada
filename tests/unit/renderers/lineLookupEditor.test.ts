import type { ICellEditorParams } from 'ag-grid-community';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  LookupCellEditor,
  type LineLookups,
  type LookupCellParams,
} from '../../../renderers/form/lines/lineLookup';
import type { GridLine } from '../../../renderers/form/lines/lines';
import { LOOKUP_DELAY_MS } from '../../../renderers/form/lookup';

const target = { entity: 'inventory.item', displayField: 'name' };

function lookups(): LineLookups {
  return {
    search: vi.fn(async () => [
      { id: 7, text: 'شکر' },
      { id: 9, text: 'شکلات' },
    ]),
    textOf: (_t, id) => (id === 3 ? 'برنج' : undefined),
    rowOf: () => undefined,
    resolve: vi.fn(async () => null),
    load: vi.fn(),
  };
}

/** An editor started in a cell of a lines section (the element the list is placed over). */
function start(params: Partial<ICellEditorParams<GridLine>>) {
  const section = document.createElement('section');
  section.setAttribute('data-lines', 'lines');
  const cell = document.createElement('div');
  section.append(cell);
  document.body.append(section);
  const editor = new LookupCellEditor();
  const p = { value: undefined, eventKey: null, stopEditing: vi.fn(), ...params } as unknown;
  editor.init(p as ICellEditorParams<GridLine> & LookupCellParams);
  cell.append(editor.getGui());
  return { editor, section, input: editor.getGui() as HTMLInputElement };
}

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe('lookup cell editor of the lines grid (inline)', () => {
  it('is the input itself, in the cell: no popup to position', () => {
    const { editor, input } = start({ ...{ lookups: lookups(), target, label: 'کالا' }, value: 3 });
    expect(editor.isPopup()).toBe(false);
    expect(input.tagName).toBe('INPUT');
    expect(input.getAttribute('role')).toBe('combobox');
    expect(input.value).toBe('برنج');
    expect(editor.getValue()).toBe(3); // untouched: the stored id
  });

  it('shows the options of a search over the lines section, chooses with the arrows, and goes with the editor', async () => {
    vi.useFakeTimers();
    const { editor, section, input } = start({
      ...{ lookups: lookups(), target, label: 'کالا' },
      eventKey: 'ش',
    });
    expect(input.value).toBe('ش');
    await vi.advanceTimersByTimeAsync(LOOKUP_DELAY_MS + 1);
    const list = section.querySelector('[role="listbox"]');
    expect(list?.parentElement).toBe(section);
    expect(input.getAttribute('aria-controls')).toBe(list?.id);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect([...list!.querySelectorAll('[role="option"]')].map((o) => o.textContent)).toEqual([
      'شکر',
      'شکلات',
    ]);
    // left without a pick, the text stays text (resolved or refused after the commit)
    expect(editor.getValue()).toBe('ش');
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(editor.getValue()).toBe(9); // Enter picks the highlighted option
    editor.destroy();
    expect(section.querySelector('[role="listbox"]')).toBeNull();
  });

  it("text left without a pick that is one option's code (in Persian digits) picks that option", async () => {
    vi.useFakeTimers();
    const spec = { entity: 'inventory.item', displayField: 'name', codeField: 'code' };
    const found = [
      { id: 4, text: '۱۰۰۲ — پیچ', row: { id: 4, version: 1, code: '1002', name: 'پیچ' } },
      { id: 5, text: '۱۰۰۲۱ — مهره', row: { id: 5, version: 1, code: '10021', name: 'مهره' } },
    ];
    const withCodes: LineLookups = { ...lookups(), search: vi.fn(async () => found) };
    const { editor } = start({ ...{ lookups: withCodes, target: spec, label: 'کالا' }, eventKey: '۱' });
    const input = editor.getGui() as HTMLInputElement;
    input.value = '۱۰۰۲';
    input.dispatchEvent(new Event('input'));
    await vi.advanceTimersByTimeAsync(LOOKUP_DELAY_MS + 1);
    expect(editor.getValue()).toBe(4);
    input.value = '۱۰۰';
    input.dispatchEvent(new Event('input'));
    await vi.advanceTimersByTimeAsync(LOOKUP_DELAY_MS + 1);
    expect(editor.getValue()).toBe('۱۰۰'); // no row has that code: refused after the commit
  });
});
