/**
 * The parts of a lines-grid column that differ for a lookup field: the lookup cell editor, the
 * display text of the stored id, and the resolution of text committed before a choice (the first
 * match of a search for it becomes the id; no match leaves the text, which validation refuses).
 */
import type { ColDef, ValueFormatterParams, ValueSetterParams } from 'ag-grid-community';
import { displayValue } from '../../../runtime/shared/fieldKinds/specs';
import type { LookupTarget } from '../lookup';
import { setCell, type GridLine } from './lines';
import type { LineColumnsOptions } from './lineColumns';
import { LookupCellEditor, type LookupCellParams } from './lineLookup';

export function lookupColumn(
  o: LineColumnsOptions,
  name: string,
  target: LookupTarget,
  label: string,
): Partial<ColDef<GridLine>> {
  const lookups = o.lookups!;
  const params: LookupCellParams = { lookups, target, label };
  return {
    cellEditor: LookupCellEditor,
    cellEditorParams: params,
    valueParser: undefined,
    valueFormatter: (p: ValueFormatterParams<GridLine>) => {
      const v: unknown = p.value;
      // text typed before a choice was made shows as typed
      if (typeof v !== 'number') return v == null ? '' : String(v);
      const text = lookups.textOf(target, v);
      if (text === undefined) lookups.load(target, [v]);
      return text === undefined ? '' : displayValue('lookup', v, o.lang, {}, { lookupText: text });
    },
    valueSetter: (p: ValueSetterParams<GridLine>) => {
      const row = p.data;
      if (!row) return false;
      const value: unknown = p.newValue;
      row.v = setCell(o.child, row.v, name, value);
      o.onCellSet(row, name);
      if (typeof value === 'string' && value.trim() !== '')
        void lookups.search(target, value).then((options) => {
          const first = options[0];
          if (!first || row.v[name] !== value) return;
          row.v = setCell(o.child, row.v, name, first.id);
          o.onCellSet(row, name);
        });
      return true;
    },
  };
}
