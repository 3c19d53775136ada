/**
 * One table per definition (create if missing, add missing columns, indexes from the definition:
 * syncIndexes). Identifiers come only from validated definitions matching IDENTIFIER.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { IDENTIFIER } from '../../runtime/shared/definition';
import { KINDS, kindOf, type KindSource } from '../../runtime/shared/fieldKind';
import type { ChildEntity, Entity } from '../definitions/registry';
import { fieldColumnType } from './kindStorage';
import type { Dialect } from './types';
import type { Untyped } from './untyped';

/** System columns of entity tables and their API names. */
export const SYSTEM_COLUMN_MAP = {
  id: 'id',
  version: 'version',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  createdBy: 'created_by',
  updatedBy: 'updated_by',
} as const;

export function indexName(table: string, column: string): string {
  const name = `ix_${table}_${column.toLowerCase()}`;
  if (name.length <= 63) return name;
  return `ix_${createHash('sha1').update(name).digest('hex').slice(0, 24)}`;
}

function assertIdentifier(name: string): void {
  if (!IDENTIFIER.test(name) && !/^e_[a-z0-9_]+$/.test(name)) throw new Error(`Refused identifier: ${name}`);
}

// Entity tables are only known at run time, so this query builder is untyped on purpose.

/**
 * A unique index not created because the rows hold duplicates already (a database from before the
 * field was marked unique): the field is not kept unique until they are resolved (the next start
 * creates it). The server's start logs it; Publish refuses the definition that marks it.
 */
export interface UniqueSkipped {
  table: string;
  field: string;
  scope: string[];
}

/**
 * Creates or extends the tables of `entities` and their indexes; answers the unique indexes it could
 * not create for duplicates already stored. Runs inside a transaction (a savepoint guards each
 * unique index, so a refused one leaves the transaction usable on PostgreSQL).
 */
export async function syncEntityTables(
  db: Untyped,
  dialect: Dialect,
  entities: Entity[],
): Promise<UniqueSkipped[]> {
  const skipped: UniqueSkipped[] = [];
  const existing = new Map<string, Set<string>>();
  // a definition over a database view (read-only screens, server/management/migration.ts) gets no DDL
  const views = new Set<string>();
  for (const table of await db.introspection.getTables()) {
    existing.set(table.name, new Set(table.columns.map((c) => c.name)));
    if (table.isView) views.add(table.name);
  }
  for (const { def, table, children } of entities) {
    assertIdentifier(table);
    if (views.has(table)) continue;
    await createOrExtend(db, dialect, table, def, existing.get(table), (create) =>
      create
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('created_by', 'bigint')
        .addColumn('updated_by', 'bigint'),
    );
    skipped.push(...(await syncIndexes(db, table, def)));
    for (const child of children) await syncChildTable(db, dialect, child, existing.get(child.table));
  }
  await sql`select 1`.execute(db);
  return skipped;
}

/**
 * Indexes that follow from the definition:
 * - sortable or filterable field: (field, id), so a sort on it (id last, as GetList orders) and a
 *   range or equality filter walk the index and pages stay stable;
 * - filterable field of a kind filtered as text: (lower(field)) too, the expression text filters compare;
 * - unique field: a unique index, per its uniqueScope when it has one (a duplicate answers 417 on
 *   that field, server/db/unique.ts).
 */
async function syncIndexes(db: Untyped, table: string, def: Entity['def']): Promise<UniqueSkipped[]> {
  const skipped: UniqueSkipped[] = [];
  for (const name of Object.keys(def.schema.properties)) {
    const meta = def.fields[name];
    const scope = meta?.uniqueScope ?? [];
    if (meta?.unique && !(await syncUnique(db, table, name, scope)))
      skipped.push({ table, field: name, scope });
    if (!meta?.sortable && !meta?.filterable) continue;
    // the single-column index of earlier versions is covered by the composite one
    await db.schema.dropIndex(indexName(table, name)).ifExists().execute();
    await db.schema
      .createIndex(indexName(table, `${name}_id`))
      .ifNotExists()
      .on(table)
      .columns([name, 'id'])
      .execute();
    if (meta.filterable && KINDS[kindOf(def, name)].filter === 'text')
      await db.schema
        .createIndex(indexName(table, `${name}_lower`))
        .ifNotExists()
        .on(table)
        .expression(sql`lower(${sql.ref(name)})`)
        .execute();
  }
  return skipped;
}

/**
 * The unique index of a `unique` field: on the field alone, or with a `uniqueScope` on the scope's
 * fields then the field (the field last: server/db/unique.ts reads it from the driver's error), so
 * the value is unique per scope. A field that gains a scope loses its table-wide index. False when
 * the rows hold duplicates already (the index is left for a later start, see UniqueSkipped).
 */
async function syncUnique(db: Untyped, table: string, name: string, scope: string[]): Promise<boolean> {
  for (const other of scope) assertIdentifier(other);
  if (scope.length)
    await db.schema
      .dropIndex(indexName(table, `${name}_unique`))
      .ifExists()
      .execute();
  await sql`savepoint unique_index`.execute(db);
  try {
    await db.schema
      .createIndex(indexName(table, scope.length ? `${name}_unique_${scope.join('_')}` : `${name}_unique`))
      .ifNotExists()
      .unique()
      .on(table)
      .columns([...scope, name])
      .execute();
  } catch (e) {
    await sql`rollback to savepoint unique_index`.execute(db);
    await sql`release savepoint unique_index`.execute(db);
    if (isDuplicateError(e)) return false;
    throw e;
  }
  await sql`release savepoint unique_index`.execute(db);
  return true;
}

/** The driver's answer to a unique index over duplicate rows (SQLite, PostgreSQL 23505). */
function isDuplicateError(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

/** Lines of a document: id, parent_id (the document row), line_no (0-based order), the line fields. */
async function syncChildTable(
  db: Untyped,
  dialect: Dialect,
  child: ChildEntity,
  have: Set<string> | undefined,
): Promise<void> {
  assertIdentifier(child.table);
  await createOrExtend(db, dialect, child.table, child.def, have, (create) =>
    create
      .addColumn('parent_id', 'bigint', (c) => c.notNull())
      .addColumn('line_no', 'integer', (c) => c.notNull()),
  );
  await db.schema
    .createIndex(indexName(child.table, 'parent_id'))
    .ifNotExists()
    .on(child.table)
    .column('parent_id')
    .execute();
}

type CreateTable = ReturnType<Untyped['schema']['createTable']>;

/**
 * Creates `table` with an id, the system columns `system` adds and one column per field; or, when
 * it exists already (`have` = its columns), adds the fields that are missing. Both parents and
 * document lines are made this way.
 */
async function createOrExtend(
  db: Untyped,
  dialect: Dialect,
  table: string,
  source: KindSource,
  have: Set<string> | undefined,
  system: (create: CreateTable) => CreateTable,
): Promise<void> {
  if (!have) {
    let create = system(
      db.schema
        .createTable(table)
        .ifNotExists()
        .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
          dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        ),
    );
    for (const name of Object.keys(source.schema.properties)) {
      assertIdentifier(name);
      create = create.addColumn(name, fieldColumnType(source, name, dialect));
    }
    await create.execute();
    return;
  }
  for (const name of Object.keys(source.schema.properties)) {
    if (have.has(name)) continue;
    assertIdentifier(name);
    await db.schema
      .alterTable(table)
      .addColumn(name, fieldColumnType(source, name, dialect))
      .execute();
  }
}
