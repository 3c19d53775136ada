/**
 * Column definitions of the entity grid, built from the definition alone (pure; unit-tested): per
 * field kind (runtime/shared/fieldKinds) its filter (GRID_FILTERS), alignment and cell text
 * (displayValue, the same text print, lines, history and export show). The choice filter is
 * registered by EntityGrid under the name CHOICE_FILTER.
 */
import type { ColDef, ValueFormatterParams } from 'ag-grid-community';
import {
  localText,
  lookupDisplayKey,
  type EntityDefinition,
  type EntityRow,
  type Lang,
} from '../../runtime/shared/definition';
import {
  displayValue,
  fieldLabel,
  fieldText,
  kindField,
  kindOf,
  KINDS,
  type FieldKind,
  type KindField,
} from '../../runtime/shared/fieldKind';
import type { LookupOption, LookupTarget } from '../form/lookup';
import type { ChoiceFilterParams } from './choiceModel';
import { LOOKUP_FILTER, type LookupFilterParams } from './LookupFilter';
import type { JalaliDateFilterParams } from './JalaliDateInput';
import { treeColumn } from './treeCell';

export type Translate = (key: string) => string;

const identity: Translate = (key) => key;

export const CHOICE_FILTER = 'entityChoiceFilter';

export type FilterKind =
  | 'agTextColumnFilter'
  | 'agNumberColumnFilter'
  | 'agDateColumnFilter'
  | typeof CHOICE_FILTER
  | typeof LOOKUP_FILTER;

/** Searches of a lookup's entity (by code and name), for the lookup columns' filters. */
export type LookupSearchFor = (target: LookupTarget) => (text: string) => Promise<LookupOption[]>;

/** A kind's list filter: the AG Grid filter and its params (false: the kind does not filter). */
interface GridFilter {
  filter: FilterKind | false;
  params(field: KindField, lang: Lang, t: Translate): object;
}

const APPLY_RESET = { buttons: ['apply', 'reset'] };

const textFilter: GridFilter = { filter: 'agTextColumnFilter', params: () => APPLY_RESET };
const numberFilter: GridFilter = { filter: 'agNumberColumnFilter', params: () => APPLY_RESET };
const noFilter: GridFilter = { filter: false, params: () => APPLY_RESET };
const dateFilter: GridFilter = {
  filter: 'agDateColumnFilter',
  params: (_field, lang, t) => {
    const date: JalaliDateFilterParams = {
      lang,
      dateLabel: t('grid.dateInput'),
      invalidText: t('gridWork.invalidDate'),
    };
    return {
      ...date,
      filterOptions: ['equals', 'notEqual', 'lessThan', 'greaterThan', 'inRange'],
      buttons: ['apply', 'reset'],
    };
  },
};

function choices(filterType: 'text' | 'set'): GridFilter {
  return {
    filter: CHOICE_FILTER,
    params: (field, lang, t) => {
      const labels = field.enumLabels ?? {};
      const values = field.enum ?? Object.keys(labels);
      const params: ChoiceFilterParams = {
        filterType,
        allLabel: t('grid.all'),
        options: values.map((v) => ({ value: v, label: localText(labels[String(v)], lang) || String(v) })),
      };
      return params;
    },
  };
}

/**
 * The list filter of each kind, matching the server's filter helper (KINDS[kind].filter is the
 * family): text → agTextColumnFilter; numbers → agNumberColumnFilter; dates and date-times →
 * agDateColumnFilter (dateFrom "YYYY-MM-DD hh:mm:ss", Gregorian, typed as Jalali); boolean and enum →
 * the choice filter (choiceModel.ts); lookups and files do not filter (the server would compare ids).
 */
export const GRID_FILTERS: Record<FieldKind, GridFilter> = {
  text: textFilter,
  longText: textFilter,
  integer: numberFilter,
  decimal: numberFilter,
  money: numberFilter,
  percent: numberFilter,
  boolean: {
    filter: CHOICE_FILTER,
    params: (_field, _lang, t) => {
      const params: ChoiceFilterParams = {
        filterType: 'boolean',
        allLabel: t('grid.all'),
        options: [
          { value: true, label: t('grid.yes') },
          { value: false, label: t('grid.no') },
        ],
      };
      return params;
    },
  },
  enum: choices('text'),
  multiEnum: choices('set'),
  lookup: noFilter,
  date: dateFilter,
  dateTime: dateFilter,
  time: textFilter,
  nationalCode: textFilter,
  companyId: textFilter,
  postalCode: textFilter,
  sheba: textFilter,
  mobile: textFilter,
  email: textFilter,
  attachments: noFilter,
  image: noFilter,
};

/** The filter of a field of `kind` (false: none). */
export function filterFor(kind: FieldKind): FilterKind | false {
  return GRID_FILTERS[kind].filter;
}

/** Cell text of one field value, in the display conventions of `lang` (the kind's displayValue). */
export function cellFormatter(
  definition: EntityDefinition,
  name: string,
  lang: Lang,
): (value: unknown) => string {
  return (value) => fieldText(definition, name, value, lang);
}

/** A lookup cell: the display text GetList sent beside the id, else the id itself. */
export function lookupText(row: EntityRow | undefined, name: string, value: unknown, lang: Lang): string {
  const text = row?.[lookupDisplayKey(name)];
  return displayValue('lookup', value, lang, {}, typeof text === 'string' ? { lookupText: text } : {});
}

/**
 * A lookup column's filter: the looked-up record picked from a search (LookupFilter.ts), when the
 * grid can search that entity; else none (the server would compare ids typed by hand).
 */
function lookupFilter(
  target: LookupTarget | undefined,
  searchFor: LookupSearchFor | undefined,
  t: Translate,
) {
  if (!target || !searchFor) return null;
  const params: LookupFilterParams = {
    search: searchFor(target),
    searchLabel: t('form.lookup.filterSearch'),
    allLabel: t('form.lookup.filterAll'),
    noResults: t('form.lookup.noResults'),
  };
  return { filter: LOOKUP_FILTER, filterParams: params };
}

export function buildColumnDefs(
  definition: EntityDefinition,
  lang: Lang,
  t: Translate = identity,
  lookupSearch?: LookupSearchFor,
): ColDef<EntityRow>[] {
  return definition.list.columns
    .filter((name) => definition.schema.properties[name] || name === 'id')
    .map((name) => {
      const kind = kindOf(definition, name);
      const meta = definition.fields[name];
      const spec = KINDS[kind];
      const grid = GRID_FILTERS[kind];
      const format = cellFormatter(definition, name, lang);
      const col: ColDef<EntityRow> = {
        colId: name,
        field: name,
        headerName: fieldLabel(definition, name, lang),
        // Opt-in, as the server only sorts and filters fields flagged so in the definition; the
        // kind may not sort or filter at all (lookups sort by their display text on the server and
        // filter by a picked record: lookupFilter).
        sortable: meta?.sortable === true && spec.sortable,
        filter: meta?.filterable === true ? grid.filter : false,
        filterParams: grid.params(kindField(definition.schema.properties[name], meta), lang, t),
        valueFormatter: (p: ValueFormatterParams<EntityRow>) =>
          kind === 'lookup' ? lookupText(p.data, name, p.value, lang) : format(p.value),
        ...(spec.numeric ? { type: 'rightAligned' } : {}),
        ...treeColumn(definition, name),
      };
      const byRecord = meta?.filterable === true ? lookupFilter(meta.lookup, lookupSearch, t) : null;
      if (byRecord) Object.assign(col, byRecord);
      return col;
    });
}
