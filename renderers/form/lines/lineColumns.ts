/**
 * Column definitions of the lines grid from a child definition: per field kind an editor of AG
 * Grid's own (LINE_EDITORS), the kind's display text and parse (runtime/shared/fieldKinds),
 * computed and read-only fields not editable. Errors come from a getter so cells refresh
 * without new column definitions.
 */
import type { FillFrom } from '../fillFrom';
import type {
  CellClassParams,
  ColDef,
  ICellRendererComp,
  ICellRendererParams,
  ITooltipParams,
  ValueFormatterParams,
  ValueParserParams,
  ValueSetterParams,
} from 'ag-grid-community';
import type { ChildDefinition, Lang } from '../../../runtime/shared/definition';
import {
  fieldLabel,
  fieldParse,
  fieldText,
  kindField,
  kindOf,
  type FieldKind,
  type KindField,
  type KindSource,
} from '../../../runtime/shared/fieldKind';
import { formatNumber, localDigits } from '../../format';
import { computedFields, setCell, type GridLine } from './lines';
import { lookupColumn } from './lineLookupColumn';
import type { LineLookups } from './lineLookup';

export const ERROR_CLASS = 'erp-line-cell-error';
export const ROW_NUMBER_COL = '#';

/** What a typed cell text of a field becomes: the kind's parse (any digits, Jalali dates, labels). */
export function lineCellParser(child: KindSource, name: string): (text: unknown) => unknown {
  return (text) => (typeof text === 'string' ? fieldParse(child, name, text) : text);
}

/** The text of a line cell: the kind's displayValue, as grid, print, history and export show it. */
export function lineCellText(child: KindSource, name: string, value: unknown, lang: Lang): string {
  return fieldText(child, name, value, lang);
}

/** The cell editor of a kind: AG Grid's own editors; `useFormatter`: edited as shown (digits, Jalali). */
type LineEditor = Pick<ColDef<GridLine>, 'cellEditor' | 'cellEditorParams'> & { parsed: boolean };

const asShown: LineEditor = {
  cellEditor: 'agTextCellEditor',
  cellEditorParams: { useFormatter: true },
  parsed: true,
};
const asStored: LineEditor = {
  cellEditor: 'agTextCellEditor',
  cellEditorParams: { useFormatter: false },
  parsed: true,
};

/** The lines-grid cell editor of each kind (a lookup with searches gets lineLookupColumn's editor). */
export const LINE_EDITORS: Record<FieldKind, (field: KindField) => LineEditor> = {
  text: () => asStored,
  longText: () => asStored,
  integer: () => asShown,
  decimal: () => asShown,
  money: () => asShown,
  percent: () => asShown,
  boolean: () => ({ cellEditor: 'agCheckboxCellEditor', parsed: false }),
  enum: (field) => ({
    cellEditor: 'agSelectCellEditor',
    cellEditorParams: { values: field.enum ?? [] },
    parsed: false,
  }),
  multiEnum: () => asShown,
  // without searches (LineColumnsOptions.lookups) the id is edited as a number
  lookup: () => asShown,
  date: () => asShown,
  dateTime: () => asShown,
  time: () => asShown,
  nationalCode: () => asStored,
  companyId: () => asStored,
  postalCode: () => asStored,
  sheba: () => asStored,
  mobile: () => asStored,
  email: () => asStored,
  attachments: () => asStored,
  image: () => asStored,
};

/** Vanilla (non-React) cell renderer: the text, and the cell's error as aria-description. */
export class LineCellRenderer implements ICellRendererComp<GridLine> {
  private el = document.createElement('span');
  init(p: ICellRendererParams<GridLine> & { errorOf?: (key: string, field: string) => string }): void {
    this.refresh(p);
  }
  getGui(): HTMLElement {
    return this.el;
  }
  refresh(p: ICellRendererParams<GridLine> & { errorOf?: (key: string, field: string) => string }): boolean {
    this.el.textContent = p.valueFormatted ?? (p.value == null ? '' : String(p.value));
    const field = p.colDef?.colId ?? '';
    const message = p.data && p.errorOf ? p.errorOf(p.data.key, field) : '';
    if (message) this.el.setAttribute('aria-description', message);
    else this.el.removeAttribute('aria-description');
    return true;
  }
}

