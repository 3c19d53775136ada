/**
 * Closed fiscal periods and module lock dates on the real server (docs/api.md, "Closed periods and
 * lock dates"): every entity whose definition names its date field (`period: { field }`) refuses a
 * create, update (the date stored and the date sent), delete, finalise and cancel dated inside a
 * closed fiscal period or on or before its module's lock date, with the Persian reason; a Preview
 * does not refuse; only admin sets lock dates; shipped dated documents declare their date field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EntityDefinition, EntityRow } from '../../runtime/shared/definition';
import { MODULES, MODULE_TITLES } from '../../runtime/shared/modules';
import type { ListPage } from '../../runtime/shared/envelope';
import type { CurrentUser } from '../../server/context';
import type { Untyped } from '../../server/db/untyped';
import { HttpError } from '../../server/http/errors';
import { WRITE_STEPS, runSteps, runWrite } from '../../server/entities/write/pipeline';
import type { ServerWrite } from '../../server/entities/write/state';
import { DIALECTS, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

type Row = EntityRow & Record<string, unknown>;
type Refusal = { BusinessErrors: string[] };

const KHORDAD = { title: 'خرداد 1405 (آزمایشی)', startDate: '2026-05-22', endDate: '2026-06-21' };
/** The period's title as the message shows it: Persian digits. */
const KHORDAD_TEXT = 'خرداد ۱۴۰۵ (آزمایشی)';

