/** Conversion between stored rows and API rows (system columns renamed, booleans and numbers typed). */
import type { EntityDataSchema } from '../../runtime/shared/definition';
import type { Dialect } from '../db/types';
import { SYSTEM_COLUMN_MAP } from '../db/entityTables';

export type Row = Record<string, unknown>;

/** An entity or a child table: anything with a data schema. */
export interface Entity {
  def: { schema: EntityDataSchema };
}

export function toApiRow(entity: Entity, stored: Row): Row {
  const out: Row = {};
  for (const [api, column] of Object.entries(SYSTEM_COLUMN_MAP)) {
    const v = stored[column];
    if (v === null || v === undefined) continue;
    out[api] = api === 'createdAt' || api === 'updatedAt' ? String(v) : Number(v);
  }
  for (const [name, field] of Object.entries(entity.def.schema.properties)) {
    const v = stored[name];
    if (v === null || v === undefined) continue;
    if (field.type === 'boolean') out[name] = v === true || v === 1 || v === '1';
    else if (field.type === 'integer' || field.type === 'number') out[name] = Number(v);
    else out[name] = String(v);
  }
  return out;
}

/** Values (already validated) to column values; every schema field is written, absent ones as null. */
export function toColumns(entity: Entity, values: Row, dialect: Dialect): Row {
  const out: Row = {};
  for (const [name, field] of Object.entries(entity.def.schema.properties)) {
    const v = values[name];
    if (v === undefined || v === null) out[name] = null;
    else if (field.type === 'boolean' && dialect === 'sqlite') out[name] = v ? 1 : 0;
    else out[name] = v;
  }
  return out;
}

/** Field-by-field difference for the audit log: { field: [before, after] } of changed fields. */
export function diff(
  entity: Entity,
  before: Row | null,
  after: Row | null,
): Record<string, [unknown, unknown]> {
  const out: Record<string, [unknown, unknown]> = {};
  for (const name of Object.keys(entity.def.schema.properties)) {
    const a = before?.[name] ?? null;
    const b = after?.[name] ?? null;
    if (a !== b) out[name] = [a, b];
  }
  return out;
}
