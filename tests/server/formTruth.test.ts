/**
 * The form tells the truth (#22), on the real server: a document date starts today when the Create
 * leaves it out (the definition's `initial`), a payroll month fills its dates and a leave's days
 * come from its dates (computed fields of the shared evaluator), Preview answers what a save stores
 * (an invoice's promotions included) and keeps nothing, and GetDefinition offers a role only the
 * workflow transitions it may make.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EntityDefinition, EntityRow } from '../../runtime/shared/definition';
import type { ListPage } from '../../runtime/shared/envelope';
import { todayIso } from '../../runtime/shared/jalali';
import { DIALECTS, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

type Row = EntityRow & Record<string, unknown>;

describe.each(DIALECTS)('the form tells the truth on %s', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  const tok: Record<string, string> = {};
  const rows = async (path: string, body: object = {}) =>
    (await call<ListPage<Row>>(app, `${path}/GetList`, tok.admin!, { startRow: 0, endRow: 500, ...body }))
      .body.Data;

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url);
    for (const who of ['admin', 'staff', 'analyst']) tok[who] = (await signIn(app, who)).access_token;
  });
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  it('a Create without the date gets today; a date sent is kept', async () => {
    const customer = (await rows('Sales/Customer')).rows[0]!.id;
    const item = (await rows('Inventory/Item')).rows[0]!.id;
    const invoice = (number: string, extra: object) =>
      call<Row>(app, 'Sales/Invoice/Create', tok.staff!, {
        values: { number, customer, lines: [{ item, quantity: 1, unitPrice: 1000 }], ...extra },
      });
    const before = todayIso();
    const absent = await invoice('F-TODAY-1', {});
    expect(absent.status).toBe(200);
    // the day may turn while the test runs
    expect([before, todayIso()]).toContain(absent.body.Data.date);
    const given = await invoice('F-TODAY-2', { date: '2026-06-01' });
    expect(given.status).toBe(200);
    expect(given.body.Data.date).toBe('2026-06-01');
  });

  it('a payroll month fills its dates; a leave counts its days from its dates, both ends included', async () => {
    const run = await call<Row>(app, 'Salary/PayrollRun/Create', tok.staff!, {
      // the dates sent are not the month's: the month wins
      values: {
        title: 'حقوق اسفند ۱۴۰۳',
        year: 1403,
        month: 12,
        startDate: '2000-01-01',
        endDate: '2000-01-02',
      },
    });
    expect(run.status).toBe(200);
    // Esfand 1403 is a leap month of 30 days: 1403/12/01 … 1403/12/30
    expect(run.body.Data).toMatchObject({ startDate: '2025-02-19', endDate: '2025-03-20' });
    const mehr = await call<Row>(app, 'Salary/PayrollRun/Create', tok.staff!, {
      values: { title: 'حقوق مهر ۱۴۰۵', year: 1405, month: 7 },
    });
    expect(mehr.body.Data).toMatchObject({ startDate: '2026-09-23', endDate: '2026-10-22' });

    const employee = (await rows('HR/Employee')).rows[0]!.id;
    const leave = (startDate: string, endDate: string) =>
      call<Row>(app, 'HR/Leave/Create', tok.staff!, {
        values: { employee, leaveType: 'paid', startDate, endDate, days: 40, status: 'requested' },
      });
    // across a month's end (Gregorian February of 2026: 28 days)
    expect((await leave('2026-02-26', '2026-03-02')).body.Data.days).toBe(5);
    expect((await leave('2026-05-10', '2026-05-10')).body.Data.days).toBe(1);
    // both dates left out: today to today, one day
    const today = await call<Row>(app, 'HR/Leave/Create', tok.staff!, {
      values: { employee, leaveType: 'paid', status: 'requested' },
    });
    expect(today.status).toBe(200);
    expect(today.body.Data).toMatchObject({ days: 1 });
    expect(today.body.Data.startDate).toBe(today.body.Data.endDate);
    // an end before the start: the rule names the end date
    const backwards = await leave('2026-05-10', '2026-05-01');
    expect(backwards.status).toBe(417);
  });

  it('Preview answers the figures a save stores, promotions included, and keeps nothing', async () => {
    const customers = (await rows('Sales/Customer')).rows;
    const customer = customers[customers.length - 1]!.id;
    const items = (await rows('Inventory/Item')).rows;
    const [discounted, plain] = [items[items.length - 1]!.id, items[items.length - 2]!.id];
    const rule = await call<Row>(app, 'Promotion/DiscountRule/Create', tok.admin!, {
      values: {
        title: 'تخفیف پیش‌نمایش',
        item: discounted,
        customer,
        percent: 15,
        startDate: '2026-07-01',
        endDate: '2026-07-31',
        active: true,
      },
    });
    expect(rule.status).toBe(200);
    const values = {
      number: 'F-PREVIEW-1',
      customer,
      date: '2026-07-10',
      lines: [
        { item: discounted, quantity: 3, unitPrice: 40_000 },
        { item: plain, quantity: 1, unitPrice: 25_000 },
      ],
    };
    const count = async () => (await rows('Sales/Invoice')).lastRow;
    const stored = await count();
    const preview = await call<Row>(app, 'Sales/Invoice/Preview', tok.staff!, { values });
    expect(preview.status).toBe(200);
    expect(await count()).toBe(stored);
    const figures = ['total', 'discount', 'tax', 'grandTotal', 'grandTotalWords', 'appliedDiscounts'];
    const pick = (r: Row) => Object.fromEntries(figures.map((f) => [f, r[f]]));
    expect(pick(preview.body.Data)).toEqual({
      total: 145_000,
      discount: 18_000,
      // 10% VAT of the taxed line's net amount (120,000 − its 18,000 discount); the other item is
      // exempt (docs/tax.md: the demo's cooking oil)
      tax: 10_200,
      grandTotal: 137_200,
      grandTotalWords: 'صد و سی و هفت هزار و دویست ریال',
      appliedDiscounts: 'تخفیف پیش‌نمایش',
    });
    expect(preview.body.Data.id).toBeUndefined();
    const saved = await call<Row>(app, 'Sales/Invoice/Create', tok.staff!, { values });
    expect(saved.status).toBe(200);
    expect(pick(saved.body.Data)).toEqual(pick(preview.body.Data));
    expect(await count()).toBe(stored + 1);

    // an Update's preview: the stored row in the writer's scope and version, nothing changed
    const ref = { id: saved.body.Data.id, version: saved.body.Data.version };
    const changed = { ...values, lines: [{ item: discounted, quantity: 1, unitPrice: 40_000 }] };
    const update = await call<Row>(app, 'Sales/Invoice/Preview', tok.staff!, { ...ref, values: changed });
    expect(update.status).toBe(200);
    expect(update.body.Data).toMatchObject({ ...ref, total: 40_000, discount: 6_000, grandTotal: 37_400 });
    const again = await call<Row>(app, 'Sales/Invoice/Get', tok.staff!, { id: ref.id });
    expect(pick(again.body.Data)).toEqual(pick(saved.body.Data));
    expect(again.body.Data.version).toBe(ref.version);
    // a stale version is refused as the Update would be
    const stale = await call(app, 'Sales/Invoice/Preview', tok.staff!, {
      id: ref.id,
      version: ref.version + 1,
      values: changed,
    });
    expect(stale.status).toBe(417);
    // a half-filled document is refused as its save would be, naming the fields
    const half = await call(app, 'Sales/Invoice/Preview', tok.staff!, { values: { customer } });
    expect(half.status).toBe(417);
    // the permission of the write it previews: the analyst may view invoices, not create them
    const analyst = await call(app, 'Sales/Invoice/Preview', tok.analyst!, { values });
    expect(analyst.status).toBe(403);
  });

  it('GetDefinition offers each role only the workflow transitions it may make', async () => {
    const transitions = async (who: string) =>
      (
        await call<EntityDefinition>(app, 'Meta/Entity/GetDefinition', tok[who]!, {
          module: 'accounting',
          name: 'voucher',
        })
      ).body.Data.workflow!.transitions.map((t) => `${t.from}>${t.to}`);
    expect(await transitions('admin')).toEqual(['draft>submitted', 'submitted>draft', 'submitted>approved']);
    expect(await transitions('staff')).toEqual(['draft>submitted', 'submitted>draft']);
  });

  it('GetDefinition tells the form which entities a server rule computes values of', async () => {
    const def = async (module: string, name: string) =>
      (await call<EntityDefinition>(app, 'Meta/Entity/GetDefinition', tok.staff!, { module, name })).body
        .Data;
    expect((await def('sales', 'invoice')).serverComputed).toBe(true);
    expect((await def('accounting', 'voucher')).serverComputed).toBeUndefined();
  });
});