describe.each(DIALECTS)('closed periods and lock dates on %s', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  const tok: Record<string, string> = {};
  let staffUser: CurrentUser;
  let customer = 0;
  let item = 0;
  let warehouse = 0;
  let cashBox = 0;

  const rows = async (path: string, body: object = {}, headers: Record<string, string> = {}) =>
    (
      await call<ListPage<Row>>(
        app,
        `${path}/GetList`,
        tok.admin!,
        { startRow: 0, endRow: 200, ...body },
        headers,
      )
    ).body.Data;
  const receipt = (number: string, date: string) => ({
    number,
    date,
    party: customer,
    cashBox,
    amount: 5_000_000,
  });
  const move = (date: string, quantity = 3) => ({
    date,
    kind: 'receipt',
    warehouse,
    reference: 'آزمون قفل',
    lines: [{ item, quantity, unitCost: 1_000 }],
  });
  const reason = (body: unknown) => (body as { Data: Refusal }).Data.BusinessErrors[0];
  /** The Persian reason of a server write refused with 417 (HttpError's data of the language). */
  const refusal = async (write: Promise<unknown>): Promise<string> => {
    const error = await write.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(HttpError);
    const refused = error as HttpError;
    expect(refused.status).toBe(417);
    const data = refused.data as (lang: 'fa' | 'en') => Refusal;
    return data('fa').BusinessErrors[0]!;
  };
  const entity = (key: string) => app.ctx.registry.byEntityKey(key)!;
  /** A server write of the stored row `row` as it stands (a transition carries no new values). */
  const transition = (key: string, row: Row, name: 'finalise' | 'cancel'): ServerWrite => {
    const { id, version, createdAt, updatedAt, createdBy, updatedBy, ...values } = row;
    void [createdAt, updatedAt, createdBy, updatedBy];
    return {
      source: 'server',
      action: 'update',
      entity: entity(key),
      user: staffUser,
      lang: 'fa',
      id: Number(id),
      version: Number(version),
      values,
      transition: name,
    };
  };

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url);
    for (const u of ['admin', 'staff', 'analyst']) tok[u] = (await signIn(app, u)).access_token;
    const user = (await (app.ctx.db as unknown as Untyped)
      .selectFrom('users')
      .select(['id'])
      .where('username', '=', 'staff')
      .executeTakeFirstOrThrow()) as { id: unknown };
    staffUser = {
      id: Number(user.id),
      username: 'staff',
      displayName: 'کارشناس فروش',
      role: 'staff',
      isVendor: false,
      isCustomer: false,
      partyId: null,
      pwdChange: false,
    };
    customer = Number((await rows('Sales/Customer')).rows[0]!.id);
    item = Number((await rows('Inventory/Item')).rows[0]!.id);
    warehouse = Number((await rows('Inventory/Warehouse')).rows[0]!.id);
    cashBox = Number((await rows('Treasury/CashBox')).rows[0]!.id);
  });
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  it('a closed period refuses receipts and stock moves: create, update (old and new date), delete, finalise, cancel', async () => {
    const made = await call<Row>(app, 'Treasury/Receipt/Create', tok.staff!, {
      values: receipt('RC-CP-1', '2026-06-01'),
    });
    expect(made.status).toBe(200);
    const stockMove = await call<Row>(app, 'Inventory/StockMove/Create', tok.staff!, {
      values: move('2026-06-02'),
    });
    expect(stockMove.status).toBe(200);
    const period = await call<Row>(app, 'Accounting/FiscalPeriod/Create', tok.admin!, {
      values: { ...KHORDAD, closed: true },
    });
    expect(period.status).toBe(200);
    try {
      const { id, version } = made.body.Data;
      const before = await call<Row>(app, 'Treasury/Receipt/Get', tok.staff!, { id });
      const edit = await call(app, 'Treasury/Receipt/Update', tok.staff!, {
        id,
        version,
        values: { ...receipt('RC-CP-1', '2026-06-01'), amount: 7_000_000 },
      });
      expect(edit.status).toBe(417);
      expect(reason(edit.body)).toBe(
        `دوره مالی «${KHORDAD_TEXT}» بسته شده است و سندی در آن ثبت یا ویرایش نمی‌شود.`,
      );
      // moving the document out of the closed period: the date stored counts too
      const moved = await call(app, 'Treasury/Receipt/Update', tok.staff!, {
        id,
        version,
        values: receipt('RC-CP-1', '2026-08-01'),
      });
      expect(moved.status).toBe(417);
      expect(reason(moved.body)).toContain(KHORDAD_TEXT);
      const removed = await call(app, 'Treasury/Receipt/Delete', tok.staff!, { id, version });
      expect(removed.status).toBe(417);
      expect(reason(removed.body)).toContain(KHORDAD_TEXT);
      const created = await call(app, 'Treasury/Receipt/Create', tok.staff!, {
        values: receipt('RC-CP-2', '2026-06-10'),
      });
      expect(created.status).toBe(417);
      expect(reason(created.body)).toContain(KHORDAD_TEXT);
      // finalising goes through the whole pipeline as an update with its transition
      expect(
        await refusal(runWrite(app.ctx, transition('treasury.receipt', before.body.Data, 'finalise'))),
      ).toContain(KHORDAD_TEXT);
      // cancelling: the lifecycle step (whose state rules have tests of their own) left out, so the
      // stored document need not be final first
      const withoutLifecycle = WRITE_STEPS.filter((s) => s.name !== 'lifecycle');
      const cancel = runSteps(
        app.ctx,
        transition('treasury.receipt', before.body.Data, 'cancel'),
        withoutLifecycle,
      );
      expect(await refusal(cancel)).toContain(KHORDAD_TEXT);
      // the stock move: an API edit and a server write of the server's own code are refused alike
      const m = stockMove.body.Data;
      const moveEdit = await call(app, 'Inventory/StockMove/Update', tok.staff!, {
        id: m.id,
        version: m.version,
        values: move('2026-06-02', 4),
      });
      expect(moveEdit.status).toBe(417);
      expect(reason(moveEdit.body)).toContain(KHORDAD_TEXT);
      const serverCreate = runWrite(app.ctx, {
        source: 'server',
        action: 'create',
        entity: entity('inventory.stockMove'),
        user: staffUser,
        lang: 'fa',
        values: move('2026-06-15'),
      });
      expect(await refusal(serverCreate)).toContain(KHORDAD_TEXT);
      // a Preview computes the document still; the save gives the reason
      const preview = await call(app, 'Treasury/Receipt/Preview', tok.staff!, {
        values: receipt('RC-CP-3', '2026-06-10'),
      });
      expect(preview.status).toBe(200);
      // nothing of the refused writes was kept
      const stored = await call<Row>(app, 'Treasury/Receipt/Get', tok.staff!, { id });
      expect(stored.body.Data).toMatchObject({ version, date: '2026-06-01', amount: 5_000_000 });
      const dated = await rows('Treasury/Receipt', {
        filterModel: { number: { filterType: 'text', type: 'equals', filter: 'RC-CP-2' } },
      });
      expect(dated.lastRow).toBe(0);
    } finally {
      const p = period.body.Data;
      expect(
        (
          await call(app, 'Accounting/FiscalPeriod/Update', tok.admin!, {
            id: p.id,
            version: p.version,
            values: { ...KHORDAD, closed: false },
          })
        ).status,
      ).toBe(200);
    }
    // the period open again: the same edit passes
    const again = await call(app, 'Treasury/Receipt/Update', tok.staff!, {
      id: made.body.Data.id,
      version: made.body.Data.version,
      values: { ...receipt('RC-CP-1', '2026-06-01'), amount: 7_000_000 },
    });
    expect(again.status).toBe(200);
  });

  /** Runs `body` with the Khordad 1405 period closed (created when missing), then opens it again. */
  async function whileKhordadClosed(body: () => Promise<void>): Promise<void> {
    const existing = (await rows('Accounting/FiscalPeriod')).rows.find(
      (p) => p.startDate === KHORDAD.startDate && p.endDate === KHORDAD.endDate,
    );
    const closing = existing
      ? await call<Row>(app, 'Accounting/FiscalPeriod/Update', tok.admin!, {
          id: existing.id,
          version: existing.version,
          values: { ...KHORDAD, closed: true },
        })
      : await call<Row>(app, 'Accounting/FiscalPeriod/Create', tok.admin!, {
          values: { ...KHORDAD, closed: true },
        });
    expect(closing.status, JSON.stringify(closing.body)).toBe(200);
    try {
      await body();
    } finally {
      const p = closing.body.Data;
      const opened = await call(app, 'Accounting/FiscalPeriod/Update', tok.admin!, {
        id: p.id,
        version: p.version,
        values: { ...KHORDAD, closed: false },
      });
      expect(opened.status).toBe(200);
    }
  }

  it('a closed period refuses the API Cancel of a final document, and payments and cheques on Create', async () => {
    const vendor = Number((await rows('SupplyChain/Vendor')).rows[0]!.id);
    const payment = (date: string) => ({ number: 'x', date, party: vendor, cashBox, amount: 3_000_000 });
    const cheque = (issueDate: string, number: string) => ({
      number,
      direction: 'received',
      bank: 'melli',
      issueDate,
      dueDate: '2026-09-01',
      amount: 12_000_000,
      drawer: 'شرکت آزمون',
      status: 'pending',
    });
    // a receipt finalised while the period is open
    const draft = await call<Row>(app, 'Treasury/Receipt/Create', tok.staff!, {
      values: receipt('x', '2026-06-05'),
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    const final = await call<Row>(app, 'Treasury/Receipt/Finalise', tok.staff!, {
      id: draft.body.Data.id,
      version: draft.body.Data.version,
    });
    expect(final.status, JSON.stringify(final.body)).toBe(200);
    const { id, version } = final.body.Data;
    await whileKhordadClosed(async () => {
      const cancel = await call(app, 'Treasury/Receipt/Cancel', tok.staff!, {
        id,
        version,
        reason: 'ثبت تکراری سند',
      });
      expect(cancel.status).toBe(417);
      expect(reason(cancel.body)).toBe(
        `دوره مالی «${KHORDAD_TEXT}» بسته شده است و سندی در آن ثبت یا ویرایش نمی‌شود.`,
      );
      const stillFinal = await call<Row>(app, 'Treasury/Receipt/Get', tok.staff!, { id });
      expect(stillFinal.body.Data).toMatchObject({ docState: 'final', version });

      const pay = await call(app, 'Treasury/Payment/Create', tok.staff!, { values: payment('2026-06-07') });
      expect(pay.status).toBe(417);
      expect(reason(pay.body)).toContain(KHORDAD_TEXT);
      const chq = await call(app, 'Treasury/Cheque/Create', tok.staff!, {
        values: cheque('2026-06-08', '7700112233'),
      });
      expect(chq.status).toBe(417);
      expect(reason(chq.body)).toContain(KHORDAD_TEXT);
      // the same documents dated after the closed period pass
      expect(
        (await call(app, 'Treasury/Payment/Create', tok.staff!, { values: payment('2026-06-25') })).status,
      ).toBe(200);
      expect(
        (
          await call(app, 'Treasury/Cheque/Create', tok.staff!, {
            values: cheque('2026-06-25', '7700112234'),
          })
        ).status,
      ).toBe(200);
    });
    // the period open again: the cancel passes
    const cancelled = await call<Row>(app, 'Treasury/Receipt/Cancel', tok.staff!, {
      id,
      version,
      reason: 'ثبت تکراری سند',
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.Data.docState).toBe('cancelled');
  });

  it('lock dates: admin alone sets them; a module’s documents on or before its date are refused, others pass', async () => {
    const early = await call<Row>(app, 'Inventory/StockMove/Create', tok.staff!, {
      values: move('2026-04-15'),
    });
    expect(early.status).toBe(200);
    const lockValues = { module: 'inventory', lockDate: '2026-04-30', note: 'بستن انبار فروردین' };
    const byStaff = await call(app, 'SystemConfig/LockDate/Create', tok.staff!, { values: lockValues });
    expect(byStaff.status).toBe(403);
    const lock = await call<Row>(app, 'SystemConfig/LockDate/Create', tok.admin!, { values: lockValues });
    expect(lock.status).toBe(200);
    try {
      // 2026-04-30 is 1405/02/10: the module's Persian name and the Jalali date in Persian digits
      const inside = await call(app, 'Inventory/StockMove/Create', tok.staff!, {
        values: move('2026-04-20'),
      });
      expect(inside.status).toBe(417);
      expect(reason(inside.body)).toBe(
        'اسناد بخش «انبار» تا تاریخ ۱۴۰۵/۰۲/۱۰ قفل شده‌اند؛ سندی با این تاریخ یا پیش از آن ثبت، ویرایش یا حذف نمی‌شود.',
      );
      const english = await call(
        app,
        'Inventory/StockMove/Create',
        tok.staff!,
        { values: move('2026-04-20') },
        { 'accept-language': 'en' },
      );
      expect(reason(english.body)).toContain('“Inventory”');
      // the lock date itself is locked; the day after is open
      expect(
        (await call(app, 'Inventory/StockMove/Create', tok.staff!, { values: move('2026-04-30') })).status,
      ).toBe(417);
      expect(
        (await call(app, 'Inventory/StockMove/Create', tok.staff!, { values: move('2026-05-01') })).status,
      ).toBe(200);
      // another module's documents of the same date are not locked
      expect(
        (await call(app, 'Treasury/Receipt/Create', tok.staff!, { values: receipt('RC-LD-1', '2026-04-20') }))
          .status,
      ).toBe(200);
      // a locked document cannot be moved out of the lock, nor deleted
      const e = early.body.Data;
      const dodge = await call(app, 'Inventory/StockMove/Update', tok.staff!, {
        id: e.id,
        version: e.version,
        values: move('2026-08-01'),
      });
      expect(dodge.status).toBe(417);
      expect(reason(dodge.body)).toContain('۱۴۰۵/۰۲/۱۰');
      expect(
        (await call(app, 'Inventory/StockMove/Delete', tok.staff!, { id: e.id, version: e.version })).status,
      ).toBe(417);
      // staff can neither move nor remove the lock
      const l = lock.body.Data;
      expect(
        (
          await call(app, 'SystemConfig/LockDate/Update', tok.staff!, {
            id: l.id,
            version: l.version,
            values: { ...lockValues, lockDate: '2026-03-21' },
          })
        ).status,
      ).toBe(403);
      expect(
        (await call(app, 'SystemConfig/LockDate/Delete', tok.staff!, { id: l.id, version: l.version }))
          .status,
      ).toBe(403);
      // admin moves the lock earlier: the document is editable again at once
      const moved = await call<Row>(app, 'SystemConfig/LockDate/Update', tok.admin!, {
        id: l.id,
        version: l.version,
        values: { ...lockValues, lockDate: '2026-04-10' },
      });
      expect(moved.status).toBe(200);
      expect(
        (
          await call(app, 'Inventory/StockMove/Update', tok.staff!, {
            id: e.id,
            version: e.version,
            values: move('2026-04-15', 5),
          })
        ).status,
      ).toBe(200);
      // one lock per module
      expect(
        (await call(app, 'SystemConfig/LockDate/Create', tok.admin!, { values: lockValues })).status,
      ).toBe(417);
    } finally {
      const current = (await rows('SystemConfig/LockDate')).rows.find((r) => r.module === 'inventory')!;
      await call(app, 'SystemConfig/LockDate/Delete', tok.admin!, {
        id: current.id,
        version: current.version,
      });
    }
  });

  it('lock dates offer every module: a published dated document of module «common» is locked too', async () => {
    const def = await call<EntityDefinition>(app, 'Meta/Entity/GetDefinition', tok.admin!, {
      module: 'systemConfig',
      name: 'lockDate',
    });
    expect(def.body.Data.schema.properties.module?.enum).toEqual([...MODULES]);
    for (const m of MODULES) expect(def.body.Data.fields.module?.enumLabels?.[m]).toEqual(MODULE_TITLES[m]);
    const published = await call(app, 'SystemConfig/Designer/Publish', tok.analyst!, {
      definition: {
        name: 'dutyLog',
        module: 'common',
        title: { fa: 'دفتر کشیک', en: 'Duty log' },
        displayField: 'title',
        period: { field: 'day' },
        schema: {
          type: 'object',
          properties: {
            title: { type: 'string', maxLength: 100 },
            day: { type: 'string', format: 'date' },
          },
          required: ['title', 'day'],
        },
        fields: { title: { label: { fa: 'عنوان' } }, day: { label: { fa: 'روز' } } },
        list: { columns: ['title', 'day'] },
      },
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    // a module outside the list is no choice
    const unknown = await call(app, 'SystemConfig/LockDate/Create', tok.admin!, {
      values: { module: 'nope', lockDate: '2026-05-10' },
    });
    expect(unknown.status).toBe(417);
    expect(unknown.body.ServerMessageTexts.map((m) => m.FieldName)).toEqual(['module']);
    const lock = await call<Row>(app, 'SystemConfig/LockDate/Create', tok.admin!, {
      values: { module: 'common', lockDate: '2026-05-10', note: 'بستن دفتر کشیک اردیبهشت' },
    });
    expect(lock.status, JSON.stringify(lock.body)).toBe(200);
    try {
      const locked = await call(app, 'Common/DutyLog/Create', tok.analyst!, {
        values: { title: 'کشیک شب', day: '2026-05-05' },
      });
      expect(locked.status).toBe(417);
      // 2026-05-10 is 1405/02/20; the module by its Persian title
      expect(reason(locked.body)).toBe(
        'اسناد بخش «عمومی» تا تاریخ ۱۴۰۵/۰۲/۲۰ قفل شده‌اند؛ سندی با این تاریخ یا پیش از آن ثبت، ویرایش یا حذف نمی‌شود.',
      );
      const open = await call(app, 'Common/DutyLog/Create', tok.analyst!, {
        values: { title: 'کشیک روز', day: '2026-05-11' },
      });
      expect(open.status).toBe(200);
    } finally {
      await call(app, 'SystemConfig/LockDate/Delete', tok.admin!, {
        id: lock.body.Data.id,
        version: lock.body.Data.version,
      });
    }
  });

  it('shipped dated documents name their date field, and their lists follow the selected fiscal period', async () => {
    const expected: Record<string, string> = {
      'treasury.receipt': 'date',
      'treasury.payment': 'date',
      'treasury.cheque': 'issueDate',
      'inventory.stockMove': 'date',
      'inventory.stockCount': 'date',
      'supplyChain.goodsReceipt': 'date',
      'supplyChain.purchaseOrder': 'date',
      'salary.payrollRun': 'endDate',
      'transport.delivery': 'date',
      'accounting.voucher': 'date',
      'sales.invoice': 'date',
    };
    for (const [key, field] of Object.entries(expected)) expect(entity(key).def.period).toEqual({ field });
    const periods = (await rows('Accounting/FiscalPeriod')).rows;
    const y1404 = String(periods.find((p) => p.startDate === '2025-03-21')!.id);
    const y1405 = String(periods.find((p) => p.startDate === '2026-03-21')!.id);
    // the demo's documents all lie in 1405: none is hidden from it, none shows in 1404
    for (const path of [
      'Inventory/StockMove',
      'SupplyChain/GoodsReceipt',
      'SupplyChain/PurchaseOrder',
      'Salary/PayrollRun',
      'Transport/Delivery',
      'Treasury/Cheque',
    ]) {
      const all = (await rows(path)).lastRow;
      expect(all, path).toBeGreaterThan(0);
      expect((await rows(path, {}, { selectedYear: y1405 })).lastRow, path).toBe(all);
      expect((await rows(path, {}, { selectedYear: y1404 })).lastRow, path).toBe(0);
    }
  });

  it('a published definition with `period` is guarded with no code; `period` must name a date field', async () => {
    const definition = (field: string) => ({
      name: 'datedNote',
      module: 'common',
      title: { fa: 'یادداشت تاریخ‌دار', en: 'Dated notes' },
      displayField: 'title',
      period: { field },
      schema: {
        type: 'object',
        properties: {
          title: { type: 'string', maxLength: 100 },
          noteDate: { type: 'string', format: 'date' },
        },
      },
      fields: { title: { label: { fa: 'عنوان' } }, noteDate: { label: { fa: 'تاریخ' } } },
      list: { columns: ['title', 'noteDate'] },
    });
    const wrong = await call(app, 'SystemConfig/Designer/Publish', tok.analyst!, {
      definition: definition('title'),
    });
    expect(wrong.status).toBe(417);
    expect(
      (wrong.body as { ServerMessageTexts?: { FieldName: string }[] }).ServerMessageTexts?.map(
        (m) => m.FieldName,
      ),
    ).toContain('/period/field');
    const published = await call(app, 'SystemConfig/Designer/Publish', tok.analyst!, {
      definition: definition('noteDate'),
    });
    expect(published.status).toBe(200);
    // 1404 is closed in the demo's periods, 1405 open
    const closed = await call(app, 'Common/DatedNote/Create', tok.analyst!, {
      values: { title: 'در دوره بسته', noteDate: '2025-06-01' },
    });
    expect(closed.status).toBe(417);
    expect(reason(closed.body)).toContain('سال مالی ۱۴۰۴');
    const open = await call(app, 'Common/DatedNote/Create', tok.analyst!, {
      values: { title: 'در دوره باز', noteDate: '2026-06-01' },
    });
    expect(open.status).toBe(200);
  });
});
