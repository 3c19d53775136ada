/**
 * A database made before a shipped definition changed a field's type (inventory.stockMove.item
 * was a text, now an item id): at start-up the old column is kept as itemPrev1, the values that
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
  item: unknown;
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

    // the database as an earlier release left it: item a text column, one row holding a name
    const old = openDatabase(url);
    let before: Move[];
    try {
      const db = old.db;
      for (const suffix of ['item_id', 'item_lower'])
        await sql`drop index if exists ${sql.id(indexOf(table, suffix))}`.execute(db);
      if (dialect === 'postgres')
        await sql`alter table ${sql.table(table)} alter column item type text using item::text`.execute(db);
      else {
        await sql`alter table ${sql.table(table)} rename column item to item_old`.execute(db);
        await sql`alter table ${sql.table(table)} add column item text`.execute(db);
        await sql`update ${sql.table(table)} set item = cast(item_old as text)`.execute(db);
        await sql`alter table ${sql.table(table)} drop column item_old`.execute(db);
      }
      await sql`create index ${sql.id(indexOf(table, 'item_id'))} on ${sql.table(table)} (item, id)`.execute(
        db,
      );
      const first = await sql<{ id: number }>`select min(id) as id from ${sql.table(table)}`.execute(db);
      await sql`update ${sql.table(table)} set item = ${OLD_NAME} where id = ${first.rows[0]?.id}`.execute(
        db,
      );
      before = (await sql<Move>`select id, item from ${sql.table(table)} order by id`.execute(db)).rows;
    } finally {
      await old.close();
    }
    expect(typeFamily((await columnType(url, table, 'item')) ?? '')).toBe('text');
    expect(before.length).toBeGreaterThan(1);
    expect(before.every((m) => typeof m.item === 'string')).toBe(true);

    app = await makeApp(url);
    try {
      expect(typeFamily((await columnType(url, table, 'item')) ?? '')).toBe('integer');
      const reopened = openDatabase(url);
      let after: { id: number; item: unknown; itemPrev1: unknown }[];
      let indexed: string[];
      try {
        after = (
          await sql<{
            id: number;
            item: unknown;
            itemPrev1: unknown;
          }>`select id, item, ${sql.ref('itemPrev1')} from ${sql.table(table)} order by id`.execute(
            reopened.db,
          )
        ).rows;
        indexed = await indexColumns(reopened.db, dialect, table, indexOf(table, 'item_id'));
      } finally {
        await reopened.close();
      }
      expect(after.map((r) => r.id)).toEqual(before.map((m) => m.id));
      for (const [i, row] of after.entries()) {
        const was = before[i]?.item;
        expect(row.itemPrev1).toBe(was);
        if (was === OLD_NAME) expect(row.item).toBeNull();
        else expect(Number(row.item)).toBe(Number(was));
      }
      expect(indexed).toEqual(['item', 'id']);

      const admin = await signIn(app, 'admin');
      const list = await call<{ rows: { id: number; item: number | null }[] }>(
        app,
        'Inventory/StockMove/GetList',
        admin.access_token,
        { startRow: 0, endRow: 5, sortModel: [{ colId: 'item', sort: 'desc' }] },
      );
      expect(list.status).toBe(200);
      // the row whose old text did not convert has no item (first in PostgreSQL's descending order)
      const items = (list.body.Data?.rows.map((r) => r.item) ?? []).filter((x) => x != null);
      expect(items.length).toBeGreaterThanOrEqual(4);
      expect(items.every((x) => typeof x === 'number')).toBe(true);
      // a lookup column sorts by the looked-up row's display text (lookupSearch.test.ts proves the
      // order on both databases): rows of one item come together
      const seen = items.filter((x, i) => i === 0 || x !== items[i - 1]);
      expect(new Set(seen).size).toBe(seen.length);
    } finally {
      await app.close();
    }

    // a second start changes nothing more
    app = await makeApp(url);
    await app.close();
    expect(await columnType(url, table, 'itemPrev2')).toBeUndefined();
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
