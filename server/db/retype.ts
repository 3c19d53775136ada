/**
 * Columns whose stored type no longer matches the definition in force (a shipped definition that
 * changed a field's type between releases, e.g. inventory.stockMove.item from a text to an item
 * id): at start-up the old column is kept as `{column}Prev{n}` (nothing is lost), the table sync
 * adds the column with its new type, and every value that converts is copied into it. Values that
 * do not convert stay only in the kept column, and are counted in the answer for the log.
 * Low-code publishing plans its own type changes against the definition it replaces
 * (server/lowcode/plan.ts) and reuses dropFieldIndexes.
 */
import { exactRound } from '../../runtime/shared/decimal';
import {
  kindField,
  kindOf,
  parseValue,
  type FieldKind,
  type KindField,
  type KindSource,
} from '../../runtime/shared/fieldKind';
import type { Entity } from '../definitions/registry';
import { indexName } from './entityTables';
import { COLUMN_TYPES, storageOf, toStored, type StorageClass } from './kindStorage';
import type { Dialect } from './types';
import type { Untyped } from './untyped';

/** What a changed column becomes: its storage class and the kind (and its parts) of the field. */
export interface RetypeTarget {
  storage: StorageClass;
  kind: FieldKind;
  field: KindField;
}

export interface Retyped {
  table: string;
  column: string;
  /** The kept old column. */
  kept: string;
  to: RetypeTarget;
  /** Rows whose value was copied into the new column / left only in the kept one. */
  copied: number;
  left: number;
}

/** A declared column type reduced to what the storage classes distinguish (int4/int8/bigint → integer, …). */
export function typeFamily(declared: string): StorageClass | 'other' {
  const t = declared.toLowerCase();
  if (/^(integer|int|int2|int4|int8|bigint|smallint|serial|bigserial)$/.test(t)) return 'integer';
  if (/^(real|float4|float8|double precision|float)$/.test(t)) return 'real';
  if (/^(numeric|decimal)(\(.*\))?$/.test(t)) return 'decimal';
  if (/^(text|varchar|character varying)$/.test(t)) return 'text';
  if (/^(bool|boolean)$/.test(t)) return 'boolean';
  return 'other';
}

/** The family of the column a storage class makes in `dialect` (SQLite keeps exact decimals as REAL). */
export function columnFamily(storage: StorageClass, dialect: Dialect): StorageClass | 'other' {
  return typeFamily(String(COLUMN_TYPES[storage][dialect]));
}

/** A stored value as a number, when it is one (numeric text included). */
function asNumber(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

/**
 * The definition's value of a stored one of another type or kind, or undefined when it does not
 * convert. Texts go through the new kind's parse (a time "8:30" → "08:30", a list "a, b" → "a,b").
 */
export function convertValue(value: unknown, to: RetypeTarget): unknown {
  if (value === null || value === undefined) return undefined;
  switch (to.storage) {
    case 'integer': {
      const n = asNumber(typeof value === 'string' && !/^\s*-?\d+\s*$/.test(value) ? undefined : value);
      return n !== undefined && Number.isSafeInteger(n) ? n : undefined;
    }
    case 'real':
      return asNumber(value);
    case 'decimal': {
      const n = asNumber(value);
      return n === undefined ? undefined : exactRound(n, to.field.precision ?? 0);
    }
    case 'boolean':
      if (value === true || value === 1 || value === '1' || value === 'true') return true;
      if (value === false || value === 0 || value === '0' || value === 'false') return false;
      return undefined;
    default: {
      const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
      const parsed = parseValue(to.kind, text, to.field);
      return typeof parsed === 'string' ? parsed : undefined;
    }
  }
}

/** The retype target of a field of an entity or child table. */
export function retypeTarget(source: KindSource, name: string): RetypeTarget {
  return {
    storage: storageOf(source, name),
    kind: kindOf(source, name),
    field: kindField(source.schema.properties[name], source.fields[name]),
  };
}

/** Drops the indexes syncIndexes makes for one field (before its column is renamed away). */
export async function dropFieldIndexes(db: Untyped, table: string, column: string): Promise<void> {
  for (const suffix of ['', '_id', '_lower', '_unique'])
    await db.schema
      .dropIndex(indexName(table, `${column}${suffix}`))
      .ifExists()
      .execute();
}

export interface Pending {
  table: string;
  column: string;
  kept: string;
  to: RetypeTarget;
}

function tablesOf(entities: Entity[]): { table: string; source: KindSource }[] {
  return entities.flatMap((e) => [
    { table: e.table, source: e.def },
    ...e.children.map((c) => ({ table: c.table, source: c.def })),
  ]);
}

/**
 * Renames every column whose type differs from its field's; call before syncEntityTables (which
 * adds the new columns), then copyRetyped.
 */
export async function keepRetypedColumns(
  db: Untyped,
  dialect: Dialect,
  entities: Entity[],
): Promise<Pending[]> {
  const columns = new Map<string, Map<string, string>>();
  for (const t of await db.introspection.getTables())
    if (!t.isView) columns.set(t.name, new Map(t.columns.map((c) => [c.name, c.dataType])));
  const pending: Pending[] = [];
  for (const { table, source } of tablesOf(entities)) {
    const have = columns.get(table);
    if (!have) continue;
    for (const column of Object.keys(source.schema.properties)) {
      const declared = have.get(column);
      if (declared === undefined) continue;
      const target = retypeTarget(source, column);
      const want = columnFamily(target.storage, dialect);
      const stored = typeFamily(declared);
      if (stored === want || stored === 'other') continue;
      let n = 1;
      while (have.has(`${column}Prev${n}`)) n++;
      await dropFieldIndexes(db, table, column);
      await db.schema.alterTable(table).renameColumn(column, `${column}Prev${n}`).execute();
      pending.push({ table, column, kept: `${column}Prev${n}`, to: target });
    }
  }
  return pending;
}

/** Copies the converting values of the kept columns into the new ones. */
export async function copyRetyped(db: Untyped, dialect: Dialect, pending: Pending[]): Promise<Retyped[]> {
  const out: Retyped[] = [];
  for (const { table, column, kept, to } of pending) {
    // one update per distinct stored value (ids, codes and flags repeat across many rows)
    const values = (await db
      .selectFrom(table)
      .select([`${kept} as value`, (eb) => eb.fn.countAll().as('n')])
      .where(kept, 'is not', null)
      .groupBy(kept)
      .execute()) as { value: unknown; n: unknown }[];
    let copied = 0;
    let left = 0;
    for (const { value: stored, n } of values) {
      const value = convertValue(stored, to);
      if (value === undefined) {
        left += Number(n);
        continue;
      }
      await db
        .updateTable(table)
        .set({ [column]: toStored(to.storage, value, dialect, to.field) })
        .where(kept, '=', stored)
        .execute();
      copied += Number(n);
    }
    out.push({ table, column, kept, to, copied, left });
  }
  return out;
}
