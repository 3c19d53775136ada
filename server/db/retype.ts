/**
 * Columns whose stored type no longer matches the definition in force (a shipped definition that
 * changed a field's type between releases, e.g. inventory.stockMove.item from a text to an item
 * id): at start-up the old column is kept as `{column}Prev{n}` (nothing is lost), the table sync
 * adds the column with its new type, and every value that converts is copied into it. Values that
 * do not convert stay only in the kept column, and are counted in the answer for the log.
 * Low-code publishing plans its own type changes against the definition it replaces
 * (server/lowcode/plan.ts) and reuses dropFieldIndexes.
 */
import type { FieldSchema } from '../../runtime/shared/definition';
import type { Entity } from '../definitions/registry';
import { columnType, indexName } from './entityTables';
import type { Dialect } from './types';
import type { Untyped } from './untyped';

export interface Retyped {
  table: string;
  column: string;
  /** The kept old column. */
  kept: string;
  to: FieldSchema['type'];
  /** Rows whose value was copied into the new column / left only in the kept one. */
  copied: number;
  left: number;
}

/** A declared column type reduced to what columnType distinguishes (int4/int8/bigint → integer, …). */
export function typeFamily(declared: string): 'integer' | 'real' | 'text' | 'boolean' | 'other' {
  const t = declared.toLowerCase();
  if (/^(integer|int|int2|int4|int8|bigint|smallint|serial|bigserial)$/.test(t)) return 'integer';
  if (/^(real|float4|float8|double precision|numeric|float)$/.test(t)) return 'real';
  if (/^(text|varchar|character varying)$/.test(t)) return 'text';
  if (/^(bool|boolean)$/.test(t)) return 'boolean';
  return 'other';
}

/** The definition's value of a stored one of another type, or undefined when it does not convert. */
export function convertValue(value: unknown, to: FieldSchema['type']): unknown {
  if (value === null || value === undefined) return undefined;
  switch (to) {
    case 'integer': {
      const n = typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
      return typeof n === 'number' && Number.isSafeInteger(n) ? n : undefined;
    }
    case 'number': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
    }
    case 'boolean':
      if (value === true || value === 1 || value === '1' || value === 'true') return true;
      if (value === false || value === 0 || value === '0' || value === 'false') return false;
      return undefined;
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
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
  to: FieldSchema['type'];
}

function tablesOf(entities: Entity[]): { table: string; props: Record<string, FieldSchema> }[] {
  return entities.flatMap((e) => [
    { table: e.table, props: e.def.schema.properties },
    ...e.children.map((c) => ({ table: c.table, props: c.def.schema.properties })),
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
  for (const { table, props } of tablesOf(entities)) {
    const have = columns.get(table);
    if (!have) continue;
    for (const [column, field] of Object.entries(props)) {
      const declared = have.get(column);
      if (declared === undefined) continue;
      const want = typeFamily(String(columnType(field, dialect)));
      const stored = typeFamily(declared);
      if (stored === want || stored === 'other') continue;
      let n = 1;
      while (have.has(`${column}Prev${n}`)) n++;
      await dropFieldIndexes(db, table, column);
      await db.schema.alterTable(table).renameColumn(column, `${column}Prev${n}`).execute();
      pending.push({ table, column, kept: `${column}Prev${n}`, to: field.type });
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
        // SQLite stores booleans as 0/1 (columnType)
        .set({ [column]: typeof value === 'boolean' && dialect === 'sqlite' ? Number(value) : value })
        .where(kept, '=', stored)
        .execute();
      copied += Number(n);
    }
    out.push({ table, column, kept, to, copied, left });
  }
  return out;
}
