/**
 * Number bounds every stored field and every document obeys (docs/api.md, "Numbers and line counts").
 * Integer and number fields hold at most MAX_NUMBER in magnitude unless their definition asks for
 * less: money in Rial stays a safe integer (2^53 ≈ 9×10^15) with room to add amounts, and fits the
 * columns (bigint on PostgreSQL, 64-bit integer on SQLite). Row ids are PostgreSQL `serial` (int4),
 * so an id beyond MAX_ROW_ID names no row. A child table takes at most DEFAULT_MAX_ITEMS lines
 * unless its definition sets `maxItems`.
 */
import type { EntityDataSchema, FieldSchema } from './definition';

export const MAX_NUMBER = 1e15;
export const MAX_ROW_ID = 2 ** 31 - 1;
export const DEFAULT_MAX_ITEMS = 5000;

/** A field schema with minimum/maximum clamped to ±MAX_NUMBER (integer and number fields). */
export function boundedField(field: FieldSchema): FieldSchema {
  if (field.type !== 'integer' && field.type !== 'number') return field;
  return {
    ...field,
    minimum: Math.max(field.minimum ?? -MAX_NUMBER, -MAX_NUMBER),
    maximum: Math.min(field.maximum ?? MAX_NUMBER, MAX_NUMBER),
  };
}

/** The data schema with every numeric field bounded (boundedField). */
export function boundedSchema(schema: EntityDataSchema): EntityDataSchema {
  const properties: Record<string, FieldSchema> = {};
  for (const [name, field] of Object.entries(schema.properties)) properties[name] = boundedField(field);
  return { ...schema, properties };
}

/** A row id or version as sent: a positive integer; `undefined` when it cannot name a stored row. */
export function isRowId(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= MAX_ROW_ID;
}
