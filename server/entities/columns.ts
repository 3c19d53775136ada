/** Which API fields of an entity can be sorted/filtered, their DB column and kind. */
import type { Entity } from '../definitions/registry';
import { SYSTEM_COLUMN_MAP } from '../db/entityTables';

export type Kind = 'text' | 'number' | 'date' | 'boolean';

export interface Column {
  column: string;
  kind: Kind;
}

export function columnsOf(entity: Entity): Map<string, Column> {
  const out = new Map<string, Column>([
    ['id', { column: 'id', kind: 'number' }],
    ['createdAt', { column: SYSTEM_COLUMN_MAP.createdAt, kind: 'date' }],
    ['updatedAt', { column: SYSTEM_COLUMN_MAP.updatedAt, kind: 'date' }],
  ]);
  for (const [name, field] of Object.entries(entity.def.schema.properties)) {
    let kind: Kind = 'text';
    if (field.type === 'integer' || field.type === 'number') kind = 'number';
    else if (field.type === 'boolean') kind = 'boolean';
    else if (field.format === 'date' || field.format === 'date-time') kind = 'date';
    out.set(name, { column: name, kind });
  }
  return out;
}