export interface LineColumnsOptions {
  child: ChildDefinition;
  lang: Lang;
  readOnly: boolean;
  /** Current message of a cell ('' when none). */
  errorOf: (key: string, field: string) => string;
  /** Called after a cell is set (values recomputed). */
  onCellSet: (row: GridLine, field: string) => void;
  /** Searches and texts of lookup fields; without it their ids are edited as numbers. */
  lookups?: LineLookups;
  /** Text left in lookup column `label` matched no row: the cell was put back (say so at once). */
  onLookupRefused?: (label: string, text: string) => void;
  /** Values from a related list for a pick (LookupSpec.fillFrom, ../fillFrom.ts). */
  fillFrom?: FillFrom;
  /** The document's values as they are now (the lines' lookups fill from lists matching it). */
  documentOf?: () => Record<string, unknown>;
}

export function editableFields(child: ChildDefinition, readOnly: boolean): string[] {
  if (readOnly) return [];
  const computed = new Set(computedFields(child));
  return Object.entries(child.schema.properties)
    .filter(([name, f]) => !computed.has(name) && !f.readOnly)
    .map(([name]) => name);
}

export function buildLineColumns(o: LineColumnsOptions): ColDef<GridLine>[] {
  const { child, lang } = o;
  const editable = new Set(editableFields(child, o.readOnly));
  const required = new Set(child.schema.required ?? []);
  const cols: ColDef<GridLine>[] = [
    {
      colId: ROW_NUMBER_COL,
      headerName: localDigits('#', lang),
      width: 64,
      minWidth: 56,
      flex: 0,
      editable: false,
      sortable: false,
      valueGetter: (p) => (p.node?.rowIndex ?? 0) + 1,
      valueFormatter: (p: ValueFormatterParams<GridLine>) => formatNumber(p.value, lang),
    },
  ];
  for (const name of Object.keys(child.schema.properties)) {
    const meta = child.fields[name];
    const kind = kindOf(child, name);
    const label = fieldLabel(child, name, lang);
    const editor = LINE_EDITORS[kind](kindField(child.schema.properties[name], meta));
    const col: ColDef<GridLine> = {
      colId: name,
      headerName: required.has(name) && editable.has(name) ? `${label} *` : label,
      editable: editable.has(name),
      sortable: false,
      valueGetter: (p) => p.data?.v[name],
      valueFormatter: (p: ValueFormatterParams<GridLine>) => lineCellText(child, name, p.value, lang),
      valueParser: editor.parsed
        ? (p: ValueParserParams<GridLine>) => lineCellParser(child, name)(p.newValue)
        : undefined,
      valueSetter: (p: ValueSetterParams<GridLine>) => {
        if (!p.data) return false;
        p.data.v = setCell(child, p.data.v, name, p.newValue);
        o.onCellSet(p.data, name);
        return true;
      },
      cellRenderer: LineCellRenderer,
      cellRendererParams: { errorOf: o.errorOf },
      cellClassRules: {
        [ERROR_CLASS]: (p: CellClassParams<GridLine>) => !!p.data && !!o.errorOf(p.data.key, name),
      },
      tooltipValueGetter: (p: ITooltipParams<GridLine>) =>
        (p.data && o.errorOf(p.data.key, name)) || undefined,
      cellClass: editable.has(name) ? undefined : 'erp-line-cell-readonly',
      cellEditor: editor.cellEditor,
      ...(editor.cellEditorParams ? { cellEditorParams: editor.cellEditorParams } : {}),
    };
    if (meta?.lookup && o.lookups) Object.assign(col, lookupColumn(o, name, meta.lookup, label));
    // a line field kept for the server (the source line a chained document's line came from)
    if (meta?.hiddenInGrid) col.hide = true;
    cols.push(col);
  }
  return cols;
}
