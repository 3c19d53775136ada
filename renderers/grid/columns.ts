/**
 * Column definitions of the entity grid, built from the definition alone (pure; unit-tested).
 * Filters by field type, matching the server's filter helper:
 *   string -> agTextColumnFilter; integer/number -> agNumberColumnFilter;
 *   format date -> agDateColumnFilter (dateFrom "YYYY-MM-DD hh:mm:ss", Gregorian);
 *   boolean -> choice filter: {filterType:'boolean', type:'equals', filter:true|false};
 *   enum -> choice filter of the enum labels: {filterType:'text', type:'equals', filter:"person"}.
 * The choice filter is registered by EntityGrid under the name CHOICE_FILTER.
 */
import type { ColDef, ValueFormatterParams } from 'ag-grid-community';
import {
  localText,
  lookupDisplayKey,
  type EntityDefinition,
  type EntityRow,
  type FieldMeta,
  type FieldSchema,
  type Lang,
} from '../../runtime/shared/definition';
import { formatDate, formatMoney, formatNumber, localDigits } from '../format';
import type { ChoiceFilterParams } from './choiceModel';
import type { JalaliDateFilterParams } from './JalaliDateInput';
import { treeColumn } from './treeCell';

export type Translate = (key: string) => string;

const identity: Translate = (key) => key;

export const CHOICE_FILTER = 'entityChoiceFilter';

export type FilterKind =
  'agTextColumnFilter' | 'agNumberColumnFilter' | 'agDateColumnFilter' | typeof CHOICE_FILTER;

export function filterFor(field: FieldSchema): FilterKind {
  if (field.enum || field.type === 'boolean') return CHOICE_FILTER;
  if (field.type === 'integer' || field.type === 'number') return 'agNumberColumnFilter';
  if (field.format === 'date' || field.format === 'date-time') return 'agDateColumnFilter';
  return 'agTextColumnFilter';
}

function filterParams(field: FieldSchema, meta: FieldMeta | undefined, lang: Lang, t: Translate): object {
  if (field.type === 'boolean') {
    const params: ChoiceFilterParams = {
      filterType: 'boolean',
      allLabel: t('grid.all'),
      options: [
        { value: true, label: t('grid.yes') },
        { value: false, label: t('grid.no') },
      ],
    };
    return params;
  }
  if (field.enum) {
    const labels = meta?.enumLabels ?? {};
    const params: ChoiceFilterParams = {
      filterType: 'text',
      allLabel: t('grid.all'),
      options: field.enum.map((v) => ({ value: v, label: localText(labels[String(v)], lang) || String(v) })),
    };
    return params;
  }
  if (field.format === 'date' || field.format === 'date-time') {
    const date: JalaliDateFilterParams = { lang, dateLabel: t('grid.dateInput') };
    return {
      ...date,
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

/** A lookup cell: the display text GetList sent beside the id, else the id itself. */
export function lookupText(row: EntityRow | undefined, name: string, value: unknown, lang: Lang): string {
  const text = row?.[lookupDisplayKey(name)];
  if (typeof text === 'string') return localDigits(text, lang);
  return value === null || value === undefined || value === '' ? '' : localDigits(String(value), lang);
}

export function buildColumnDefs(
  definition: EntityDefinition,
  lang: Lang,
  t: Translate = identity,
): ColDef<EntityRow>[] {
  return definition.list.columns
    .filter((name) => definition.schema.properties[name] || name === 'id')
    .map((name) => {
      const field: FieldSchema = definition.schema.properties[name] ?? { type: 'integer' };
      const meta = definition.fields[name];
      const format = cellFormatter(definition, name, lang, t);
      const numeric = (field.type === 'integer' || field.type === 'number') && !field.enum;
      const col: ColDef<EntityRow> = {
        colId: name,
        field: name,
        headerName: localText(meta?.label, lang) || name,
        // Opt-in, as the server only sorts and filters fields flagged so in the definition.
        // Lookup columns neither sort nor filter: the server would order/compare the stored ids.
        sortable: meta?.sortable === true && !meta.lookup,
        filter: meta?.filterable === true && !meta.lookup ? filterFor(field) : false,
        filterParams: filterParams(field, meta, lang, t),
        valueFormatter: (p: ValueFormatterParams<EntityRow>) =>
          meta?.lookup ? lookupText(p.data, name, p.value, lang) : format(p.value),
        ...(numeric ? { type: 'rightAligned' } : {}),
        ...treeColumn(definition, name),
      };
      return col;
    });
}
