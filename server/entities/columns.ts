/** Which API fields of an entity can be sorted/filtered, their DB column and kind. */
import type { Entity } from '../definitions/registry';
import { SYSTEM_COLUMN_MAP } from '../db/entityTables';

export type Kind = 'text' | 'number' | 'date' | 'boolean';

export interface Column {
  column: string;
  kind: Kind;
  /** Integer columns: the largest magnitude a filter value may have (the column's storage). */
  max?: number;
}

/** `id` is `serial` (32-bit) on PostgreSQL. */
export const ID_MAX = 2 ** 31 - 1;

export function columnsOf(entity: Entity): Map<string, Column> {
  const out = new Map<string, Column>([
    ['id', { column: 'id', kind: 'number', max: ID_MAX }],
    ['createdAt', { column: SYSTEM_COLUMN_MAP.createdAt, kind: 'date' }],
    ['updatedAt', { column: SYSTEM_COLUMN_MAP.updatedAt, kind: 'date' }],
  ]);
  for (const [name, field] of Object.entries(entity.def.schema.properties)) {
    let kind: Kind = 'text';
    // integer fields are bigint on PostgreSQL; beyond 2^53 a JS number is no longer exact
    if (field.type === 'integer') {
      out.set(name, { column: name, kind: 'number', max: Number.MAX_SAFE_INTEGER });
      continue;
    }
    if (field.type === 'number') kind = 'number';
    else if (field.type === 'boolean') kind = 'boolean';
    else if (field.format === 'date' || field.format === 'date-time') kind = 'date';
    out.set(name, { column: name, kind });
  }
  return out;
}
