/**
 * A database made before a shipped definition changed a field's type (as if
 * inventory.stockMove.warehouse were a text, now a warehouse id): at start-up the old column is kept as warehousePrev1, the values that
 * convert are copied into the new integer column, its index covers the new column, and the list
 * sorts by it.
 */
import { sql } from 'kysely';
import type { EntityDefinition } from '../../runtime/shared/definition';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/connection';
import { indexName } from '../../server/db/entityTables';
import { typeFamily } from '../../server/db/retype';
import { DIALECTS, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

const OLD_NAME = 'سیمان پرتلند تیپ ۲';

interface Move {
  id: number;
  warehouse: unknown;
}

async function columnType(url: string, table: string, column: string): Promise<string | undefined> {
  const { db, close } = openDatabase(url);
  try {
    const t = (await db.introspection.getTables()).find((x) => x.name === table);
    return t?.columns.find((c) => c.name === column)?.dataType;
  } finally {
    await close();
  }
}

describe.each(DIALECTS)('a field whose type changed between releases, on %s', (dialect) => {
  let database: TestDb | undefined;
  afterAll(() => database?.cleanup());

  it('keeps the old column, converts what converts, and indexes the new one', async () => {
    database = await freshDatabase(dialect);
    const url = database.url;
    let app = await makeApp(url);
    const table = app.ctx.registry.byEntityKey('inventory.stockMove')?.table ?? '';
    expect(table).not.toBe('');
    await app.close();

    // the database as an earlier release left it: warehouse a text column, one row holding a name
    const old = openDatabase(url);
    let before: Move[];
    try {
      const db = old.db;
      for (const suffix of ['warehouse_id', 'warehouse_lower'])
        await sql`drop index if exists ${sql.id(indexOf(table, suffix))}`.execute(db);
      if (dialect === 'postgres')
        await sql`alter table ${sql.table(table)} alter column warehouse type text using warehouse::text`.execute(
          db,
        );
      else {
        await sql`alter table ${sql.table(table)} rename column warehouse to warehouse_old`.execute(db);
        await sql`alter table ${sql.table(table)} add column warehouse text`.execute(db);
        await sql`update ${sql.table(table)} set warehouse = cast(warehouse_old as text)`.execute(db);
        await sql`alter table ${sql.table(table)} drop column warehouse_old`.execute(db);
      }
      await sql`create index ${sql.id(indexOf(table, 'warehouse_id'))} on ${sql.table(table)} (warehouse, id)`.execute(
        db,
      );
      const first = await sql<{ id: number }>`select min(id) as id from ${sql.table(table)}`.execute(db);
      await sql`update ${sql.table(table)} set warehouse = ${OLD_NAME} where id = ${first.rows[0]?.id}`.execute(
        db,
      );
      before = (await sql<Move>`select id, warehouse from ${sql.table(table)} order by id`.execute(db)).rows;
    } finally {
      await old.close();
    }
    expect(typeFamily((await columnType(url, table, 'warehouse')) ?? '')).toBe('text');
    expect(before.length).toBeGreaterThan(1);
    expect(before.every((m) => typeof m.warehouse === 'string')).toBe(true);

    app = await makeApp(url);
    try {
      expect(typeFamily((await columnType(url, table, 'warehouse')) ?? '')).toBe('integer');
      const reopened = openDatabase(url);
      let after: { id: number; warehouse: unknown; warehousePrev1: unknown }[];
      let indexed: string[];
      try {
        after = (
          await sql<{
            id: number;
            warehouse: unknown;
            warehousePrev1: unknown;
          }>`select id, warehouse, ${sql.ref('warehousePrev1')} from ${sql.table(table)} order by id`.execute(
            reopened.db,
          )
        ).rows;
        indexed = await indexColumns(reopened.db, dialect, table, indexOf(table, 'warehouse_id'));
      } finally {
        await reopened.close();
      }
      expect(after.map((r) => r.id)).toEqual(before.map((m) => m.id));
      for (const [i, row] of after.entries()) {
        const was = before[i]?.warehouse;
        expect(row.warehousePrev1).toBe(was);
        if (was === OLD_NAME) expect(row.warehouse).toBeNull();
        else expect(Number(row.warehouse)).toBe(Number(was));
      }
      expect(indexed).toEqual(['warehouse', 'id']);

      const admin = await signIn(app, 'admin');
      const list = await call<{ rows: { id: number; warehouse: number | null }[] }>(
        app,
        'Inventory/StockMove/GetList',
        admin.access_token,
        { startRow: 0, endRow: 5, sortModel: [{ colId: 'warehouse', sort: 'desc' }] },
      );
      expect(list.status).toBe(200);
      // the row whose old text did not convert has no warehouse (first in PostgreSQL's descending order)
      const warehouses = (list.body.Data?.rows.map((r) => r.warehouse) ?? []).filter((x) => x != null);
      expect(warehouses.length).toBeGreaterThanOrEqual(4);
      expect(warehouses.every((x) => typeof x === 'number')).toBe(true);
      // a lookup column sorts by the looked-up row's display text (lookupSearch.test.ts proves the
      // order on both databases): rows of one warehouse come together
      const seen = warehouses.filter((x, i) => i === 0 || x !== warehouses[i - 1]);
      expect(new Set(seen).size).toBe(seen.length);
    } finally {
      await app.close();
    }

    // a second start changes nothing more
    app = await makeApp(url);
    await app.close();
    expect(await columnType(url, table, 'warehousePrev2')).toBeUndefined();
  });
});

function indexOf(table: string, suffix: string): string {
  return indexName(table, suffix);
}

async function indexColumns(
  db: ReturnType<typeof openDatabase>['db'],
  dialect: string,
  table: string,
  index: string,
): Promise<string[]> {
  if (dialect === 'sqlite')
    return (
      await sql<{ name: string }>`select name from pragma_index_info(${index}) order by seqno`.execute(db)
    ).rows.map((r) => r.name);
  const def = await sql<{
    indexdef: string;
  }>`select indexdef from pg_indexes where tablename = ${table} and indexname = ${index}`.execute(db);
  const m = /\(([^)]*)\)/.exec(def.rows[0]?.indexdef ?? '');
  return (m?.[1] ?? '').split(',').map((s) => s.trim().replace(/"/g, ''));
}

describe('a low-code publish that changes a sortable field type, on sqlite', () => {
  let database: TestDb | undefined;
  afterAll(() => database?.cleanup());

  it('indexes the new column, not the kept one', async () => {
    database = await freshDatabase('sqlite');
    const app = await makeApp(database.url);
    try {
      const analyst = (await signIn(app, 'analyst')).access_token;
      const def = (code: { type: 'string' } | { type: 'integer' }): EntityDefinition => ({
        name: 'shelf',
        module: 'common',
        title: { fa: 'قفسه', en: 'Shelf' },
        displayField: 'code',
        schema: { type: 'object', properties: { code }, required: ['code'] },
        fields: { code: { label: { fa: 'کد', en: 'Code' }, sortable: true } },
        list: { columns: ['code'] },
        menu: { order: 9 },
      });
      const publish = (d: EntityDefinition) =>
        call(app, 'SystemConfig/Designer/Publish', analyst, { definition: d, acceptBreaking: true });
      expect((await publish(def({ type: 'string' }))).status).toBe(200);
      for (const code of ['12', '7', 'الف'])
        expect((await call(app, 'Common/Shelf/Create', analyst, { values: { code } })).status).toBe(200);
      expect((await publish(def({ type: 'integer' }))).status).toBe(200);
      const table = app.ctx.registry.byEntityKey('common.shelf')?.table ?? '';
      const reopened = openDatabase(database.url);
      try {
        expect(await indexColumns(reopened.db, 'sqlite', table, indexName(table, 'code_id'))).toEqual([
          'code',
          'id',
        ]);
      } finally {
        await reopened.close();
      }
      const list = await call<{ rows: { code?: number }[] }>(app, 'Common/Shelf/GetList', analyst, {
        sortModel: [{ colId: 'code', sort: 'asc' }],
      });
      expect(list.body.Data?.rows.map((r) => r.code)).toEqual([undefined, 7, 12]);
    } finally {
      await app.close();
    }
  });
});
