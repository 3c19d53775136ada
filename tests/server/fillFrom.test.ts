/**
 * The request the form sends for LookupSpec.fillFrom (runtime/shared/fillFrom.ts) against the real
 * GetList: the invoice's price lists for a customer with its own list (the demo's wholesale list of
 * C-0008), for one without but of a group (the group's list) and for one of neither, valid at a
 * date; the choice the form makes among them.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityDefinition, FillFromSpec } from '../../runtime/shared/definition';
import { fillFromLines, fillFromOrder, fillFromRequest } from '../../runtime/shared/fillFrom';
import { DIALECTS, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

type Row = { id: number } & Record<string, unknown>;

describe.each(DIALECTS)('fill from the price list on %s', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  let staff: string;
  let spec: FillFromSpec;

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url);
    staff = (await signIn(app, 'staff')).access_token;
    const def = app.ctx.registry.byEntityKey('sales.invoice')!.def as EntityDefinition;
    spec = def.children!.lines!.fields.item!.lookup!.fillFrom!;
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  const customer = async (code: string) =>
    (
      await call<{ rows: Row[] }>(app, 'Sales/Customer/GetList', staff, {
        startRow: 0,
        endRow: 1,
        filterModel: { code: { filterType: 'text', type: 'equals', filter: code } },
      })
    ).body.Data.rows[0]!.id;

  /** What the form fills for the item on a document of `customer` dated `date`. */
  const filled = async (doc: Record<string, unknown>, item: number) => {
    const page = await call<{ rows: Row[] }>(
      app,
      'Sales/PriceList/GetList',
      staff,
      fillFromRequest(spec, doc),
    );
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    for (const list of fillFromOrder(spec, page.body.Data.rows, doc)) {
      const read = await call<Row>(app, 'Sales/PriceList/Get', staff, { id: list.id });
      const values = fillFromLines(spec, read.body.Data[spec.lines], item);
      if (values) return { list: String(list.title), values };
    }
    return null;
  };

  it("a customer's own list wins over the general one; another customer gets the general price", async () => {
    const item = (
      await call<{ rows: Row[] }>(app, 'Inventory/Item/GetList', staff, {
        startRow: 0,
        endRow: 1,
        filterModel: { code: { filterType: 'text', type: 'equals', filter: 'K-0002' } },
      })
    ).body.Data.rows[0]!;
    const wholesale = await customer('C-0008');
    const other = await customer('C-0002');
    const own = await filled({ customer: wholesale, date: '2026-11-25' }, item.id);
    expect(own).toEqual({ list: 'فهرست قیمت عمده ۱۴۰۵', values: { unitPrice: 461_000 } });
    // its own list wins over its group's (C-0008 is a government customer)
    expect(
      await filled({ customer: wholesale, customerGroup: 'government', date: '2026-11-25' }, item.id),
    ).toEqual(own);
    const general = await filled({ customer: other, date: '2026-11-25' }, item.id);
    expect(general).toEqual({ list: 'فهرست قیمت عمومی ۱۴۰۵', values: { unitPrice: item.salePrice } });
    // a customer of a group without its own list: the group's list (docs/tax.md)
    const group = await filled({ customer: other, customerGroup: 'wholesale', date: '2026-11-25' }, item.id);
    expect(group).toEqual({
      list: 'فهرست قیمت گروه عمده‌فروشان ۱۴۰۵',
      values: { unitPrice: Math.round((Number(item.salePrice) * 0.95) / 1000) * 1000 },
    });
    // outside every list's validity: nothing (the item's own price stays)
    expect(await filled({ customer: wholesale, date: '2030-01-01' }, item.id)).toBeNull();
  }, 60_000);
});
