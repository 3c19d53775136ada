/**
 * How each field kind (runtime/shared/fieldKind.ts) is stored: the storage class of its column,
 * the column type of that class per dialect, and the conversion of values to and from the column.
 * One exhaustive table per kind (KIND_STORAGE): a new kind is a type error here until it is
 * given its storage.
 *
 * Exact decimals (decimal and percent fields that state a `precision`) are `numeric` on
 * PostgreSQL, written as the decimal text of the value rounded to its places (exactRound, never
 * the binary approximation). SQLite has no decimal type: there they are REAL, which holds the
 * very double the API carries (the value is rounded to its places before it is stored), so
 * sorting, filtering and the (field, id) index work as for any number. Decimals without a
 * precision are floating numbers as they always were (every shipped `type: number` field).
 */
import type { ColumnDataType } from 'kysely';
import { exactRound } from '../../runtime/shared/decimal';
import type { FieldMeta, FieldSchema } from '../../runtime/shared/definition';
import { kindOf, type FieldKind, type KindSource } from '../../runtime/shared/fieldKind';
import type { Dialect } from './types';

/** What a column holds, whatever the dialect calls it. */
export type StorageClass = 'integer' | 'real' | 'decimal' | 'text' | 'boolean';

/** The column type of each storage class per dialect. */
export const COLUMN_TYPES: Record<StorageClass, Record<Dialect, ColumnDataType>> = {
  integer: { sqlite: 'integer', postgres: 'bigint' },
  real: { sqlite: 'real', postgres: 'double precision' },
  decimal: { sqlite: 'real', postgres: 'numeric' },
  text: { sqlite: 'text', postgres: 'text' },
  boolean: { sqlite: 'integer', postgres: 'boolean' },
};

/** The parts of a field its storage depends on: its schema entry and its meta. */
export interface StoredField {
  schema: Pick<FieldSchema, 'type'>;
  meta?: Pick<FieldMeta, 'precision'> | undefined;
}

/** A number field as its JSON type says: integer or floating. */
function numeric({ schema }: StoredField): StorageClass {
  return schema.type === 'integer' ? 'integer' : 'real';
}

/** Decimal and percent: exact when a precision is stated, else as their JSON type says. */
function decimal(field: StoredField): StorageClass {
  return field.meta?.precision !== undefined && field.schema.type === 'number' ? 'decimal' : numeric(field);
}

/** Kinds whose JSON type may vary (enum of texts or numbers): stored as that type. */
function byType(field: StoredField): StorageClass {
  switch (field.schema.type) {
    case 'integer':
      return 'integer';
    case 'number':
      return 'real';
    case 'boolean':
      return 'boolean';
    default:
      return 'text';
  }
}

const text = (): StorageClass => 'text';

/** The storage class of a field of each kind. */
export const KIND_STORAGE: Record<FieldKind, (field: StoredField) => StorageClass> = {
  text,
  longText: text,
  integer: () => 'integer',
  decimal,
  money: numeric,
  percent: decimal,
  boolean: () => 'boolean',
  enum: byType,
  // the options held, comma-separated ("a,b"): contains-any filters match whole elements
  multiEnum: text,
  // the looked-up row's id
  lookup: () => 'integer',
  // ISO yyyy-mm-dd, ISO instants and HH:MM[:SS] compare and sort as texts
  date: text,
  dateTime: text,
  time: text,
  nationalCode: text,
  companyId: text,
  postalCode: text,
  sheba: text,
  mobile: text,
  email: text,
  // attachment ids "12,15" (runtime/shared/attachments.ts)
  attachments: text,
  image: text,
};

/** The storage class of a field of an entity or child table. */
export function storageOf(source: KindSource, name: string): StorageClass {
  const schema = source.schema.properties[name];
  if (!schema) return 'text';
  return KIND_STORAGE[kindOf(source, name)]({ schema, meta: source.fields[name] });
}

/** The column type of a field of an entity or child table. */
export function fieldColumnType(source: KindSource, name: string, dialect: Dialect): ColumnDataType {
  return COLUMN_TYPES[storageOf(source, name)][dialect];
}

/** A value of the API (validated) → the column value. */
export function toStored(
  storage: StorageClass,
  value: unknown,
  dialect: Dialect,
  meta?: Pick<FieldMeta, 'precision'>,
): unknown {
  if (storage === 'boolean') return dialect === 'sqlite' ? (value ? 1 : 0) : value;
  if (storage === 'decimal' && typeof value === 'number') {
    const places = meta?.precision ?? 0;
    const rounded = exactRound(value, places);
    // PostgreSQL: the decimal text, so numeric holds exactly what was written
    return dialect === 'postgres' ? rounded.toFixed(places) : rounded;
  }
  return value;
}

/** A column value (not null) → the API value. */
export function fromStored(storage: StorageClass, value: unknown): unknown {
  switch (storage) {
    case 'boolean':
      return value === true || value === 1 || value === '1';
    case 'integer':
    case 'real':
    case 'decimal':
      // bigint and numeric arrive as text from PostgreSQL
      return Number(value);
    default:
      return String(value);
  }
}
