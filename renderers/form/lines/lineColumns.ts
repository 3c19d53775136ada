/**
 * Column definitions of the lines grid from a child definition: AG Grid's own editors (text,
 * select, checkbox), formatters for Persian digits, Rial and Jalali dates, parsers accepting any
 * digits, computed and read-only fields not editable. Errors come from a getter so cells refresh
 * without new column definitions.
 */
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
import {
  localText,
  type ChildDefinition,
  type FieldSchema,
  type Lang,
} from '../../../runtime/shared/definition';
import { jalaliToIso } from '../../../runtime/shared/jalali';
import { formatDate, formatMoney, formatNumber, localDigits, parseNumberInput } from '../../format';
import { computedFields, setCell, type GridLine } from './lines';
import { lookupColumn } from './lineLookupColumn';
import type { LineLookups } from './lineLookup';

export const ERROR_CLASS = 'erp-line-cell-error';
export const ROW_NUMBER_COL = '#';

/** What a typed cell text becomes: numbers from any digits, Jalali dates as ISO; else as typed. */
export function parseCellText(field: FieldSchema, text: unknown): unknown {
  if (typeof text !== 'string') return text;
  if (text.trim() === '') return undefined;
  if (field.type === 'integer' || field.type === 'number') {
    const n = parseNumberInput(text);
    return n === undefined ? undefined : Number.isNaN(n) ? text : n;
  }
  if (field.format === 'date') return jalaliToIso(text) ?? text;
  return text;
}

export function formatCell(
  field: FieldSchema,
  money: boolean,
  value: unknown,
  lang: Lang,
  enumLabels?: Record<string, string>,
): string {
  if (value === undefined || value === null) return '';
  if (field.enum) return enumLabels?.[String(value)] ?? String(value);
  if (typeof value === 'number') return money ? formatMoney(value, lang) : formatNumber(value, lang);
  if (typeof value === 'boolean') return value ? '✓' : '';
  if (field.format === 'date') return formatDate(value, lang);
  return String(value);
}

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
  for (const [name, field] of Object.entries(child.schema.properties)) {
    const meta = child.fields[name];
    const money = meta?.money === true;
    const labels = meta?.enumLabels
      ? Object.fromEntries(Object.entries(meta.enumLabels).map(([k, v]) => [k, localText(v, lang)]))
      : undefined;
    const label = localText(meta?.label, lang) || name;
    const col: ColDef<GridLine> = {
      colId: name,
      headerName: required.has(name) && editable.has(name) ? `${label} *` : label,
      editable: editable.has(name),
      sortable: false,
      valueGetter: (p) => p.data?.v[name],
      valueFormatter: (p: ValueFormatterParams<GridLine>) => formatCell(field, money, p.value, lang, labels),
      valueParser: (p: ValueParserParams<GridLine>) => parseCellText(field, p.newValue),
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
    };
    if (meta?.lookup && o.lookups) {
      Object.assign(col, lookupColumn(o, name, meta.lookup, label));
    } else if (field.enum) {
      col.cellEditor = 'agSelectCellEditor';
      col.cellEditorParams = { values: field.enum };
      col.valueParser = undefined;
    } else if (field.type === 'boolean') {
      col.cellEditor = 'agCheckboxCellEditor';
      col.valueParser = undefined;
    } else {
      col.cellEditor = 'agTextCellEditor';
      // Numbers and dates are edited as shown (separators, Jalali); text as stored.
      const formatted = field.type !== 'string' || field.format === 'date';
      col.cellEditorParams = { useFormatter: formatted };
    }
    cols.push(col);
  }
  return cols;
}
