/**
 * The parts of a lines-grid column that differ for a lookup field: the lookup cell editor, the
 * display text of the stored id, the resolution of text committed without a pick (its one exact
 * match by code becomes the id; anything else puts the cell back as it was and says so at once,
 * LineColumnsOptions.onLookupRefused), and the line fields a pick fills (LookupSpec.fill, then
 * LookupSpec.fillFrom: a related list's line for the pick, e.g. the customer's price).
 */
import type { ColDef, ValueFormatterParams, ValueSetterParams } from 'ag-grid-community';
import { displayValue } from '../../../runtime/shared/fieldKinds/specs';
import { fillValues } from '../../../runtime/shared/lookup';
import type { LookupTarget } from '../lookup';
import { setCell, type GridLine, type Line } from './lines';
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
  /**
   * The line's fields the picked row fills, those the line has (the others are ignored). A pick
   * resolved after the user moved on (`since`: the line when its text was committed) leaves the
   * cells they changed meanwhile as they are.
   */
  const fill = (row: GridLine, id: number, since?: Line) => {
    const typed = new Set(
      since
        ? [...new Set([...Object.keys(row.v), ...Object.keys(since)])].filter((k) => row.v[k] !== since[k])
        : [],
    );
    const picked = target.fill ? lookups.rowOf(target, id) : undefined;
    if (picked && target.fill) {
      for (const [to, v] of Object.entries(fillValues(target.fill, picked))) {
        if (!Object.hasOwn(o.child.schema.properties, to) || to === name || typed.has(to)) continue;
        row.v = setCell(o.child, row.v, to, v);
        o.onCellSet(row, to);
      }
    }
    fillFromList(row, id, typed);
  };
  /**
   * The related list's values for the pick (LookupSpec.fillFrom), over what `fill` gave, once they
   * arrive: only while the line still holds this pick and the user has not changed those cells
   * (meanwhile, or before a late pick resolved: `typed`).
   */
  const fillFromList = (row: GridLine, id: number, typed: ReadonlySet<string>) => {
    const spec = target.fillFrom;
    if (!spec || !o.fillFrom) return;
    const before = Object.fromEntries(Object.keys(spec.fill).map((to) => [to, row.v[to]]));
    void o.fillFrom(spec, id, o.documentOf?.() ?? {}).then((values) => {
      if (!values || row.v[name] !== id) return;
      for (const [to, v] of Object.entries(values)) {
        if (!Object.hasOwn(o.child.schema.properties, to) || to === name || typed.has(to)) continue;
        if (row.v[to] !== before[to]) continue; // typed meanwhile: the user's value stays
        row.v = setCell(o.child, row.v, to, v);
        o.onCellSet(row, to);
      }
    });
  };
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
      const before: unknown = p.oldValue;
      // a number is a pick (or the id it had): taken, with the fields it fills
      if (typeof value !== 'string' || value.trim() === '') {
        row.v = setCell(o.child, row.v, name, value);
        o.onCellSet(row, name);
        if (typeof value === 'number' && value !== before) fill(row, value);
        return true;
      }
      // text left without a pick: its one exact match, else the cell as it was and a message
      const committed = { ...row.v };
      void lookups.resolve(target, value).then((option) => {
        if (row.v[name] !== before) return;
        if (!option) {
          o.onLookupRefused?.(label, value);
          return;
        }
        row.v = setCell(o.child, row.v, name, option.id);
        o.onCellSet(row, name);
        fill(row, option.id, committed);
      });
      return false;
    },
  };
}
