/**
 * Operations modules against the real server: purchase orders scoped to the vendor user, the
 * approval workflow (allowed and refused transitions, history), payroll computed from HR data and
 * plan actuals computed from final stock documents (docs/api.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EntityRow } from '../../runtime/shared/definition';
import type { ListPage } from '../../runtime/shared/envelope';
import { DIALECTS, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

type Rows = ListPage<EntityRow>;

describe.each(DIALECTS)('operations on %s', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  const tok: Record<string, string> = {};
  let item = 0;

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url);
    for (const u of ['admin', 'staff', 'storekeeper', 'vendor', 'analyst'])
      tok[u] = (await signIn(app, u)).access_token;
    item = (await call<Rows>(app, 'Inventory/Item/GetList', tok.admin!, {})).body.Data.rows[0]!.id;
  });
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  const list = async (path: string, who: string, body: object = {}) =>
    (await call<Rows>(app, `${path}/GetList`, tok[who]!, { startRow: 0, endRow: 1000, ...body })).body.Data;

  const order = (vendor: number, extra: object = {}) => ({
    values: {
      number: `PO-T-${Math.random().toString(36).slice(2, 8)}`,
      vendor,
      date: '2026-06-01',
      lines: [{ item, quantity: 2, unitPrice: 1_500_000 }],
      ...extra,
    },
  });

  it('a vendor user sees, reads and exports only its own purchase orders and may not change them', async () => {
    const own = (await list('SupplyChain/Vendor', 'vendor')).rows;
    expect(own).toHaveLength(1);
    const mine = own[0]!.id;
    const all = await list('SupplyChain/PurchaseOrder', 'admin');
    const seen = await list('SupplyChain/PurchaseOrder', 'vendor');
    expect(seen.lastRow).toBeGreaterThan(0);
    expect(seen.lastRow).toBeLessThan(all.lastRow);
    expect(seen.rows.every((r) => r.vendor === mine)).toBe(true);
    expect(all.rows.filter((r) => r.vendor === mine)).toHaveLength(seen.lastRow);
    const other = all.rows.find((r) => r.vendor !== mine)!;
    expect((await call(app, 'SupplyChain/PurchaseOrder/Get', tok.vendor!, { id: other.id })).status).toBe(
      404,
    );
    expect(
      (await call(app, 'SupplyChain/PurchaseOrder/Get', tok.vendor!, { id: seen.rows[0]!.id })).status,
    ).toBe(200);
    expect((await call(app, 'SupplyChain/PurchaseOrder/Create', tok.vendor!, order(mine))).status).toBe(403);
    const menu = await call<{ items?: unknown }>(app, 'Security/Menu/GetMenu', tok.vendor!, {});
    expect(JSON.stringify(menu.body.Data)).toContain('purchaseOrder');
  });

  it('workflow: a new order starts as draft; transitions follow the definition and the role; history is kept', async () => {
    const vendor = (await list('SupplyChain/Vendor', 'admin')).rows[1]!.id;
    const early = await call(
      app,
      'SupplyChain/PurchaseOrder/Create',
      tok.staff!,
      order(vendor, { status: 'approved' }),
    );
    expect(early.status).toBe(417);
    expect(early.body.Data).toEqual({
      BusinessErrors: ['سند تازه باید در وضعیت «پیش‌نویس» ثبت شود، نه «تأییدشده».'],
    });
    const created = await call<EntityRow>(app, 'SupplyChain/PurchaseOrder/Create', tok.staff!, order(vendor));
    expect(created.status).toBe(200);
    expect(created.body.Data.status).toBe('draft');
    expect(created.body.Data.total).toBe(3_000_000);
    let row = created.body.Data;
    const move = (who: string, status: string) =>
      call<EntityRow>(app, 'SupplyChain/PurchaseOrder/Update', tok[who]!, {
        id: row.id,
        version: row.version,
        values: { ...order(vendor).values, number: row.number, status },
      });
    const skip = await move('staff', 'approved');
    expect(skip.status).toBe(417);
    expect(skip.body.Data).toEqual({
      BusinessErrors: ['تغییر وضعیت از «پیش‌نویس» به «تأییدشده» در گردش کار تعریف نشده است.'],
    });
    const submitted = await move('staff', 'submitted');
    expect(submitted.status).toBe(200);
    row = submitted.body.Data;
    const allowed = await call<{ current: string; states: { value: string }[] }>(
      app,
      'WorkFlow/Transition/GetAllowed',
      tok.staff!,
      { entity: 'supplyChain.purchaseOrder', id: row.id },
    );
    expect(allowed.body.Data.current).toBe('submitted');
    expect(allowed.body.Data.states.map((s) => s.value)).toEqual(['submitted', 'draft']);
    const refused = await move('staff', 'approved');
    expect(refused.status).toBe(417);
    expect(refused.body.Data).toEqual({
      BusinessErrors: ['نقش شما اجازه تغییر وضعیت از «ارسال‌شده برای تأیید» به «تأییدشده» را ندارد.'],
    });
    const approved = await move('admin', 'approved');
    expect(approved.status).toBe(200);
    row = approved.body.Data;
    const received = await move('storekeeper', 'received');
    expect(received.status).toBe(200);
    expect(received.body.Data.status).toBe('received');
    const history = await list('WorkFlow/TransitionLog', 'staff', {
      filterModel: { rowId: { filterType: 'number', type: 'equals', filter: row.id } },
      sortModel: [{ colId: 'at', sort: 'asc' }],
    });
    const mine = history.rows.filter((h) => h.entityKey === 'supplyChain.purchaseOrder');
    expect(mine.map((h) => [h.fromState, h.toState, h.userName])).toEqual([
      ['draft', 'submitted', 'staff'],
      ['submitted', 'approved', 'admin'],
      ['approved', 'received', 'storekeeper'],
    ]);
    // the history is written by the server only
    expect(
      (await call(app, 'WorkFlow/TransitionLog/Delete', tok.staff!, { id: mine[0]!.id, version: 1 })).status,
    ).toBe(403);
  });

  it('payroll: Compute writes one payslip per active employee from base salary and approved unpaid leave', async () => {
    const employee = await call<EntityRow>(app, 'HR/Employee/Create', tok.staff!, {
      values: {
        code: 'P-T1',
        fullName: 'نرگس آزمون',
        nationalCode: '0499370899',
        mobile: '09121234567',
        hireDate: '2026-01-10',
        department: 'finance',
        baseSalary: 300_000_000,
        active: true,
      },
    });
    expect(employee.status).toBe(200);
    const id = employee.body.Data.id;
    // the days are computed from the dates (both counted)
    const leave = (status: string, days: number, startDate: string, endDate: string) =>
      call(app, 'HR/Leave/Create', tok.staff!, {
        values: { employee: id, leaveType: 'unpaid', startDate, endDate, days, status },
      });
    expect((await leave('approved', 3, '2026-10-05', '2026-10-07')).status).toBe(200);
    expect((await leave('requested', 2, '2026-10-10', '2026-10-11')).status).toBe(200);
    expect((await leave('approved', 5, '2026-08-01', '2026-08-05')).status).toBe(200);
    const run = await call<EntityRow>(app, 'Salary/PayrollRun/Create', tok.staff!, {
      values: {
        title: 'حقوق مهر ۱۴۰۵ (آزمون)',
        year: 1405,
        month: 7,
        startDate: '2026-09-23',
        endDate: '2026-10-22',
      },
    });
    expect(run.status).toBe(200);
    // the toolbar's compute button (definition.rowActions) needs edit; the server refuses it too:
    // the analyst may view payroll runs but not edit them, the vendor may not even view them
    const runRef = { id: run.body.Data.id, version: run.body.Data.version };
    for (const who of ['analyst', 'vendor'])
      expect((await call(app, 'Salary/PayrollRun/Compute', tok[who]!, runRef)).status).toBe(403);
    const untouched = await call<EntityRow>(app, 'Salary/PayrollRun/Get', tok.staff!, { id: runRef.id });
    expect(untouched.body.Data.version).toBe(runRef.version);
    expect(untouched.body.Data.status).not.toBe('computed');
    const computed = await call<EntityRow & { lines: Record<string, number>[] }>(
      app,
      'Salary/PayrollRun/Compute',
      tok.staff!,
      { id: run.body.Data.id, version: run.body.Data.version },
    );
    expect(computed.status).toBe(200);
    const data = computed.body.Data;
    expect(data.status).toBe('computed');
    expect(data.version).toBe(2);
    expect(data.lines.find((l) => l.employee === id)).toMatchObject({
      employee: id,
      baseSalary: 300_000_000,
      unpaidLeaveDays: 3,
      leaveDeduction: 30_000_000,
      insurance: 18_900_000,
      tax: 1_110_000,
      net: 249_990_000,
    });
    const sum = (f: string) => data.lines.reduce((a, l) => a + l[f]!, 0);
    expect(data.employees).toBe(data.lines.length);
    expect(data.totalGross).toBe(sum('baseSalary'));
    expect(data.totalNet).toBe(sum('net'));
    expect(data.totalDeductions).toBe(sum('leaveDeduction') + sum('insurance') + sum('tax'));
    const stale = await call(app, 'Salary/PayrollRun/Compute', tok.staff!, { id: data.id, version: 1 });
    expect(stale.status).toBe(417);
  });

  it('plans: the actual of a production plan is the quantity of its item moved in, refreshed on save and on demand', async () => {
    const plan = await call<EntityRow>(app, 'Planning/Plan/Create', tok.staff!, {
      values: {
        title: 'تولید آزمون',
        kind: 'production',
        item,
        startDate: '2027-01-01',
        endDate: '2027-01-31',
        target: 200,
      },
    });
    expect(plan.status).toBe(200);
    expect(plan.body.Data.actual).toBe(0);
    // the quantity received by final stock documents counts
    const warehouse = (await list('Inventory/Warehouse', 'admin')).rows[0]!.id;
    const moved = await call<EntityRow>(app, 'Inventory/StockMove/Create', tok.staff!, {
      values: {
        date: '2027-01-05',
        kind: 'receipt',
        warehouse,
        lines: [{ item, quantity: 50, unitCost: 1000 }],
      },
    });
    expect(moved.status).toBe(200);
    const { id, version } = moved.body.Data;
    expect((await call(app, 'Inventory/StockMove/Finalise', tok.staff!, { id, version })).status).toBe(200);
    expect((await call(app, 'Planning/Plan/Refresh', tok.staff!, {})).status).toBe(200);
    const read = await call<EntityRow>(app, 'Planning/Plan/Get', tok.staff!, { id: plan.body.Data.id });
    expect(read.body.Data.actual).toBe(50);
    expect(read.body.Data.progress).toBe(25);
  });
});
