/**
 * Which API fields of an entity can be sorted/filtered, their DB column, how a filter on them
 * becomes SQL (filters.ts) and the kind reports see. One exhaustive table per field kind
 * (KIND_QUERY): a new kind is a type error here until lists know how to filter and sort it.
 */
import type { FieldSchema } from '../../runtime/shared/definition';
import { kindOf, multiEnumOptions, kindField, type FieldKind } from '../../runtime/shared/fieldKind';
import type { Entity } from '../definitions/registry';
import { SYSTEM_COLUMN_MAP } from '../db/entityTables';

/** What reports offer a field for (grouping by day, summing numbers…); sent as `kind`. */
export type Kind = 'text' | 'number' | 'date' | 'boolean';

/**
 * The SQL a filter model becomes (filters.ts): text (contains, equals… on lower(field)), number
 * (comparisons), date (by day), boolean, anyOf (a stored list "a,b" holding one of the chosen
 * options), none (refused with 400).
 */
export type FilterSql = 'text' | 'number' | 'date' | 'boolean' | 'anyOf' | 'none';

export interface Column {
  column: string;
  kind: Kind;
  filter: FilterSql;
  /** Whether GetList may order by it (400 otherwise). */
  sortable: boolean;
  /** Integer columns: the largest magnitude a filter value may have (the column's storage). */
  max?: number;
  /** anyOf: the options a filter may name. */
  options?: readonly string[];
}

/** `id` is `serial` (32-bit) on PostgreSQL. */
export const ID_MAX = 2 ** 31 - 1;

interface KindQuery {
  /** The filter SQL of a field of the kind (some kinds follow their JSON type). */
  filter: (field: FieldSchema) => FilterSql;
  report: (field: FieldSchema) => Kind;
  sortable: boolean;
}

/** Numbers by their JSON type, else texts: enums of numbers compare as numbers, of texts as texts. */
const byType = (field: FieldSchema): 'number' | 'text' =>
  field.type === 'integer' || field.type === 'number' ? 'number' : 'text';

const TEXT: KindQuery = { filter: () => 'text', report: () => 'text', sortable: true };
const NUMBER: KindQuery = { filter: () => 'number', report: () => 'number', sortable: true };
const DATE: KindQuery = { filter: () => 'date', report: () => 'date', sortable: true };
/** Attachment ids: neither filtered nor sorted (their order means nothing). */
const FILES: KindQuery = { filter: () => 'none', report: () => 'text', sortable: false };

export const KIND_QUERY: Record<FieldKind, KindQuery> = {
  text: TEXT,
  longText: TEXT,
  integer: NUMBER,
  decimal: NUMBER,
  money: NUMBER,
  percent: NUMBER,
  boolean: { filter: () => 'boolean', report: () => 'boolean', sortable: true },
  // the grid's choice filter sends a text equals; numeric enums compare as numbers
  enum: { filter: byType, report: byType, sortable: true },
  multiEnum: { filter: () => 'anyOf', report: () => 'text', sortable: false },
  // by the looked-up row's id (reports, saved filters and the API name ids)
  lookup: NUMBER,
  date: DATE,
  dateTime: DATE,
  // HH:MM texts sort and compare in time order
  time: TEXT,
  nationalCode: TEXT,
  companyId: TEXT,
  postalCode: TEXT,
  sheba: TEXT,
  mobile: TEXT,
  email: TEXT,
  attachments: FILES,
  image: FILES,
};

export function columnsOf(entity: Entity): Map<string, Column> {
  const out = new Map<string, Column>([
    ['id', { column: 'id', kind: 'number', filter: 'number', sortable: true, max: ID_MAX }],
    ['createdAt', { column: SYSTEM_COLUMN_MAP.createdAt, kind: 'date', filter: 'date', sortable: true }],
    ['updatedAt', { column: SYSTEM_COLUMN_MAP.updatedAt, kind: 'date', filter: 'date', sortable: true }],
  ]);
  for (const [name, field] of Object.entries(entity.def.schema.properties)) {
    const kind = kindOf(entity.def, name);
    const query = KIND_QUERY[kind];
    // an aggregate field is not stored (aggregates.ts): neither filtered nor sorted
    const stored = !entity.def.fields[name]?.aggregate;
    const col: Column = {
      column: name,
      kind: query.report(field),
      filter: stored ? query.filter(field) : 'none',
      sortable: stored && query.sortable,
    };
    // integer fields are bigint on PostgreSQL; beyond 2^53 a JS number is no longer exact
    if (field.type === 'integer') col.max = Number.MAX_SAFE_INTEGER;
    if (col.filter === 'anyOf') col.options = multiEnumOptions(kindField(field, entity.def.fields[name]));
    out.set(name, col);
  }
  return out;
}
