/**
 * The stock ledger on both databases (docs/inventory.md): finalising a document with a `stock`
 * declaration writes its entries and moves the moving-average balances exactly; an issue beyond
 * what is on hand is refused with the item, the warehouse and the quantity available (Persian
 * digits), unless the item allows negative stock; cancelling takes the entries back exactly; a
 * transfer keeps its value; a stock count fills its system quantity and its finalisation posts the
 * difference; a sales invoice ships from its warehouse; items show what is on hand; a document
 * type published by an analyst moves stock by its declaration alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { EntityDefinition, EntityRow } from '../../runtime/shared/definition';
import type { ListPage } from '../../runtime/shared/envelope';
import type { ReportResult } from '../../runtime/shared/reportDefinition';
import { toPersianDigits } from '../../runtime/shared/normalize';
import { DIALECTS, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

type Row = EntityRow & Record<string, unknown>;

describe.each(DIALECTS)('the stock ledger on %s', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  let admin = '';
  let w1 = 0;
  let w2 = 0;
  let unit = 0;
  let n = 0;

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url, { demoVolume: 'small' });
    admin = (await signIn(app, 'admin')).access_token;
    unit = (await call<ListPage<Row>>(app, 'Inventory/Unit/GetList', admin, {})).body.Data.rows[0]!.id;
    const wh = async (code: string, name: string) =>
      (
        await call<Row>(app, 'Inventory/Warehouse/Create', admin, {
          values: { code, name: `انبار آزمون ${name}` },
        })
      ).body.Data.id;
    w1 = await wh('T-A', 'الف');
    w2 = await wh('T-B', 'ب');
  });
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  const newItem = async (extra: Record<string, unknown> = {}): Promise<number> => {
    n += 1;
    const res = await call<Row>(app, 'Inventory/Item/Create', admin, {
      values: { code: `S-${n}`, name: `کالای آزمون ${n}`, unit, purchasePrice: 1000, ...extra },
    });
    expect(res.status).toBe(200);
    return res.body.Data.id;
  };

  /** Creates and finalises a document: the final row, or the refusal's status and texts. */
  const finalDoc = async (path: string, values: Record<string, unknown>) => {
    const draft = await call<Row>(app, `${path}/Create`, admin, { values });
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    const done = await call<Row>(app, `${path}/Finalise`, admin, {
      id: draft.body.Data.id,
      version: draft.body.Data.version,
    });
    return { draft: draft.body.Data, status: done.status, row: done.body.Data, body: done.body };
  };

  const move = (kind: string, warehouse: number, lines: Record<string, unknown>[], extra = {}) =>
    finalDoc('Inventory/StockMove', { date: '2026-05-10', kind, warehouse, lines, ...extra });

  const balance = async (item: number, warehouse: number) => {
    const r = await sql<{
      q: string;
      v: string;
    }>`select cast(quantity as text) as q, cast(value as text) as v from stock_balances where item_id = ${item} and warehouse_id = ${warehouse}`.execute(
      app.ctx.db,
    );
    const row = r.rows[0];
    return { quantity: Number(row?.q ?? 0) / 1000, value: Number(row?.v ?? 0) };
  };

  const ledger = async (item: number, warehouse: number) => {
    const r = await sql<{
      q: string;
      v: string;
    }>`select cast(coalesce(sum(quantity), 0) as text) as q, cast(coalesce(sum(value), 0) as text) as v from stock_entries where item_id = ${item} and warehouse_id = ${warehouse}`.execute(
      app.ctx.db,
    );
    return { quantity: Number(r.rows[0]?.q ?? 0) / 1000, value: Number(r.rows[0]?.v ?? 0) };
  };

  const errors = (body: unknown) => JSON.stringify(body);

  it('moves stock at the moving average, exactly, and the balance equals the sum of the ledger', async () => {
    const item = await newItem();
    expect((await move('receipt', w1, [{ item, quantity: 3, unitCost: 1000 }])).status).toBe(200);
    expect((await move('receipt', w1, [{ item, quantity: 4, unitCost: 1001 }])).status).toBe(200);
    expect(await balance(item, w1)).toEqual({ quantity: 7, value: 7004 });
    // 7004 × 2 / 7 = 2001.14… → 2001
    expect((await move('issue', w1, [{ item, quantity: 2 }])).status).toBe(200);
    expect(await balance(item, w1)).toEqual({ quantity: 5, value: 5003 });
    // a decimal quantity: 5003 × 1.5 / 5 = 1500.9 → 1501
    expect((await move('issue', w1, [{ item, quantity: 1.5 }])).status).toBe(200);
    expect(await balance(item, w1)).toEqual({ quantity: 3.5, value: 3502 });
    // the last of it takes the whole value: nothing is left over
    expect((await move('issue', w1, [{ item, quantity: 3.5 }])).status).toBe(200);
    expect(await balance(item, w1)).toEqual({ quantity: 0, value: 0 });
    expect(await ledger(item, w1)).toEqual({ quantity: 0, value: 0 });
  });

  it('refuses an issue beyond what is on hand, naming the item, the warehouse and what is available', async () => {
    const item = await newItem();
    await move('receipt', w1, [{ item, quantity: 5, unitCost: 2000 }]);
    const refused = await move('issue', w1, [{ item, quantity: 6 }]);
    expect(refused.status).toBe(417);
    const text = errors(refused.body);
    expect(text).toContain(`کالای آزمون ${toPersianDigits(String(n))}`);
    expect(text).toContain('انبار آزمون الف');
    expect(text).toContain('موجودی ۵');
    expect(text).toContain('درخواست ۶');
    // nothing of it was kept: still a draft, no number, no entry
    const again = await call<Row>(app, 'Inventory/StockMove/Get', admin, { id: refused.draft.id });
    expect(again.body.Data.docState).toBe('draft');
    expect(again.body.Data.number).toBeUndefined();
    expect(await balance(item, w1)).toEqual({ quantity: 5, value: 10_000 });
    // another warehouse's stock does not count
    expect((await move('issue', w2, [{ item, quantity: 1 }])).status).toBe(417);
    // quantities read as people write them: thousands grouped, the Persian decimal separator
    const more = await newItem();
    await move('receipt', w1, [{ item: more, quantity: 1234.5, unitCost: 10 }]);
    const large = errors((await move('issue', w1, [{ item: more, quantity: 12345 }])).body);
    expect(large).toContain('موجودی ۱٬۲۳۴٫۵، درخواست ۱۲٬۳۴۵');
  });

  it('lets an item that allows negative stock go below zero, the shortfall at the last average', async () => {
    const item = await newItem({ allowNegative: true });
    await move('receipt', w1, [{ item, quantity: 2, unitCost: 1500 }]);
    const issued = await move('issue', w1, [{ item, quantity: 5 }]);
    expect(issued.status).toBe(200);
    expect(await balance(item, w1)).toEqual({ quantity: -3, value: -4500 });
    expect(await ledger(item, w1)).toEqual({ quantity: -3, value: -4500 });
  });

  it('takes a cancelled document back exactly, and refuses to cancel a receipt whose stock went out', async () => {
    const item = await newItem();
    await move('receipt', w1, [{ item, quantity: 10, unitCost: 1000 }]);
    const second = await move('receipt', w1, [{ item, quantity: 10, unitCost: 2000 }]);
    expect(await balance(item, w1)).toEqual({ quantity: 20, value: 30_000 });
    const cancelled = await call<Row>(app, 'Inventory/StockMove/Cancel', admin, {
      id: second.row.id,
      version: second.row.version,
      reason: 'ثبت تکراری',
    });
    expect(cancelled.status).toBe(200);
    expect(await balance(item, w1)).toEqual({ quantity: 10, value: 10_000 });
    expect(await ledger(item, w1)).toEqual({ quantity: 10, value: 10_000 });
    // an issue, then its receipt cancelled: the stock it brought has gone
    const first = (
      await call<ListPage<Row>>(app, 'Inventory/StockMove/GetList', admin, {
        filterModel: { docState: { filterType: 'text', type: 'equals', filter: 'final' } },
        sortModel: [{ colId: 'id', sort: 'desc' }],
        endRow: 1,
      })
    ).body.Data.rows[0]!;
    expect((await move('issue', w1, [{ item, quantity: 8 }])).status).toBe(200);
    const refused = await call(app, 'Inventory/StockMove/Cancel', admin, {
      id: first.id,
      version: first.version,
      reason: 'ثبت تکراری',
    });
    expect(refused.status, errors(refused.body)).toBe(417);
    expect(errors(refused.body)).toContain('موجودی ۲');
    expect(await balance(item, w1)).toEqual({ quantity: 2, value: 2000 });
  });

  it('transfers at the cost the goods left at: the value moves with them', async () => {
    const item = await newItem();
    await move('receipt', w1, [{ item, quantity: 3, unitCost: 1000 }]);
    await move('receipt', w1, [{ item, quantity: 3, unitCost: 1001 }]);
    const t = await move('transfer', w1, [{ item, quantity: 2 }], { toWarehouse: w2 });
    expect(t.status, errors(t.body)).toBe(200);
    // 6003 × 2 / 6 = 2001
    expect(await balance(item, w1)).toEqual({ quantity: 4, value: 4002 });
    expect(await balance(item, w2)).toEqual({ quantity: 2, value: 2001 });
    const same = await call(app, 'Inventory/StockMove/Create', admin, {
      values: {
        date: '2026-05-10',
        kind: 'transfer',
        warehouse: w1,
        toWarehouse: w1,
        lines: [{ item, quantity: 1 }],
      },
    });
    expect(same.status).toBe(417);
  });

  it('a stock count shows the system quantity at its date and posts the difference when final', async () => {
    const item = await newItem();
    const other = await newItem();
    await move('receipt', w1, [
      { item, quantity: 10, unitCost: 1000 },
      { item: other, quantity: 4, unitCost: 500 },
    ]);
    // a later receipt is not on hand at the count's date
    await finalDoc('Inventory/StockMove', {
      date: '2026-06-01',
      kind: 'receipt',
      warehouse: w1,
      lines: [{ item, quantity: 100, unitCost: 1000 }],
    });
    // counts are written while a stock-taking is open
    const session = await call<Row>(app, 'Inventory/StockTaking/Create', admin, {
      values: { title: 'انبارگردانی آزمون', status: 'open' },
    });
    expect(session.status).toBe(200);
    const draft = await call<Row>(app, 'Inventory/StockCount/Create', admin, {
      values: {
        date: '2026-05-20',
        warehouse: w1,
        lines: [
          { item, countedQuantity: 12 },
          { item: other, countedQuantity: 3 },
        ],
      },
    });
    expect(draft.status, errors(draft.body)).toBe(200);
    const lines = draft.body.Data.lines as Row[];
    expect(lines.map((l) => [l.systemQuantity, l.difference])).toEqual([
      [10, 2],
      [4, -1],
    ]);
    expect([draft.body.Data.surplus, draft.body.Data.shortage]).toEqual([2, 1]);
    const done = await call<Row>(app, 'Inventory/StockCount/Finalise', admin, {
      id: draft.body.Data.id,
      version: draft.body.Data.version,
    });
    expect(done.status, errors(done.body)).toBe(200);
    // surplus in at the average (1000), shortage out at the average (500)
    expect(await balance(item, w1)).toEqual({ quantity: 112, value: 112_000 });
    expect(await balance(other, w1)).toEqual({ quantity: 3, value: 1500 });
    const [posted] = await postedLines('inventory.stockCount', done.body.Data.id);
    expect(posted!.lines).toEqual([
      ['1301', 2000, 0],
      ['7102', 0, 2000],
      ['7102', 500, 0],
      ['1301', 0, 500],
    ]);
    await call(app, 'Inventory/StockTaking/Delete', admin, {
      id: session.body.Data.id,
      version: session.body.Data.version,
    });
  });

  it('a sales invoice ships from its warehouse (the first by code unless a setting names one)', async () => {
    const item = await newItem();
    const customer = (await call<ListPage<Row>>(app, 'Sales/Customer/GetList', admin, {})).body.Data.rows[0]!
      .id;
    const first = (
      await call<ListPage<Row>>(app, 'Inventory/Warehouse/GetList', admin, {
        sortModel: [{ colId: 'code', sort: 'asc' }],
      })
    ).body.Data.rows[0]!.id;
    const invoice = (extra = {}) => ({
      customer,
      date: '2026-05-11',
      lines: [{ item, quantity: 2, unitPrice: 5000 }],
      ...extra,
    });
    // the demo names its central warehouse; without the setting, the first warehouse by code
    const settings = await call<ListPage<Row>>(app, 'SystemConfig/Setting/GetList', admin, {
      filterModel: { key: { filterType: 'text', type: 'equals', filter: 'inventory.defaultWarehouse' } },
    });
    const setting = settings.body.Data.rows[0]!;
    expect(setting.value).toBe('W-01');
    const del = await call(app, 'SystemConfig/Setting/Delete', admin, {
      id: setting.id,
      version: setting.version,
    });
    expect(del.status).toBe(200);
    const draft = await call<Row>(app, 'Sales/Invoice/Create', admin, { values: invoice() });
    expect(draft.body.Data.warehouse).toBe(first);
    const named = await call(app, 'SystemConfig/Setting/Create', admin, {
      values: { key: 'inventory.defaultWarehouse', value: 'T-B' },
    });
    expect(named.status).toBe(200);
    await move('receipt', w2, [{ item, quantity: 5, unitCost: 3000 }]);
    const sold = await finalDoc('Sales/Invoice', invoice());
    expect(sold.draft.warehouse).toBe(w2);
    expect(sold.status, errors(sold.body)).toBe(200);
    expect(await balance(item, w2)).toEqual({ quantity: 3, value: 9000 });
    // more than is there
    const refused = await finalDoc(
      'Sales/Invoice',
      invoice({ lines: [{ item, quantity: 4, unitPrice: 5000 }] }),
    );
    expect(refused.status).toBe(417);
    expect(errors(refused.body)).toContain('موجودی ۳');
    // without a warehouse, stock does not move
    const bare = await call<Row>(app, 'Sales/Invoice/Update', admin, {
      id: refused.draft.id,
      version: refused.draft.version,
      values: { ...invoice(), warehouse: null, lines: [{ item, quantity: 1, unitPrice: 5000 }] },
    });
    expect(bare.status, errors(bare.body)).toBe(200);
    const noWarehouse = await call(app, 'Sales/Invoice/Finalise', admin, {
      id: bare.body.Data.id,
      version: bare.body.Data.version,
    });
    expect(noWarehouse.status).toBe(417);
    expect(errors(noWarehouse.body)).toContain('انبار');
  });

  it('items show what is on hand in all warehouses, in the grid and to lookups', async () => {
    const item = await newItem();
    await move('receipt', w1, [{ item, quantity: 2.5, unitCost: 1000 }]);
    await move('receipt', w2, [{ item, quantity: 4, unitCost: 1000 }]);
    const got = await call<Row>(app, 'Inventory/Item/Get', admin, { id: item });
    expect(got.body.Data.onHand).toBe(6.5);
    const list = await call<ListPage<Row>>(app, 'Inventory/Item/GetList', admin, {
      search: { text: `S-${n}`, fields: ['code'] },
    });
    expect(list.body.Data.rows.find((r) => r.id === item)?.onHand).toBe(6.5);
    // a figure, not a column: neither sorted nor filtered
    const sorted = await call(app, 'Inventory/Item/GetList', admin, {
      sortModel: [{ colId: 'onHand', sort: 'asc' }],
    });
    expect(sorted.status).toBe(400);
    // an update sending it back changes nothing
    const saved = await call<Row>(app, 'Inventory/Item/Update', admin, {
      id: item,
      version: got.body.Data.version,
      values: { code: got.body.Data.code, name: got.body.Data.name, unit, onHand: 999 },
    });
    expect(saved.status, errors(saved.body)).toBe(200);
    expect(saved.body.Data.onHand).toBe(6.5);
  });

  const report = async (name: string, params: Record<string, unknown>) => {
    const res = await call<ReportResult>(app, 'Report/Definition/Run', admin, {
      report: `inventory.${name}`,
      params,
    });
    expect(res.status, errors(res.body)).toBe(200);
    return res.body.Data;
  };

  it("the demo's stock entries and vouchers name their documents by number, the opening stock first", async () => {
    // every stock entry of the seed names its document's number (the kardex shows it)
    const unnamed = await sql<{
      n: string;
    }>`select cast(count(*) as text) as n from stock_entries where source_number is null or source_number = ''`.execute(
      app.ctx.db,
    );
    expect(Number(unnamed.rows[0]?.n)).toBe(0);
    // the opening stock documents, dated the year's first day, hold the first numbers
    const moves = (
      await call<ListPage<Row>>(app, 'Inventory/StockMove/GetList', admin, {
        startRow: 0,
        endRow: 1000,
        sortModel: [{ colId: 'number', sort: 'asc' }],
        filterModel: { docState: { filterType: 'text', type: 'equals', filter: 'final' } },
      })
    ).body.Data.rows;
    const openings = moves.filter((m) => m.kind === 'opening');
    expect(openings.length).toBeGreaterThan(0);
    expect(moves.slice(0, openings.length).every((m) => m.kind === 'opening')).toBe(true);
    // a voucher a document posted names it by number, never by an empty place
    const vouchers = (
      await call<ListPage<Row>>(app, 'Accounting/Voucher/GetList', admin, { startRow: 0, endRow: 1000 })
    ).body.Data.rows;
    const described = vouchers.filter((v) => typeof v.description === 'string' && v.sourceEntity);
    expect(described.length).toBeGreaterThan(0);
    for (const v of described) expect(String(v.description), String(v.number)).not.toMatch(/ {2}|^\s|\{\{/);
  });

  it('the kardex runs the quantity, value and average cost from the opening row, and drills to the document', async () => {
    const item = await newItem();
    const dated = (date: string, kind: string, lines: Record<string, unknown>[]) =>
      finalDoc('Inventory/StockMove', { date, kind, warehouse: w1, lines });
    await dated('2026-05-01', 'receipt', [{ item, quantity: 3, unitCost: 1000 }]);
    const second = await dated('2026-05-03', 'receipt', [{ item, quantity: 4, unitCost: 1001 }]);
    await dated('2026-05-05', 'issue', [{ item, quantity: 2 }]);
    await dated('2026-06-05', 'issue', [{ item, quantity: 1 }]);
    // another warehouse is not on this card
    await finalDoc('Inventory/StockMove', {
      date: '2026-05-04',
      kind: 'receipt',
      warehouse: w2,
      lines: [{ item, quantity: 9, unitCost: 5 }],
    });
    const card = await report('kardex', {
      item,
      warehouse: w1,
      range: { from: '2026-05-02', to: '2026-05-31' },
    });
    const pick = (r: Record<string, unknown>) => [
      r.rowKind ?? r.sourceNumber,
      r.inQuantity ?? null,
      r.outQuantity ?? null,
      r.inValue ?? null,
      r.outValue ?? null,
      r.balanceQuantity,
      r.balanceValue,
    ];
    expect(card.rows.map(pick)).toEqual([
      ['opening', null, null, null, null, 3, 3000],
      [second.row.number, 4, null, 4004, null, 7, 7004],
      [expect.any(String), null, 2, null, 2001, 5, 5003],
    ]);
    expect(card.rows[1]).toMatchObject({
      sourceEntity: 'inventory.stockMove',
      sourceId: second.row.id,
      unitCost: 1001,
      averageCost: 1001,
    });
    expect(card.totals).toMatchObject({
      inQuantity: 4,
      outQuantity: 2,
      inValue: 4004,
      outValue: 2001,
      balanceQuantity: 5,
      balanceValue: 5003,
    });
    // on hand at a date, its value, and by warehouse
    const at = await report('stockBalance', { date: '2026-05-04', item });
    const held = at.rows.map((r) => [r.warehouseId, r.quantity, r.value]);
    expect(held.sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([
      [w1, 7, 7004],
      [w2, 9, 45],
    ]);
    expect(at.totals.value).toBe(7049);
    const valuation = await report('valuation', { date: '2026-05-04', groupBy: 'warehouse' });
    const whole = await report('stockBalance', { date: '2026-05-04' });
    expect(valuation.totals.value).toBe(whole.totals.value);
    // below its reorder point: 6 on hand (w1: 4, w2: 9 → 13 in all), reorder point 20
    const got = await call<Row>(app, 'Inventory/Item/Get', admin, { id: item });
    await call(app, 'Inventory/Item/Update', admin, {
      id: item,
      version: got.body.Data.version,
      values: { code: got.body.Data.code, name: got.body.Data.name, unit, reorderPoint: 20 },
    });
    const low = await report('belowReorder', {});
    expect(low.rows.find((r) => r.itemId === item)).toMatchObject({ onHand: 13, shortfall: 7 });
    const inW2 = await report('belowReorder', { warehouse: w2 });
    expect(inW2.rows.find((r) => r.itemId === item)).toMatchObject({ onHand: 9, shortfall: 11 });
  });

  /** The vouchers a document posted, with their lines: [account code, debit, credit]. */
  const postedLines = async (entity: string, id: number) => {
    const eq = (filter: string | number) =>
      typeof filter === 'number'
        ? { filterType: 'number', type: 'equals', filter }
        : { filterType: 'text', type: 'equals', filter };
    const vouchers = (
      await call<ListPage<Row>>(app, 'Accounting/Voucher/GetList', admin, {
        filterModel: { sourceEntity: eq(entity), sourceId: eq(id) },
        sortModel: [{ colId: 'id', sort: 'asc' }],
      })
    ).body.Data.rows;
    const accounts = (
      await call<ListPage<Row>>(app, 'Accounting/Account/GetList', admin, { startRow: 0, endRow: 1000 })
    ).body.Data.rows;
    const code = new Map(accounts.map((a) => [a.id, String(a.code)]));
    const out: { kind: unknown; lines: [string, number, number][] }[] = [];
    for (const v of vouchers) {
      const full = (await call<Row>(app, 'Accounting/Voucher/Get', admin, { id: v.id })).body.Data;
      const lines = (full.lines as Row[]).map(
        (l) =>
          [code.get(Number(l.account)) ?? '', Number(l.debit ?? 0), Number(l.credit ?? 0)] as [
            string,
            number,
            number,
          ],
      );
      out.push({ kind: full.kind, lines });
    }
    return out;
  };
  const COGS = '7101';
  const INVENTORY = '1301';
  const ADJUSTMENT = '7102';
  const GRNI = '3103';
  const GOODS_USED = '8207';

  it('a sale posts its cost of goods exactly as the stock took it (Dr COGS, Cr inventory); cancelling reverses both', async () => {
    const item = await newItem();
    await move('receipt', w1, [{ item, quantity: 3, unitCost: 1000 }]);
    await move('receipt', w1, [{ item, quantity: 4, unitCost: 1001 }]);
    const customer = (await call<ListPage<Row>>(app, 'Sales/Customer/GetList', admin, {})).body.Data.rows[0]!
      .id;
    const sold = await finalDoc('Sales/Invoice', {
      customer,
      date: '2026-05-12',
      warehouse: w1,
      lines: [
        { item, quantity: 1.5, unitPrice: 9000 },
        { item, quantity: 0.5, unitPrice: 9000 },
      ],
    });
    expect(sold.status, errors(sold.body)).toBe(200);
    // 7004 × 1.5 / 7 = 1500.857… → 1501, then 5503 × 0.5 / 5.5 = 500.27… → 500
    expect(await balance(item, w1)).toEqual({ quantity: 5, value: 5003 });
    const [posted] = await postedLines('sales.invoice', sold.row.id);
    expect(posted!.kind).toBe('posted');
    const cost = posted!.lines.filter(([c]) => c === COGS || c === INVENTORY);
    expect(cost).toEqual([
      [COGS, 2001, 0],
      [INVENTORY, 0, 2001],
    ]);
    const sum = (side: 1 | 2) => posted!.lines.reduce((a, l) => a + l[side], 0);
    expect(sum(1)).toBe(sum(2));
    const cancelled = await call<Row>(app, 'Sales/Invoice/Cancel', admin, {
      id: sold.row.id,
      version: sold.row.version,
      reason: 'برگشت کامل فروش',
    });
    expect(cancelled.status, errors(cancelled.body)).toBe(200);
    expect(await balance(item, w1)).toEqual({ quantity: 7, value: 7004 });
    const [, reversal] = await postedLines('sales.invoice', sold.row.id);
    expect(reversal!.kind).toBe('reversal');
    expect(reversal!.lines.filter(([c]) => c === COGS || c === INVENTORY)).toEqual([
      [COGS, 0, 2001],
      [INVENTORY, 2001, 0],
    ]);
  });

  it('a goods receipt brings its lines in at their unit price, the value its voucher debits to inventory', async () => {
    const item = await newItem();
    const orders = await call<ListPage<Row>>(app, 'SupplyChain/PurchaseOrder/GetList', admin, { endRow: 1 });
    const order = orders.body.Data.rows[0]!;
    // a receipt made from no order (one from an order takes its lines: tests/server/chain.test.ts)
    const received = await finalDoc('SupplyChain/GoodsReceipt', {
      vendor: order.vendor,
      warehouse: w2,
      date: '2026-05-13',
      lines: [
        { item, quantity: 2.5, unitPrice: 1001 },
        { item, quantity: 1, unitPrice: 3000 },
      ],
    });
    expect(received.status, errors(received.body)).toBe(200);
    // 2502.5 → 2503, and 3000
    expect(await balance(item, w2)).toEqual({ quantity: 3.5, value: 5503 });
    const [posted] = await postedLines('supplyChain.goodsReceipt', received.row.id);
    expect(posted!.lines.find(([c]) => c === INVENTORY)).toEqual([INVENTORY, 5503, 0]);
  });

  it('a stock count and an adjustment post their surplus and shortage at cost to the stock adjustment account', async () => {
    const item = await newItem();
    await move('receipt', w2, [{ item, quantity: 10, unitCost: 700 }]);
    const adjusted = await move('adjustment', w2, [{ item, quantity: 1 }], { adjustment: 'decrease' });
    expect(adjusted.status, errors(adjusted.body)).toBe(200);
    const [posted] = await postedLines('inventory.stockMove', adjusted.row.id);
    expect(posted!.lines).toEqual([
      [ADJUSTMENT, 700, 0],
      [INVENTORY, 0, 700],
    ]);
  });

  it('a stock receipt posts inventory against goods received not invoiced, an issue its cost to goods used; opening stock posts nothing', async () => {
    const item = await newItem();
    const opening = await move('opening', w2, [{ item, quantity: 2, unitCost: 650 }]);
    expect(opening.status, errors(opening.body)).toBe(200);
    expect(await postedLines('inventory.stockMove', opening.row.id)).toEqual([]);
    const received = await move('receipt', w2, [{ item, quantity: 2, unitCost: 750 }]);
    const [inPosted] = await postedLines('inventory.stockMove', received.row.id);
    expect(inPosted!.lines).toEqual([
      [INVENTORY, 1500, 0],
      [GRNI, 0, 1500],
    ]);
    // the moving average of 4 at 2,800 is 700: an issue of 1 costs 700
    const issued = await move('issue', w2, [{ item, quantity: 1 }]);
    expect(issued.status, errors(issued.body)).toBe(200);
    const [outPosted] = await postedLines('inventory.stockMove', issued.row.id);
    expect(outPosted!.lines).toEqual([
      [GOODS_USED, 700, 0],
      [INVENTORY, 0, 700],
    ]);
    expect(await balance(item, w2)).toEqual({ quantity: 3, value: 2100 });
  });

  it('a document type published by an analyst moves stock by its declaration alone', async () => {
    const analyst = (await signIn(app, 'analyst')).access_token;
    const def: EntityDefinition = {
      name: 'consumption',
      module: 'inventory',
      title: { fa: 'مصرف داخلی', en: 'Internal use' },
      displayField: 'title',
      schema: {
        type: 'object',
        properties: {
          title: { type: 'string', maxLength: 60 },
          date: { type: 'string', format: 'date' },
          warehouse: { type: 'integer', minimum: 1 },
        },
        required: ['title', 'date', 'warehouse'],
      },
      fields: {
        title: { label: { fa: 'عنوان' } },
        date: { label: { fa: 'تاریخ' } },
        warehouse: {
          label: { fa: 'انبار' },
          lookup: { entity: 'inventory.warehouse', displayField: 'name', codeField: 'code' },
        },
      },
      list: { columns: ['title', 'date', 'warehouse'] },
      period: { field: 'date' },
      lifecycle: {},
      children: {
        lines: {
          label: { fa: 'اقلام' },
          schema: {
            type: 'object',
            properties: {
              item: { type: 'integer', minimum: 1 },
              quantity: { type: 'number', minimum: 0.001 },
              wasted: { type: 'boolean' },
            },
            required: ['item', 'quantity'],
          },
          fields: {
            item: { label: { fa: 'کالا' }, lookup: { entity: 'inventory.item', displayField: 'name' } },
            quantity: { label: { fa: 'مقدار' } },
            wasted: { label: { fa: 'ضایعات' } },
          },
        },
      },
      stock: {
        moves: [
          {
            id: 'use',
            forEach: 'lines',
            item: 'item',
            // a wasted line counts double
            quantity: { '*': [{ var: 'quantity' }, { if: [{ var: 'wasted' }, 2, 1] }] },
            warehouse: { field: 'warehouse' },
            direction: 'out',
          },
        ],
      },
    };
    const published = await call(app, 'SystemConfig/Designer/Publish', analyst, { definition: def });
    expect(published.status, errors(published.body)).toBe(200);
    const item = await newItem();
    await move('receipt', w1, [{ item, quantity: 10, unitCost: 1000 }]);
    const used = await finalDoc('Inventory/Consumption', {
      title: 'مصرف کارگاه',
      date: '2026-05-12',
      warehouse: w1,
      lines: [
        { item, quantity: 2 },
        { item, quantity: 1, wasted: true },
      ],
    });
    expect(used.status, errors(used.body)).toBe(200);
    expect(await balance(item, w1)).toEqual({ quantity: 6, value: 6000 });
    // a declaration that names no item lookup is refused with its path
    const broken = structuredClone(def);
    broken.name = 'brokenUse';
    broken.stock!.moves[0]!.item = 'quantity';
    const refused = await call(app, 'SystemConfig/Designer/Publish', analyst, { definition: broken });
    expect(refused.status).toBe(417);
    expect(errors(refused.body)).toContain('/stock/moves/0/item');
  });
});
