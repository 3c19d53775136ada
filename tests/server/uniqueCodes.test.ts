/**
 * Unique codes of the shipped master data (#23, docs/lowcode-api.md "Numbering series and unique
 * codes"), on SQLite and PostgreSQL: item, account, vendor, warehouse, employee codes and the like
 * are `unique`; a duplicate answers 417 naming the field; a database holding duplicates from before
 * still starts (the index waits until they are resolved, then the next start creates it); Publish
 * refuses to make a field unique over duplicates already stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { EntityDefinition, EntityRow } from '../../runtime/shared/definition';
import type { ListPage } from '../../runtime/shared/envelope';
import { indexName } from '../../server/db/entityTables';
import { t } from '../../server/i18n';
import { DIALECTS, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

const DUPLICATE_FA = 'این مقدار پیش‌تر ثبت شده است؛ مقدار دیگری وارد کنید.';

/** Shipped master-data codes and numbers kept unique, with their scope. */
const UNIQUE: Record<string, [string, string[]][]> = {
  'inventory.item': [['code', []]],
  'inventory.warehouse': [['code', []]],
  'accounting.account': [['code', []]],
  'supplyChain.vendor': [['code', []]],
  'sales.customer': [['code', []]],
  'HR.employee': [['code', []]],
  'HR.contract': [['number', []]],
  'transport.vehicle': [['plate', []]],
  'transport.driver': [['licenceNumber', []]],
  'treasury.bankAccount': [
    ['accountNumber', ['bank']],
    ['sheba', []],
  ],
  'systemConfig.branch': [['code', []]],
};

type Row = EntityRow & Record<string, unknown>;

describe.each(DIALECTS)('unique codes on %s', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  const tok: Record<string, string> = {};

  const signInAll = async () => {
    for (const u of ['admin', 'staff', 'analyst']) tok[u] = (await signIn(app, u)).access_token;
  };
  const items = async () =>
    (
      await call<ListPage<Row>>(app, 'Inventory/Item/GetList', tok.admin!, {
        startRow: 0,
        endRow: 100,
        sortModel: [{ colId: 'code', sort: 'asc' }],
      })
    ).body.Data.rows;
  const itemValues = (row: Row, code: string) => ({
    code,
    name: row.name,
    unit: row.unit,
    category: row.category,
    salePrice: row.salePrice,
    purchasePrice: row.purchasePrice,
    active: true,
  });

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url);
    await signInAll();
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  it('the shipped master data declares its codes unique (the demo seeds none twice)', () => {
    for (const [key, fields] of Object.entries(UNIQUE)) {
      const def = app.ctx.registry.byEntityKey(key)!.def;
      for (const [field, scope] of fields) {
        expect(def.fields[field]?.unique, `${key}.${field}`).toBe(true);
        expect(def.fields[field]?.uniqueScope ?? [], `${key}.${field}`).toEqual(scope);
      }
    }
  });

  it('a duplicate item code answers 417 naming the field, on Create and on Update', async () => {
    const [first, second] = await items();
    const dup = await call(app, 'Inventory/Item/Create', tok.staff!, {
      values: itemValues(first!, String(first!.code)),
    });
    expect(dup.status).toBe(417);
    expect(dup.body.ServerMessageTexts).toEqual([
      expect.objectContaining({ FieldName: 'code', Message: DUPLICATE_FA }),
    ]);
    const moved = await call(app, 'Inventory/Item/Update', tok.staff!, {
      id: second!.id,
      version: second!.version,
      values: itemValues(second!, String(first!.code)),
    });
    expect(moved.status).toBe(417);
    expect(moved.body.ServerMessageTexts).toEqual([
      expect.objectContaining({ FieldName: 'code', Message: DUPLICATE_FA }),
    ]);
    const fresh = await call(app, 'Inventory/Item/Create', tok.staff!, {
      values: itemValues(first!, 'K-UNIQ-1'),
    });
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
  });

  it('a database holding duplicates from before starts; the index comes once they are resolved', async () => {
    const table = app.ctx.registry.byEntityKey('inventory.item')!.table;
    const [first, second] = await items();
    // a database from before item codes were unique, where two items share a code
    await sql`drop index ${sql.ref(indexName(table, 'code_unique'))}`.execute(app.ctx.db);
    await sql`update ${sql.table(table)} set code = ${first!.code} where id = ${second!.id}`.execute(
      app.ctx.db,
    );
    await app.close();
    app = await makeApp(db.url);
    await signInAll();
    // it starts and serves; the code is not kept unique while the duplicates stand
    const rows = await items();
    expect(rows.filter((r) => r.code === first!.code)).toHaveLength(2);
    const third = rows.find((r) => r.code !== first!.code)!;
    const extra = await call<Row>(app, 'Inventory/Item/Create', tok.staff!, {
      values: itemValues(third, String(third.code)),
    });
    expect(extra.status).toBe(200);
    // the duplicates resolved, the next start creates the index: duplicates are refused again
    await sql`update ${sql.table(table)} set code = ${'K-FIX-1'} where id = ${second!.id}`.execute(
      app.ctx.db,
    );
    await sql`update ${sql.table(table)} set code = ${'K-FIX-2'} where id = ${extra.body.Data.id}`.execute(
      app.ctx.db,
    );
    await app.close();
    app = await makeApp(db.url);
    await signInAll();
    const dup = await call(app, 'Inventory/Item/Create', tok.staff!, {
      values: itemValues(third, String(third.code)),
    });
    expect(dup.status).toBe(417);
    expect(dup.body.ServerMessageTexts).toEqual([expect.objectContaining({ FieldName: 'code' })]);
  });

  it('Publish refuses to make a field unique over duplicates already stored', async () => {
    const tag = (unique: boolean): EntityDefinition => ({
      name: 'assetTag',
      module: 'common',
      title: { fa: 'برچسب اموال', en: 'Asset tags' },
      displayField: 'tag',
      schema: {
        type: 'object',
        properties: { tag: { type: 'string', maxLength: 20 }, place: { type: 'string', maxLength: 40 } },
        required: ['tag'],
      },
      fields: {
        tag: { label: { fa: 'برچسب', en: 'Tag' }, ...(unique ? { unique: true } : {}) },
        place: { label: { fa: 'محل', en: 'Place' } },
      },
      list: { columns: ['tag', 'place'] },
    });
    const first = await call(app, 'SystemConfig/Designer/Publish', tok.analyst!, { definition: tag(false) });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    for (const place of ['انبار', 'دفتر'])
      expect(
        (await call(app, 'Common/AssetTag/Create', tok.analyst!, { values: { tag: 'A-1', place } })).status,
      ).toBe(200);
    const refused = await call(app, 'SystemConfig/Designer/Publish', tok.analyst!, { definition: tag(true) });
    expect(refused.status).toBe(417);
    expect(refused.body.ServerMessageTexts).toEqual([
      expect.objectContaining({
        FieldName: '/fields/tag/unique',
        Message: t('fa', 'designerCheck.uniqueDuplicates', { field: 'برچسب' }),
      }),
    ]);
    // nothing of the refused publish was kept: the definition in force is the first one
    const def = await call<EntityDefinition>(app, 'Meta/Entity/GetDefinition', tok.analyst!, {
      module: 'common',
      name: 'assetTag',
    });
    expect(def.body.Data.fields.tag?.unique).toBeUndefined();
    expect(
      (await call(app, 'Common/AssetTag/Create', tok.analyst!, { values: { tag: 'A-1', place: 'سالن' } }))
        .status,
    ).toBe(200);
  });
});
