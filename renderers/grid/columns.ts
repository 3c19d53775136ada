/**
 * Column definitions of the entity grid, built from the definition alone (pure; unit-tested).
 * Filters by field type, matching the server's filter helper:
 *   string -> agTextColumnFilter; integer/number -> agNumberColumnFilter;
 *   format date -> agDateColumnFilter (dateFrom "YYYY-MM-DD hh:mm:ss", Gregorian);
 *   boolean -> agNumberColumnFilter on 0/1 (equals/notEqual; 1 = true, 0 = false);
 *   enum -> agTextColumnFilter with equals/notEqual on the stored enum value (e.g. "person").
 */
import type { ColDef, ValueFormatterParams } from 'ag-grid-community';
import {
  localText,
  type EntityDefinition,
  type EntityRow,
  type FieldSchema,
  type Lang,
} from '../../runtime/shared/definition';
import { formatDate, formatMoney, formatNumber, localDigits } from '../format';

export type Translate = (key: string) => string;

const identity: Translate = (key) => key;

export type FilterKind = 'agTextColumnFilter' | 'agNumberColumnFilter' | 'agDateColumnFilter';

export function filterFor(field: FieldSchema): FilterKind {
  if (field.enum) return 'agTextColumnFilter';
  if (field.type === 'boolean' || field.type === 'integer' || field.type === 'number')
    return 'agNumberColumnFilter';
  if (field.format === 'date' || field.format === 'date-time') return 'agDateColumnFilter';
  return 'agTextColumnFilter';
}

function filterParams(field: FieldSchema): Record<string, unknown> {
  if (field.enum || field.type === 'boolean') {
    return { filterOptions: ['equals', 'notEqual'], maxNumConditions: 1, buttons: ['apply', 'reset'] };
  }
  if (field.format === 'date' || field.format === 'date-time') {
    return {
      filterOptions: ['equals', 'notEqual', 'lessThan', 'greaterThan', 'inRange'],
      buttons: ['apply', 'reset'],
    };
  }
  return { buttons: ['apply', 'reset'] };
}

/** Cell text of one field value, in the display conventions of `lang`. */
export function cellFormatter(
  definition: EntityDefinition,
  name: string,
  lang: Lang,
  t: Translate = identity,
): (value: unknown) => string {
  const field = definition.schema.properties[name];
  const meta = definition.fields[name];
  return (value) => {
    if (value === null || value === undefined || value === '') return '';
    if (field?.enum && meta?.enumLabels)
      return localText(meta.enumLabels[String(value)], lang) || String(value);
    if (field?.type === 'boolean' || typeof value === 'boolean') return t(value ? 'grid.yes' : 'grid.no');
    if (meta?.money) return formatMoney(value, lang);
    if (field?.format === 'date' || field?.format === 'date-time') return formatDate(value, lang);
    if (typeof value === 'number') return formatNumber(value, lang);
    return localDigits(String(value), lang);
  };
}

export function buildColumnDefs(
  definition: EntityDefinition,
  lang: Lang,
  t: Translate = identity,
): ColDef<EntityRow>[] {
  const sort = new Map((definition.list.defaultSort ?? []).map((s, i) => [s.colId, { sort: s.sort, i }]));
  return definition.list.columns
    .filter((name) => definition.schema.properties[name] || name === 'id')
    .map((name) => {
      const field: FieldSchema = definition.schema.properties[name] ?? { type: 'integer' };
      const meta = definition.fields[name];
      const format = cellFormatter(definition, name, lang, t);
      const numeric = (field.type === 'integer' || field.type === 'number') && !field.enum;
      const initial = sort.get(name);
      const col: ColDef<EntityRow> = {
        colId: name,
        field: name,
        headerName: localText(meta?.label, lang) || name,
        // Opt-in, as the server only sorts and filters fields flagged so in the definition.
        sortable: meta?.sortable === true,
        filter: meta?.filterable === true ? filterFor(field) : false,
        filterParams: filterParams(field),
        valueFormatter: (p: ValueFormatterParams<EntityRow>) => format(p.value),
        ...(numeric ? { type: 'rightAligned' } : {}),
        ...(initial ? { initialSort: initial.sort, initialSortIndex: initial.i } : {}),
      };
      return col;
    });
}
