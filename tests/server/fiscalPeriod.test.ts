/**
 * The fiscal period is taken from the `selectedYear` header consistently (#23): GetList (and its
 * kept counts), Report/Run and Report/Dashboard follow it; a new dated document sent without its
 * date is dated into it (Create and Preview, as the form); a report's own range on the document
 * date replaces it; a header naming no period is a 400 naming `selectedYear` everywhere it is read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EntityRow } from '../../runtime/shared/definition';
import type { ListPage } from '../../runtime/shared/envelope';
import { todayIso } from '../../runtime/shared/jalali';
import { DIALECTS, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

type Row = EntityRow & Record<string, unknown>;
interface Widget {
  id: string;
  value?: number;
}

describe.each(DIALECTS)('the selected fiscal period on %s', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  let admin = '';
  let y1404 = '';
  let y1405 = '';
  const list = async (path: string, body: object = {}, headers: Record<string, string> = {}) => {
    const res = await call<ListPage<Row>>(
      app,
      `${path}/GetList`,
      admin,
      { startRow: 0, endRow: 500, ...body },
      headers,
    );
    expect(res.status).toBe(200);
    return res.body.Data;
  };
  const count = async (headers: Record<string, string>, filterModel?: object) => {
    const res = await call<{ rows: { value: number }[] }>(
      app,
      'Report/Run',
      admin,
      { entity: 'sales.invoice', measure: { op: 'count' }, ...(filterModel ? { filterModel } : {}) },
      headers,
    );
    expect(res.status).toBe(200);
    return res.body.Data.rows.reduce((n, r) => n + r.value, 0);
  };
  const dashboard = async (headers: Record<string, string>) => {
    const res = await call<{ widgets: Widget[] }>(app, 'Report/Dashboard', admin, {}, headers);
    expect(res.status).toBe(200);
    return Object.fromEntries(res.body.Data.widgets.map((w) => [w.id, w.value]));
  };

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url);
    admin = (await signIn(app, 'admin')).access_token;
    const periods = (await list('Accounting/FiscalPeriod')).rows;
    const p1404 = periods.find((p) => p.startDate === '2025-03-21')!;
    y1404 = String(p1404.id);
    y1405 = String(periods.find((p) => p.startDate === '2026-03-21')!.id);
    // one invoice in the last month of 1404 (Esfand): the closed period is opened for it and closed again
    const open = await call<Row>(app, 'Accounting/FiscalPeriod/Update', admin, {
      id: p1404.id,
      version: p1404.version,
      values: { title: p1404.title, startDate: p1404.startDate, endDate: p1404.endDate, closed: false },
    });
    expect(open.status).toBe(200);
    const customer = (await list('Sales/Customer', { endRow: 1 })).rows[0]!.id;
    const item = (await list('Inventory/Item', { endRow: 1 })).rows[0]!.id;
    const made = await call(app, 'Sales/Invoice/Create', admin, {
      values: {
        customer,
        date: '2026-03-10',
        description: 'P1404',
        lines: [{ item, quantity: 1, unitPrice: 5000 }],
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const reopened = open.body.Data;
    const close = await call(app, 'Accounting/FiscalPeriod/Update', admin, {
      id: reopened.id,
      version: reopened.version,
      values: { title: p1404.title, startDate: p1404.startDate, endDate: p1404.endDate, closed: true },
    });
    expect(close.status).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  it('GetList follows the header, and a kept count is never another period’s', async () => {
    const all = (await list('Sales/Invoice')).lastRow;
    const in1405 = (await list('Sales/Invoice', {}, { selectedYear: y1405 })).lastRow;
    expect(in1405).toBeGreaterThan(1);
    expect(all).toBe(in1405 + 1);
    // one-row pages: lastRow is the kept count (countCache.ts), asked for each period in turn
    for (let round = 0; round < 2; round++) {
      expect((await list('Sales/Invoice', { endRow: 1 }, { selectedYear: y1405 })).lastRow).toBe(in1405);
      expect((await list('Sales/Invoice', { endRow: 1 }, { selectedYear: y1404 })).lastRow).toBe(1);
      expect((await list('Sales/Invoice', { endRow: 1 })).lastRow).toBe(all);
    }
    const only = (await list('Sales/Invoice', {}, { selectedYear: y1404 })).rows;
    expect(only.map((r) => r.description)).toEqual(['P1404']);
  });

  it('Report/Run defaults to the period; its own range on the document date replaces it', async () => {
    const all = await count({});
    expect(await count({ selectedYear: y1404 })).toBe(1);
    expect(await count({ selectedYear: y1405 })).toBe(all - 1);
    // a range of the report's own (1405's autumn) under 1404 selected: the range, not the period
    const autumn = {
      date: { filterType: 'date', type: 'inRange', dateFrom: '2026-09-23', dateTo: '2026-12-21' },
    };
    expect(await count({ selectedYear: y1404 }, autumn)).toBe(await count({}, autumn));
    // grouped by the date, only the period's months come
    const byMonth = await call<{ rows: { key: string }[] }>(
      app,
      'Report/Run',
      admin,
      { entity: 'sales.invoice', groupBy: 'date', measure: { op: 'count' } },
      { selectedYear: y1404 },
    );
    expect(byMonth.body.Data.rows.map((r) => r.key)).toEqual(['1404-12']);
  });

  it('the dashboard follows the period: a past period shows its own last month', async () => {
    const now = await dashboard({});
    const in1405 = await dashboard({ selectedYear: y1405 });
    // today lies in 1405: the same figures as without a period
    expect(in1405.invoicesThisMonth).toBe(now.invoicesThisMonth);
    expect(in1405.salesThisMonth).toBe(now.salesThisMonth);
    const in1404 = await dashboard({ selectedYear: y1404 });
    expect(in1404.invoicesThisMonth).toBe(1);
    expect(in1404.salesThisMonth).toBeGreaterThan(0);
    // a widget over rows without a date is the same in every period
    expect(in1404.customers).toBe(now.customers);
  });

  it('a new document sent without its date is dated into the selected period, as the form dates it', async () => {
    const party = (await list('Sales/Customer', { endRow: 1 })).rows[0]!.id;
    const cashBox = (await list('Treasury/CashBox', { endRow: 1 })).rows[0]!.id;
    // no date: the receipt's date has `initial: "today"`
    const values = { party, cashBox, amount: 2_000_000, description: 'تاریخ از دوره' };
    const createIn = async (header: Record<string, string>) => {
      const res = await call<Row>(app, 'Treasury/Receipt/Create', admin, { values }, header);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const row = res.body.Data;
      expect(
        (await call(app, 'Treasury/Receipt/Delete', admin, { id: row.id, version: row.version })).status,
      ).toBe(200);
      return row.date;
    };
    const previewIn = async (header: Record<string, string>) =>
      (await call<Row>(app, 'Treasury/Receipt/Preview', admin, { values }, header)).body.Data.date;
    const today = todayIso();
    const periods = (await list('Accounting/FiscalPeriod')).rows;
    // no period selected, or the one holding today: today
    expect(await createIn({})).toBe(today);
    const current = periods.find((p) => String(p.startDate) <= today && today <= String(p.endDate));
    if (current) expect(await createIn({ selectedYear: String(current.id) })).toBe(today);
    // a past period (1404, opened for the test): its last day
    const p1404 = periods.find((p) => p.id === Number(y1404))!;
    const period = (p: Row, closed: boolean) => ({
      title: p.title,
      startDate: p.startDate,
      endDate: p.endDate,
      closed,
    });
    const opened = await call<Row>(app, 'Accounting/FiscalPeriod/Update', admin, {
      id: p1404.id,
      version: p1404.version,
      values: period(p1404, false),
    });
    expect(opened.status).toBe(200);
    try {
      expect(await createIn({ selectedYear: y1404 })).toBe('2026-03-20');
      expect(await previewIn({ selectedYear: y1404 })).toBe('2026-03-20');
    } finally {
      const p = opened.body.Data;
      await call(app, 'Accounting/FiscalPeriod/Update', admin, {
        id: p.id,
        version: p.version,
        values: period(p1404, true),
      });
    }
    // a future period: its first day
    const future = await call<Row>(app, 'Accounting/FiscalPeriod/Create', admin, {
      values: {
        title: 'سال مالی 1410 (آزمایشی)',
        startDate: '2031-03-21',
        endDate: '2032-03-19',
        closed: false,
      },
    });
    expect(future.status, JSON.stringify(future.body)).toBe(200);
    try {
      const header = { selectedYear: String(future.body.Data.id) };
      expect(await createIn(header)).toBe('2031-03-21');
      expect(await previewIn(header)).toBe('2031-03-21');
      // a date sent is kept whatever the period
      const sent = await call<Row>(
        app,
        'Treasury/Receipt/Create',
        admin,
        { values: { ...values, date: '2026-06-01' } },
        header,
      );
      expect(sent.body.Data.date).toBe('2026-06-01');
    } finally {
      const f = future.body.Data;
      await call(app, 'Accounting/FiscalPeriod/Delete', admin, { id: f.id, version: f.version });
    }
  });

  it('a selectedYear naming no period is a 400 naming it, in Persian, wherever the period is read', async () => {
    const bad = { selectedYear: '987654' };
    const answers = [
      await call(app, 'Sales/Invoice/GetList', admin, { startRow: 0, endRow: 10 }, bad),
      await call(app, 'Report/Run', admin, { entity: 'sales.invoice', measure: { op: 'count' } }, bad),
      await call(app, 'Report/Dashboard', admin, {}, bad),
      // a new dated document's date defaults into the period: it is read there too
      await call(app, 'Treasury/Receipt/Create', admin, { values: { amount: 1 } }, bad),
    ];
    for (const res of answers) {
      expect(res.status).toBe(400);
      expect(res.body.ServerMessageTexts).toEqual([
        expect.objectContaining({
          FieldName: 'selectedYear',
          Message: 'دورهٔ مالی انتخاب‌شده (شناسهٔ ۹۸۷۶۵۴) وجود ندارد؛ دورهٔ مالی را دوباره انتخاب کنید.',
        }),
      ]);
    }
    // Export answers its errors as a text (the file download shows it): 400 naming the header
    const exported = await app.inject({
      method: 'POST',
      url: '/api/Sales/Invoice/Export',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}`, ...bad },
      payload: JSON.stringify({ format: 'csv' }),
    });
    expect(exported.statusCode).toBe(400);
    expect(exported.body).toContain('selectedYear');
    // in English when asked in English
    const en = await call(
      app,
      'Sales/Invoice/GetList',
      admin,
      { startRow: 0, endRow: 10 },
      { ...bad, 'accept-language': 'en' },
    );
    expect(en.body.ServerMessageTexts[0]?.Message).toBe(
      'The selected fiscal period (id 987654) does not exist: choose the fiscal period again.',
    );
    // a list of undated rows does not read the period: the header is not looked at
    expect((await call(app, 'Sales/Customer/GetList', admin, { startRow: 0, endRow: 10 }, bad)).status).toBe(
      200,
    );
  });
});
