/**
 * Conversion between stored rows and API rows: system columns renamed, each field through the
 * storage of its kind (server/db/kindStorage.ts: booleans, numbers, exact decimals, texts).
 */
import type { FieldMeta } from '../../runtime/shared/definition';
import type { KindSource } from '../../runtime/shared/fieldKind';
import type { Dialect } from '../db/types';
import { SYSTEM_COLUMN_MAP } from '../db/entityTables';
import { fromStored, storageOf, toStored, type StorageClass } from '../db/kindStorage';

export type Row = Record<string, unknown>;

/** An entity or a child table: anything with a data schema and field metadata. */
export interface Entity {
  def: KindSource;
}

type Plan = [name: string, storage: StorageClass, meta: FieldMeta | undefined][];

// per schema.properties object (a loaded definition never changes), as kindOf caches kinds
const plans = new WeakMap<object, Plan>();

/** Each field with its storage class, worked out once per definition. */
function planOf(entity: Entity): Plan {
  const props = entity.def.schema.properties;
  let plan = plans.get(props);
  if (!plan) {
    // an aggregate field is the server's figure when rows are read (aggregates.ts), never stored
    plan = Object.keys(props)
      .filter((name) => !entity.def.fields[name]?.aggregate)
      .map((name) => [name, storageOf(entity.def, name), entity.def.fields[name]]);
    plans.set(props, plan);
  }
  return plan;
}

export function toApiRow(entity: Entity, stored: Row): Row {
  const out: Row = {};
  for (const [api, column] of Object.entries(SYSTEM_COLUMN_MAP)) {
    const v = stored[column];
    if (v === null || v === undefined) continue;
    out[api] = api === 'createdAt' || api === 'updatedAt' ? String(v) : Number(v);
  }
  for (const [name, storage] of planOf(entity)) {
    const v = stored[name];
    if (v === null || v === undefined) continue;
    out[name] = fromStored(storage, v);
  }
  return out;
}

/** Values (already validated) to column values; every schema field is written, absent ones as null. */
export function toColumns(entity: Entity, values: Row, dialect: Dialect): Row {
  const out: Row = {};
  for (const [name, storage, meta] of planOf(entity)) {
    const v = values[name];
    out[name] = v === undefined || v === null ? null : toStored(storage, v, dialect, meta);
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
    if (entity.def.fields[name]?.aggregate) continue;
    const a = before?.[name] ?? null;
    const b = after?.[name] ?? null;
    if (a !== b) out[name] = [a, b];
  }
  return out;
}
