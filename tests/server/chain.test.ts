/**
 * The sales and purchase chain on both databases (docs/chain.md): CreateFrom carries the source's
 * fields and its outstanding lines, each linked to its source line; Finalise takes the quantities
 * and refuses over-delivery naming the item and the figures (Persian digits); Cancel gives them
 * back; two finalises at once against one order line never together pass it; a return cannot
 * exceed what was sold and comes in at the sold cost; the new documents' vouchers balance; a source
 * with final follow-ons cannot be cancelled; a vendor cannot create from another vendor's order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { EntityDefinition, EntityRow } from '../../runtime/shared/definition';
import type { Envelope, ListPage } from '../../runtime/shared/envelope';
import { toPersianDigits } from '../../runtime/shared/normalize';
import { DIALECTS, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

type Row = EntityRow & Record<string, unknown>;
type Line = Record<string, unknown>;

const businessErrors = (body: Envelope<unknown>) =>
  ((body.Data as { BusinessErrors?: string[] } | null)?.BusinessErrors ?? []) as string[];

describe.each(DIALECTS)('the sales and purchase chain on %s', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  let admin = '';
  let vendorToken = '';
  let item = 0;
  let item2 = 0;
  let warehouse = 0;
  let myVendor = 0;
  let otherVendor = 0;
  let customer = 0;

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url, { demoVolume: 'small' });
    admin = (await signIn(app, 'admin')).access_token;
    vendorToken = (await signIn(app, 'vendor')).access_token;
    const unit = (await call<ListPage<Row>>(app, 'Inventory/Unit/GetList', admin, {})).body.Data.rows[0]!.id;
    const newItem = async (code: string) => {
      const made = await call<Row>(app, 'Inventory/Item/Create', admin, {
        values: { code, name: `کالای زنجیره ${code}`, unit, purchasePrice: 0 },
      });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      return made.body.Data.id;
    };
    item = await newItem('CH-1');
    item2 = await newItem('CH-2');
    warehouse = (await call<ListPage<Row>>(app, 'Inventory/Warehouse/GetList', admin, {})).body.Data.rows[0]!
      .id;
    // the vendor user's own vendor: the one its purchase orders name
    const mine = (await call<ListPage<Row>>(app, 'SupplyChain/PurchaseOrder/GetList', vendorToken, {})).body
      .Data.rows;
    myVendor = Number(mine[0]!.vendor);
    const vendors = (await call<ListPage<Row>>(app, 'SupplyChain/Vendor/GetList', admin, {})).body.Data.rows;
    otherVendor = vendors.find((v) => v.id !== myVendor)!.id;
    customer = (await call<ListPage<Row>>(app, 'Sales/Customer/GetList', admin, {})).body.Data.rows[0]!.id;
  });
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  const create = async (path: string, values: Record<string, unknown>, token = admin) => {
    // the lookup texts CreateFrom answers are the form's to show, not values to store
    const stored = Object.fromEntries(Object.entries(values).filter(([k]) => !k.endsWith('__display')));
    const res = await call<Row>(app, `${path}/Create`, token, { values: stored });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.Data;
  };
  const finalise = (path: string, row: Row, token = admin) =>
    call<Row>(app, `${path}/Finalise`, token, { id: row.id, version: row.version });
  const finalised = async (path: string, row: Row) => {
    const res = await finalise(path, row);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.Data;
  };
  const get = async (path: string, id: number) =>
    (await call<Row>(app, `${path}/Get`, admin, { id })).body.Data;
  const createFrom = (path: string, source: number, token = admin) =>
    call<Row>(app, `${path}/CreateFrom`, token, { source });
  const linesOf = (row: Row) => row.lines as Line[];

  /** A final purchase order of `vendor`: 10 of item, 5 of item2. */
  const finalOrder = async (vendor = otherVendor) => {
    const po = await create('SupplyChain/PurchaseOrder', {
      vendor,
      date: '2026-05-10',
      warehouse,
      lines: [
        { item, quantity: 10, unitPrice: 1_000_000 },
        { item: item2, quantity: 5, unitPrice: 2_000_000 },
      ],
    });
    return finalised('SupplyChain/PurchaseOrder', po);
  };

  /** Sum of debits and of credits of the ledger entries a document posted. */
  const postedTotals = async (entity: string, id: number) => {
    const r = await sql<{ d: string | number; c: string | number }>`
      select coalesce(sum(debit), 0) as d, coalesce(sum(credit), 0) as c from ledger_entries
      where source_entity = ${entity} and source_id = ${id}`.execute(app.ctx.db);
    return { debit: Number(r.rows[0]?.d ?? 0), credit: Number(r.rows[0]?.c ?? 0) };
  };

  it('creates a goods receipt from a final order with its lines and outstanding quantities', async () => {
    const po = await finalOrder();
    const from = await createFrom('SupplyChain/GoodsReceipt', po.id);
    expect(from.status, JSON.stringify(from.body)).toBe(200);
    const values = from.body.Data;
    expect(values.purchaseOrder).toBe(po.id);
    expect(values.vendor).toBe(otherVendor);
    expect(values.warehouse).toBe(warehouse);
    const poLines = linesOf(po);
    expect(linesOf(values)).toEqual([
      { item, unitPrice: 1_000_000, quantity: 10, sourceLine: poLines[0]!.id },
      { item: item2, unitPrice: 2_000_000, quantity: 5, sourceLine: poLines[1]!.id },
    ]);
    // a receipt of 6 of the first line: 4 of it outstanding, the second untouched
    const gr = await create('SupplyChain/GoodsReceipt', {
      ...values,
      date: '2026-05-11',
      lines: [{ ...linesOf(values)[0], quantity: 6 }],
    });
    await finalised('SupplyChain/GoodsReceipt', gr);
    expect(linesOf(await get('SupplyChain/PurchaseOrder', po.id)).map((l) => l.receivedQuantity)).toEqual([
      6, 0,
    ]);
    const again = (await createFrom('SupplyChain/GoodsReceipt', po.id)).body.Data;
    expect(linesOf(again).map((l) => [l.sourceLine, l.quantity])).toEqual([
      [poLines[0]!.id, 4],
      [poLines[1]!.id, 5],
    ]);
  });

  it('refuses over-delivery naming the item and the figures, and gives back on cancel', async () => {
    const po = await finalOrder();
    const values = (await createFrom('SupplyChain/GoodsReceipt', po.id)).body.Data;
    const first = linesOf(values)[0]!;
    const gr1 = await create('SupplyChain/GoodsReceipt', { ...values, lines: [{ ...first, quantity: 7 }] });
    const done = await finalised('SupplyChain/GoodsReceipt', gr1);
    const gr2 = await create('SupplyChain/GoodsReceipt', {
      ...values,
      lines: [
        { ...first, quantity: 3.5 },
        { ...first, quantity: 1 },
      ],
    });
    const refused = await finalise('SupplyChain/GoodsReceipt', gr2);
    expect(refused.status).toBe(417);
    expect(businessErrors(refused.body)).toEqual([
      toPersianDigits(
        `مقدار کالای «CH-1 — کالای زنجیره CH-1» در سطر 1 از مانده «${String(po.number)}» بیشتر است: ` +
          'مقدار سند مبدأ 10، مانده 3، درخواست 4\u066b5.',
      ),
    ]);
    expect(linesOf(await get('SupplyChain/PurchaseOrder', po.id))[0]!.receivedQuantity).toBe(7);
    // the order cannot be cancelled while a final receipt holds its lines
    const fresh = await get('SupplyChain/PurchaseOrder', po.id);
    const cancelPo = await call(app, 'SupplyChain/PurchaseOrder/Cancel', admin, {
      id: po.id,
      version: fresh.version,
      reason: 'آزمون ابطال',
    });
    expect(cancelPo.status).toBe(417);
    // cancelling the first receipt gives its 7 back: the second now passes
    const cancelled = await call(app, 'SupplyChain/GoodsReceipt/Cancel', admin, {
      id: done.id,
      version: done.version,
      reason: 'آزمون ابطال',
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(linesOf(await get('SupplyChain/PurchaseOrder', po.id))[0]!.receivedQuantity).toBe(0);
    await finalised('SupplyChain/GoodsReceipt', await get('SupplyChain/GoodsReceipt', gr2.id));
    expect(linesOf(await get('SupplyChain/PurchaseOrder', po.id))[0]!.receivedQuantity).toBe(4.5);
  });

  it('refuses a line of another order, an unlinked line and a draft source', async () => {
    const po = await finalOrder();
    const other = await finalOrder();
    const values = (await createFrom('SupplyChain/GoodsReceipt', po.id)).body.Data;
    const foreign = linesOf((await createFrom('SupplyChain/GoodsReceipt', other.id)).body.Data)[0]!;
    const gr = await create('SupplyChain/GoodsReceipt', { ...values, lines: [foreign] });
    const res = await finalise('SupplyChain/GoodsReceipt', gr);
    expect(res.status).toBe(417);
    expect(businessErrors(res.body)[0]).toContain('از سند مبدأ');
    const loose = await create('SupplyChain/GoodsReceipt', {
      ...values,
      lines: [{ item, quantity: 1, unitPrice: 1 }],
    });
    expect((await finalise('SupplyChain/GoodsReceipt', loose)).status).toBe(417);
    const draft = await create('SupplyChain/PurchaseOrder', {
      vendor: otherVendor,
      date: '2026-05-10',
      lines: [{ item, quantity: 1, unitPrice: 1 }],
    });
    expect((await createFrom('SupplyChain/GoodsReceipt', draft.id)).status).toBe(417);
  });

  it('lets two concurrent finalises against one order line never together pass it', async () => {
    const po = await finalOrder();
    const values = (await createFrom('SupplyChain/GoodsReceipt', po.id)).body.Data;
    const first = linesOf(values)[0]!;
    const drafts = await Promise.all(
      [0, 1, 2].map(() =>
        create('SupplyChain/GoodsReceipt', { ...values, lines: [{ ...first, quantity: 4 }] }),
      ),
    );
    const answers = await Promise.all(drafts.map((d) => finalise('SupplyChain/GoodsReceipt', d)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 200, 417]);
    expect(linesOf(await get('SupplyChain/PurchaseOrder', po.id))[0]!.receivedQuantity).toBe(8);
  });

  it('invoices a receipt and returns the invoice, each voucher balanced, no return past the invoice', async () => {
    const po = await finalOrder();
    const grValues = (await createFrom('SupplyChain/GoodsReceipt', po.id)).body.Data;
    const gr = await finalised(
      'SupplyChain/GoodsReceipt',
      await create('SupplyChain/GoodsReceipt', grValues),
    );
    const piValues = (await createFrom('SupplyChain/PurchaseInvoice', gr.id)).body.Data;
    expect(piValues.vendor).toBe(otherVendor);
    expect(linesOf(piValues).map((l) => l.quantity)).toEqual([10, 5]);
    const pi = await finalised(
      'SupplyChain/PurchaseInvoice',
      await create('SupplyChain/PurchaseInvoice', { ...piValues, date: '2026-05-12' }),
    );
    expect(pi.total).toBe(20_000_000);
    expect(pi.tax).toBe(2_000_000);
    const piPosted = await postedTotals('supplyChain.purchaseInvoice', pi.id);
    expect(piPosted).toEqual({ debit: 22_000_000, credit: 22_000_000 });
    // nothing left to invoice of the receipt
    expect((await createFrom('SupplyChain/PurchaseInvoice', gr.id)).status).toBe(417);

    const prValues = (await createFrom('SupplyChain/PurchaseReturn', pi.id)).body.Data;
    const over = await create('SupplyChain/PurchaseReturn', {
      ...prValues,
      date: '2026-05-13',
      warehouse,
      lines: [{ ...linesOf(prValues)[1], quantity: 6 }],
    });
    expect((await finalise('SupplyChain/PurchaseReturn', over)).status).toBe(417);
    const pr = await finalised(
      'SupplyChain/PurchaseReturn',
      await create('SupplyChain/PurchaseReturn', {
        ...prValues,
        date: '2026-05-13',
        warehouse,
        lines: [{ ...linesOf(prValues)[1], quantity: 2 }],
      }),
    );
    const prPosted = await postedTotals('supplyChain.purchaseReturn', pr.id);
    expect(prPosted.debit).toBe(4_400_000);
    expect(prPosted.credit).toBe(prPosted.debit);
    expect(linesOf(await get('SupplyChain/PurchaseInvoice', pi.id)).map((l) => l.returnedQuantity)).toEqual([
      0, 2,
    ]);
  });

  it('makes an invoice from a pro-forma and a return from the invoice at the sold cost', async () => {
    // stock to sell: a receipt of 10 of item at 1,000,000
    const po = await finalOrder();
    const grValues = (await createFrom('SupplyChain/GoodsReceipt', po.id)).body.Data;
    await finalised('SupplyChain/GoodsReceipt', await create('SupplyChain/GoodsReceipt', grValues));

    const pf = await finalised(
      'Sales/Proforma',
      await create('Sales/Proforma', {
        customer,
        date: '2026-05-14',
        lines: [{ item, quantity: 3, unitPrice: 1_500_000 }],
      }),
    );
    expect(String(pf.number)).toMatch(/^PF-\d{4}-\d{6}$/);
    const invValues = (await createFrom('Sales/Invoice', pf.id)).body.Data;
    expect(invValues.customer).toBe(customer);
    expect(linesOf(invValues)).toEqual([
      { item, unitPrice: 1_500_000, quantity: 3, sourceLine: linesOf(pf)[0]!.id },
    ]);
    const inv = await finalised(
      'Sales/Invoice',
      await create('Sales/Invoice', { ...invValues, date: '2026-05-14', warehouse }),
    );
    expect(linesOf(await get('Sales/Proforma', pf.id))[0]!.invoicedQuantity).toBe(3);

    const retValues = (await createFrom('Sales/Return', inv.id)).body.Data;
    expect(retValues.warehouse).toBe(warehouse);
    const tooMany = await create('Sales/Return', {
      ...retValues,
      date: '2026-05-15',
      lines: [{ ...linesOf(retValues)[0], quantity: 4 }],
    });
    const refused = await finalise('Sales/Return', tooMany);
    expect(refused.status).toBe(417);
    expect(businessErrors(refused.body)[0]).toContain('مانده ۳، درخواست ۴');
    // what a return carries stays its invoice's: another customer, a dearer price are refused
    const others = (await call<ListPage<Row>>(app, 'Sales/Customer/GetList', admin, {})).body.Data.rows;
    const other = others.find((c) => c.id !== customer)!.id;
    const line = linesOf(retValues)[0]!;
    for (const [values, text] of [
      [{ customer: other }, 'مشتری'],
      [{ lines: [{ ...line, quantity: 1, unitPrice: 9_000_000 }] }, 'سطر ۱'],
    ] as const) {
      const forged = await create('Sales/Return', {
        ...retValues,
        date: '2026-05-15',
        lines: [{ ...line, quantity: 1 }],
        ...values,
      });
      const answer = await finalise('Sales/Return', forged);
      expect(answer.status).toBe(417);
      expect(businessErrors(answer.body)[0]).toContain(text);
      expect(businessErrors(answer.body)[0]).toContain('سند مبدأ');
    }
    // a return is made from an invoice: none, and it is refused (no quantity or cost of its own)
    const loose = await create('Sales/Return', {
      customer,
      warehouse,
      date: '2026-05-15',
      lines: [{ item, quantity: 1, unitPrice: 1_500_000, unitCost: 9_999_999 }],
    });
    const looseAnswer = await finalise('Sales/Return', loose);
    expect(looseAnswer.status).toBe(417);
    expect(businessErrors(looseAnswer.body)[0]).toContain('باید از سند مبدأ ساخته شود');
    // who may not read invoices learns nothing of one from a refusal
    const invoices = () =>
      app.ctx.db
        .updateTable('role_permissions')
        .where('role', '=', 'admin')
        .where('entity', '=', 'sales.invoice');
    await invoices().set({ can_view: 0 }).execute();
    try {
      const blind = await finalise('Sales/Return', tooMany);
      expect(blind.status).toBe(417);
      const text = businessErrors(blind.body).join(' ');
      expect(text).toContain('یافت نشد یا دسترسی به آن ندارید');
      expect(text).not.toContain(String(inv.number));
    } finally {
      await invoices().set({ can_view: 1 }).execute();
    }
    const ret = await finalised(
      'Sales/Return',
      await create('Sales/Return', {
        ...retValues,
        date: '2026-05-15',
        lines: [{ ...linesOf(retValues)[0], quantity: 1, unitCost: 9_999_999 }],
      }),
    );
    // in at the cost it went out at (the receipt's 1,000,000 a unit), whatever the draft said
    expect(linesOf(await get('Sales/Return', ret.id))[0]!.unitCost).toBe(1_000_000);
    const posted = await postedTotals('sales.return', ret.id);
    // sales returns 1,500,000 + VAT 150,000 + inventory 1,000,000 against receivable and cost of sales
    expect(posted).toEqual({ debit: 2_650_000, credit: 2_650_000 });
    expect(linesOf(await get('Sales/Invoice', inv.id))[0]!.returnedQuantity).toBe(1);
  });

  it("refuses a vendor creating from another vendor's order, and lets it from its own", async () => {
    const before = (
      await call<{ entities: { key: string; permissions: Record<string, boolean>; fields: unknown }[] }>(
        app,
        'Security/Permission/Get',
        admin,
        { role: 'vendor' },
      )
    ).body.Data.entities.find((e) => e.key === 'supplyChain.goodsReceipt')!;
    const saved = await call(app, 'Security/Permission/Save', admin, {
      role: 'vendor',
      entities: [
        {
          key: before.key,
          permissions: { ...before.permissions, view: true, create: true },
          fields: before.fields,
        },
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // without the goods receipt in its menu a vendor is offered no follow-on of its orders
    const offered = (who: string) =>
      call<{ key: string; label: string }[]>(app, 'Meta/Entity/GetFollowOns', who, {
        module: 'supplyChain',
        name: 'purchaseOrder',
      });
    expect((await offered(vendorToken)).body.Data).toEqual([]);
    expect((await offered(admin)).body.Data).toContainEqual({
      key: 'supplyChain.goodsReceipt',
      label: 'ایجاد رسید کالا',
    });
    // a vendor user reaches only the entities of its menu
    await app.ctx.db.insertInto('menu_access').values({ who: 'vendor', entity: before.key }).execute();
    const others = await finalOrder(otherVendor);
    const mine = await finalOrder(myVendor);
    expect((await createFrom('SupplyChain/GoodsReceipt', others.id, vendorToken)).status).toBe(404);
    expect((await offered(vendorToken)).body.Data).toEqual([
      { key: 'supplyChain.goodsReceipt', label: 'ایجاد رسید کالا' },
    ]);
    const own = await createFrom('SupplyChain/GoodsReceipt', mine.id, vendorToken);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    // the draft naming another vendor's order is refused by the lookup's row scope
    const foreign = (await createFrom('SupplyChain/GoodsReceipt', others.id)).body.Data;
    const res = await call(app, 'SupplyChain/GoodsReceipt/Create', vendorToken, {
      values: {
        purchaseOrder: foreign.purchaseOrder,
        lines: foreign.lines,
        vendor: myVendor,
        date: '2026-05-16',
      },
    });
    expect(res.status).toBe(417);
  });

  it('an analyst publishes a document type made from an order without code; a hidden source field refuses it', async () => {
    const analyst = (await signIn(app, 'analyst')).access_token;
    const def: EntityDefinition = {
      name: 'dropShipment',
      module: 'supplyChain',
      title: { fa: 'ارسال مستقیم آزمون', en: 'Drop shipment (test)' },
      displayField: 'title',
      schema: {
        type: 'object',
        properties: {
          title: { type: 'string', maxLength: 60 },
          date: { type: 'string', format: 'date' },
          order: { type: 'integer', minimum: 1 },
        },
        required: ['title', 'date'],
      },
      fields: {
        title: { label: { fa: 'عنوان' } },
        date: { label: { fa: 'تاریخ' } },
        order: {
          label: { fa: 'سفارش' },
          lookup: { entity: 'supplyChain.purchaseOrder', displayField: 'number' },
        },
      },
      list: { columns: ['title', 'date', 'order'] },
      period: { field: 'date' },
      lifecycle: {},
      children: {
        items: {
          label: { fa: 'اقلام' },
          schema: {
            type: 'object',
            properties: {
              item: { type: 'integer', minimum: 1 },
              amount: { type: 'number', minimum: 0.001 },
              orderLine: { type: 'integer', minimum: 1, readOnly: true },
            },
            required: ['item', 'amount'],
          },
          fields: {
            item: { label: { fa: 'کالا' }, lookup: { entity: 'inventory.item', displayField: 'name' } },
            amount: { label: { fa: 'مقدار' } },
            orderLine: { label: { fa: 'سطر سفارش' }, hiddenInGrid: true },
          },
        },
      },
      // shares the order's received quantity with the goods receipts
      source: {
        entity: 'supplyChain.purchaseOrder',
        field: 'order',
        lines: 'items',
        sourceLines: 'lines',
        lineLink: 'orderLine',
        quantity: 'amount',
        sourceQuantity: 'quantity',
        fulfilled: 'receivedQuantity',
        lineCarry: { item: 'item' },
      },
    };
    const hide = {
      role: 'analyst',
      entity: 'supplyChain.purchaseOrder',
      field: 'lines.quantity',
      mode: 'hidden',
    };
    await app.ctx.db.insertInto('field_permissions').values(hide).execute();
    try {
      const refused = await call(app, 'SystemConfig/Designer/Publish', analyst, { definition: def });
      expect(refused.status).toBe(417);
      expect(refused.body.ServerMessageTexts.map((m) => m.FieldName)).toEqual(['/source/quantity']);
    } finally {
      await app.ctx.db.deleteFrom('field_permissions').where('role', '=', 'analyst').execute();
    }
    const bad = await call(app, 'SystemConfig/Designer/Publish', admin, {
      definition: { ...def, source: { ...def.source!, fulfilled: 'unitPrice', lineLink: 'item2' } },
    });
    expect(bad.status).toBe(417);
    expect(bad.body.ServerMessageTexts.map((m) => m.FieldName)).toEqual(
      expect.arrayContaining(['/source/lineLink']),
    );
    const published = await call(app, 'SystemConfig/Designer/Publish', analyst, { definition: def });
    expect(published.status, JSON.stringify(published.body)).toBe(200);

    const po = await finalOrder();
    const from = (await createFrom('SupplyChain/DropShipment', po.id)).body.Data;
    expect(linesOf({ ...from, lines: from.items } as Row).map((l) => [l.item, l.amount])).toEqual([
      [item, 10],
      [item2, 5],
    ]);
    const made = await create('SupplyChain/DropShipment', { ...from, title: 'ارسال ۱', date: '2026-05-20' });
    await finalised('SupplyChain/DropShipment', made);
    expect(linesOf(await get('SupplyChain/PurchaseOrder', po.id)).map((l) => l.receivedQuantity)).toEqual([
      10, 5,
    ]);
    // the order's goods receipts now find nothing outstanding
    expect((await createFrom('SupplyChain/GoodsReceipt', po.id)).status).toBe(417);
  });
});
