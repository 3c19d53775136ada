/**
 * The treasury (#25, docs/treasury.md), on SQLite and PostgreSQL: cheques move only along their
 * declared states, each move a final cheque makes posts one balanced voucher and the accounts
 * follow the cheque; issued cheques take a leaf of a cheque book once; the cheque's cancel reverses
 * all it posted; vendor and customer users see only their own cheques and cannot move them;
 * receipts allocate to open invoices (open amounts exact, over-allocation refused, given back on
 * cancel); a bank statement imported from a file is matched with the ledger and its differences
 * reported; the due-cheques report and dashboard card; the demo's cheques agree with the ledger.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EntityRow } from '../../runtime/shared/definition';
import type { ListPage } from '../../runtime/shared/envelope';
import type { ReportResult } from '../../runtime/shared/reportDefinition';
import { todayIso } from '../../runtime/shared/businessDay';
import { toPersianDigits } from '../../runtime/shared/normalize';
import type { Untyped } from '../../server/db/untyped';
import { LEDGER_ENTRIES } from '../../server/accounting/ledgerTables';
import { DIALECTS, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

type Row = EntityRow & Record<string, unknown> & { lines?: Record<string, unknown>[] };
type Answer = { BusinessErrors?: string[] };

const SYSTEM = new Set(['id', 'version', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy']);
const TODAY = todayIso();
const addDays = (iso: string, n: number) =>
  new Date(Date.parse(iso) + n * 86_400_000).toISOString().slice(0, 10);

/** An API row as Create/Update values. */
function valuesOf(row: Row): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([k]) => !SYSTEM.has(k) && !k.endsWith('__display')));
}

describe.each(DIALECTS)('treasury on %s', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  let staff = '';
  let customerUser = '';
  let vendorUser = '';
  let sql: Untyped;
  let customer = 0;
  let otherCustomer = 0;
  let vendor = 0;
  let bank = 0;
  let otherBank = 0;
  let serial = 7_700_100;
  let sayad = 4_000_000_000_000_000;

  const list = async (path: string, filterModel: object = {}, who = () => staff) => {
    const res = await call<ListPage<Row>>(app, `${path}/GetList`, who(), {
      startRow: 0,
      endRow: 1000,
      filterModel,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.Data.rows;
  };
  const eq = (filter: string | number) =>
    typeof filter === 'number'
      ? { filterType: 'number', type: 'equals', filter }
      : { filterType: 'text', type: 'equals', filter };
  const errors = (body: { Data: unknown }) => (body.Data as Answer | null)?.BusinessErrors ?? [];
  const accountIds = new Map<string, number>();
  const account = async (code: string) => {
    if (!accountIds.has(code))
      accountIds.set(code, (await list('Accounting/Account', { code: eq(code) }))[0]!.id);
    return accountIds.get(code)!;
  };
  const get = async (path: string, id: number, who = () => staff) =>
    (await call<Row>(app, `${path}/Get`, who(), { id })).body.Data;
  /** Σ debit − Σ credit per account code over the ledger entries of a source document. */
  const netOf = async (entity: string, id: number) => {
    const rows = (await sql
      .selectFrom(LEDGER_ENTRIES)
      .select(['account_id', 'debit', 'credit'])
      .where('source_entity', '=', entity)
      .where('source_id', '=', id)
      .execute()) as { account_id: unknown; debit: unknown; credit: unknown }[];
    const net = new Map<number, number>();
    for (const r of rows)
      net.set(
        Number(r.account_id),
        (net.get(Number(r.account_id)) ?? 0) + Number(r.debit) - Number(r.credit),
      );
    return async (code: string) => net.get(await account(code)) ?? 0;
  };
  /** Every voucher a document posted, each balanced (lines and header), in order. */
  const vouchersOf = async (entity: string, id: number) => {
    const rows = (await list('Accounting/Voucher', { sourceEntity: eq(entity), sourceId: eq(id) })).sort(
      (a, b) => a.id - b.id,
    );
    for (const v of rows) {
      const full = await get('Accounting/Voucher', v.id);
      const debit = (full.lines ?? []).reduce((s, l) => s + Number(l.debit ?? 0), 0);
      const credit = (full.lines ?? []).reduce((s, l) => s + Number(l.credit ?? 0), 0);
      expect(debit).toBe(credit);
      expect(full.totalDebit).toBe(debit);
      expect(full.docState).toBe('final');
    }
    return rows;
  };

  const newCheque = async (values: Record<string, unknown>, who = () => staff) =>
    call<Row>(app, 'Treasury/Cheque/Create', who(), {
      values: {
        number: String(serial++),
        sayadId: String(sayad++),
        bank: 'melli',
        issueDate: TODAY,
        dueDate: addDays(TODAY, 5),
        amount: 50_000_000,
        ...values,
      },
    });
  const finalise = (path: string, row: Row, who = () => staff) =>
    call<Row>(app, `${path}/Finalise`, who(), { id: row.id, version: row.version });
  const cancel = (path: string, row: Row, who = () => staff) =>
    call<Row>(app, `${path}/Cancel`, who(), { id: row.id, version: row.version, reason: 'ثبت اشتباه سند' });
  /** Moves a cheque to `status` (with `extra` values) through its Update, as the form does. */
  const move = async (row: Row, status: string, extra: Record<string, unknown> = {}, who = () => staff) => {
    const fresh = await get('Treasury/Cheque', row.id);
    return call<Row>(app, 'Treasury/Cheque/Update', who(), {
      id: fresh.id,
      version: fresh.version,
      values: { ...valuesOf(fresh), status, ...extra },
    });
  };
  const ok = <T>(res: { status: number; body: { Data: T } }) => {
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.Data;
  };

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url);
    sql = app.ctx.db as unknown as Untyped;
    staff = (await signIn(app, 'staff')).access_token;
    customerUser = (await signIn(app, 'customer')).access_token;
    vendorUser = (await signIn(app, 'vendor')).access_token;
    const customers = await list('Sales/Customer');
    const users = (await sql.selectFrom('users').select(['username', 'party_id']).execute()) as {
      username: string;
      party_id: unknown;
    }[];
    customer = Number(users.find((u) => u.username === 'customer')!.party_id);
    otherCustomer = customers.find((c) => c.id !== customer)!.id;
    vendor = Number(users.find((u) => u.username === 'vendor')!.party_id);
    const banks = await list('Treasury/BankAccount');
    bank = banks[0]!.id;
    otherBank = banks[1]!.id;
  }, 240_000);
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  it('a received cheque moves only along its states; each move of the final cheque posts one balanced voucher and the accounts follow it', async () => {
    const draft = ok(await newCheque({ direction: 'received', customer, status: 'issued' }));
    // the initial state by its direction, whatever the form's default was
    expect(draft).toMatchObject({ docState: 'draft', status: 'inHand' });
    // a draft does not move: the move would post
    const early = await move(draft, 'deposited', { bankAccount: bank });
    expect(early.status).toBe(417);
    expect(errors(early.body)[0]).toContain('فقط در سند قطعی');
    const registered = ok(await finalise('Treasury/Cheque', draft));
    let net = await netOf('treasury.cheque', registered.id);
    expect(await net('1202')).toBe(50_000_000);
    expect(await net('1201')).toBe(-50_000_000);
    expect(await vouchersOf('treasury.cheque', registered.id)).toHaveLength(1);

    // no state is skipped: in hand → cleared is not a transition (417 naming both states)
    const skip = await move(registered, 'cleared', { bankAccount: bank });
    expect(skip.status).toBe(417);
    expect(errors(skip.body)).toEqual([
      'تغییر وضعیت از «نزد صندوق (در جریان)» به «وصول‌شده» در گردش کار تعریف نشده است.',
    ]);
    // an issued cheque's state is not a received one's
    expect((await move(registered, 'issued')).status).toBe(417);
    // deposited needs the bank account it goes to
    const noBank = await move(registered, 'deposited');
    expect(noBank.status).toBe(417);
    const deposited = ok(await move(registered, 'deposited', { bankAccount: bank }));
    expect(deposited.status).toBe('deposited');
    net = await netOf('treasury.cheque', registered.id);
    expect(await net('1202')).toBe(0);
    expect(await net('1204')).toBe(50_000_000);
    // once deposited its bank account is the one its vouchers name
    const otherAccount = await move(deposited, 'deposited', { bankAccount: otherBank });
    expect(otherAccount.status).toBe(417);

    const cleared = ok(await move(deposited, 'cleared'));
    net = await netOf('treasury.cheque', cleared.id);
    expect(await net('1102')).toBe(50_000_000);
    expect(await net('1202')).toBe(0);
    expect(await net('1204')).toBe(0);
    expect(await net('1201')).toBe(-50_000_000);
    const vouchers = await vouchersOf('treasury.cheque', cleared.id);
    expect(vouchers.map((v) => v.kind)).toEqual(['posted', 'posted', 'posted']);
    // the bank account's detail account carries the bank's line
    const bankRow = await get('Treasury/BankAccount', bank);
    const bankEntries = (await sql
      .selectFrom(LEDGER_ENTRIES)
      .select(['detail1_id', 'debit', 'date'])
      .where('source_entity', '=', 'treasury.cheque')
      .where('source_id', '=', cleared.id)
      .where('account_id', '=', await account('1102'))
      .execute()) as { detail1_id: unknown; debit: unknown; date: unknown }[];
    expect(bankEntries.map((e) => [Number(e.detail1_id), Number(e.debit), String(e.date)])).toEqual([
      [Number(bankRow.detailAccount), 50_000_000, TODAY],
    ]);
    // cleared is the end: nothing further
    expect((await move(cleared, 'bounced')).status).toBe(417);
  });

  it('a bounced cheque is returned to its party or protested; a cancelled cheque reverses all it posted', async () => {
    const one = ok(
      await finalise('Treasury/Cheque', ok(await newCheque({ direction: 'received', customer }))),
    );
    ok(await move(one, 'deposited', { bankAccount: bank }));
    const bounced = ok(await move(one, 'bounced'));
    let net = await netOf('treasury.cheque', one.id);
    expect(await net('1205')).toBe(50_000_000);
    expect(await net('1204')).toBe(0);
    const returned = ok(await move(bounced, 'returned'));
    net = await netOf('treasury.cheque', one.id);
    expect(await net('1205')).toBe(0);
    // the customer owes again what the cheque had settled
    expect(await net('1201')).toBe(0);
    expect((await move(returned, 'protested')).status).toBe(417);
    expect(await vouchersOf('treasury.cheque', one.id)).toHaveLength(4);

    const two = ok(
      await finalise('Treasury/Cheque', ok(await newCheque({ direction: 'received', customer }))),
    );
    ok(await move(two, 'deposited', { bankAccount: bank }));
    ok(await move(two, 'bounced'));
    ok(await move(two, 'protested'));
    net = await netOf('treasury.cheque', two.id);
    expect(await net('1206')).toBe(50_000_000);
    expect(await net('1205')).toBe(0);

    // cancelled while deposited: every voucher gets its reversal, every account nets to zero
    const three = ok(
      await finalise('Treasury/Cheque', ok(await newCheque({ direction: 'received', customer }))),
    );
    const deposited = ok(await move(three, 'deposited', { bankAccount: bank }));
    const cancelled = ok(await cancel('Treasury/Cheque', deposited));
    expect(cancelled.docState).toBe('cancelled');
    const vouchers = await vouchersOf('treasury.cheque', three.id);
    expect(vouchers.map((v) => v.kind).sort()).toEqual(['posted', 'posted', 'reversal', 'reversal']);
    net = await netOf('treasury.cheque', three.id);
    for (const code of ['1201', '1202', '1204', '1102']) expect(await net(code), code).toBe(0);
    // a cancelled cheque moves no more
    expect((await move(cancelled, 'cleared')).status).toBe(417);
  });

  it('an issued cheque takes a leaf of a cheque book of its bank account, once; a void leaf is refused', async () => {
    const book = ok(
      await call<Row>(app, 'Treasury/ChequeBook/Create', staff, {
        values: { title: 'دسته‌چک آزمون', bankAccount: bank, firstSerial: 9_100_001, leafCount: 10 },
      }),
    );
    expect(book.lines ?? book.leaves).toBeDefined();
    const leaves = (book.leaves as Record<string, unknown>[]) ?? [];
    expect(leaves).toHaveLength(10);
    expect(leaves[0]).toMatchObject({ serial: '9100001', state: 'unused' });
    const issued = (number: string, extra: Record<string, unknown> = {}) =>
      newCheque({ direction: 'issued', vendor, bankAccount: bank, chequeBook: book.id, number, ...extra });

    // a number that is no leaf of the book, a book of another account
    expect((await issued('9100099')).status).toBe(417);
    const wrongAccount = await issued('9100001', { bankAccount: otherBank });
    expect(wrongAccount.status).toBe(417);
    expect(wrongAccount.body.ServerMessageTexts?.[0]?.FieldName).toBe('chequeBook');

    const draft = ok(await issued('9100001'));
    expect(draft.status).toBe('issued');
    const final = ok(await finalise('Treasury/Cheque', draft));
    let net = await netOf('treasury.cheque', final.id);
    expect(await net('3102')).toBe(-50_000_000);
    expect(await net('3101')).toBe(50_000_000);
    let stored = await get('Treasury/ChequeBook', book.id);
    expect((stored.leaves as Record<string, unknown>[])[0]).toMatchObject({
      state: 'used',
      cheque: final.id,
    });
    expect(stored.usedLeaves).toBe(1);
    // the leaf is used once
    const again = await issued('9100001');
    expect(again.status).toBe(417);
    expect(again.body.ServerMessageTexts?.[0]).toMatchObject({ FieldName: 'number' });

    // a spoilt leaf is voided in the book (with its reason) and takes no cheque
    const voided = ok(
      await call<Row>(app, 'Treasury/ChequeBook/Update', staff, {
        id: stored.id,
        version: stored.version,
        values: {
          ...valuesOf(stored),
          leaves: (stored.leaves as Record<string, unknown>[]).map((l, i) =>
            i === 1 ? { ...l, state: 'void', voidReason: 'برگ مخدوش شد' } : l,
          ),
        },
      }),
    );
    expect((voided.leaves as Record<string, unknown>[])[1]).toMatchObject({ state: 'void' });
    expect((await issued('9100002')).status).toBe(417);
    // a user cannot free the used leaf
    stored = await get('Treasury/ChequeBook', book.id);
    const freed = await call<Row>(app, 'Treasury/ChequeBook/Update', staff, {
      id: stored.id,
      version: stored.version,
      values: {
        ...valuesOf(stored),
        leaves: (stored.leaves as Record<string, unknown>[]).map((l) => ({
          ...l,
          state: 'unused',
          cheque: null,
        })),
      },
    });
    const kept = ok(freed);
    expect((kept.leaves as Record<string, unknown>[])[0]).toMatchObject({ state: 'used', cheque: final.id });
    expect((kept.leaves as Record<string, unknown>[])[1]).toMatchObject({ state: 'void' });

    // issued → cleared: the bank pays it
    const cleared = ok(await move(final, 'cleared'));
    net = await netOf('treasury.cheque', cleared.id);
    expect(await net('3102')).toBe(0);
    expect(await net('1102')).toBe(-50_000_000);
    // issued → bounced: the payable is owed again
    const other = ok(await finalise('Treasury/Cheque', ok(await issued('9100003'))));
    ok(await move(other, 'bounced'));
    net = await netOf('treasury.cheque', other.id);
    expect(await net('3102')).toBe(0);
    expect(await net('3101')).toBe(0);
    // an issued cheque is not deposited
    const third = ok(await finalise('Treasury/Cheque', ok(await issued('9100004'))));
    expect((await move(third, 'deposited')).status).toBe(417);
    // cancelled: its leaf is recorded void
    ok(await cancel('Treasury/Cheque', third));
    stored = await get('Treasury/ChequeBook', book.id);
    expect((stored.leaves as Record<string, unknown>[])[3]).toMatchObject({
      state: 'void',
      cheque: third.id,
    });
  });

  it('the Sayad id has 16 digits (Persian digits accepted) and is unique', async () => {
    const bad = await newCheque({ direction: 'received', customer, sayadId: '12345' });
    expect(bad.status).toBe(417);
    expect(bad.body.ServerMessageTexts?.[0]).toMatchObject({
      FieldName: 'sayadId',
      Key: 'validation.format.ir-sayad',
    });
    const persian = ok(await newCheque({ direction: 'received', customer, sayadId: '۱۲۳۴۵۶۷۸۹۰۱۲۳۴۵۶' }));
    expect(persian.sayadId).toBe('1234567890123456');
    expect((await newCheque({ direction: 'received', customer, sayadId: '1234567890123456' })).status).toBe(
      417,
    );
  });

  it('vendor and customer users see only their own cheques and cannot move them', async () => {
    const own = ok(
      await finalise('Treasury/Cheque', ok(await newCheque({ direction: 'received', customer }))),
    );
    const others = ok(
      await finalise(
        'Treasury/Cheque',
        ok(await newCheque({ direction: 'received', customer: otherCustomer })),
      ),
    );
    const mine = await list('Treasury/Cheque', {}, () => customerUser);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((r) => r.customer === customer)).toBe(true);
    expect(mine.some((r) => r.id === own.id)).toBe(true);
    expect((await call(app, 'Treasury/Cheque/Get', customerUser, { id: others.id })).status).toBe(404);
    const theirs = await list('Treasury/Cheque', {}, () => vendorUser);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((r) => r.vendor === vendor)).toBe(true);
    // no moves: no edit, no finalise, no cancel
    const fresh = await get('Treasury/Cheque', own.id, () => customerUser);
    const moved = await call(app, 'Treasury/Cheque/Update', customerUser, {
      id: own.id,
      version: fresh.version,
      values: { ...valuesOf(fresh), status: 'deposited', bankAccount: bank },
    });
    expect(moved.status).toBe(403);
    expect((await cancel('Treasury/Cheque', fresh, () => customerUser)).status).toBe(403);
    expect((await get('Treasury/Cheque', own.id)).status).toBe('inHand');
  });

  it('receipts allocate to open invoices: the open amount is exact, over-allocation is refused and a cancel gives it back', async () => {
    // a final invoice of the customer
    const [source] = await list('Sales/Invoice', { docState: eq('draft') });
    const full = await get('Sales/Invoice', source!.id);
    const invoice = ok(
      await finalise(
        'Sales/Invoice',
        ok(
          await call<Row>(app, 'Sales/Invoice/Create', staff, {
            values: {
              ...valuesOf(full),
              customer,
              date: TODAY,
              openAmount: 1,
              lines: (full.lines ?? []).map((l) => ({
                item: l.item,
                quantity: l.quantity,
                unitPrice: l.unitPrice,
              })),
            },
          }),
        ),
      ),
    );
    const total = Number(invoice.grandTotal);
    expect(total).toBeGreaterThan(10);
    // a client's open amount is not taken
    expect(invoice.openAmount).toBe(total);
    const cashBox = (await list('Treasury/CashBox'))[0]!.id;
    const receipt = (party: number, amount: number, allocations: { invoice: number; amount: number }[]) =>
      call<Row>(app, 'Treasury/Receipt/Create', staff, {
        values: { date: TODAY, party, amount, cashBox, allocations },
      });
    // more than the receipt's own amount: its rule
    expect((await receipt(customer, 10, [{ invoice: invoice.id, amount: 11 }])).status).toBe(417);
    // more than the invoice's open amount: refused on Finalise, nothing kept
    const over = ok(await receipt(customer, total + 5, [{ invoice: invoice.id, amount: total + 5 }]));
    const refused = await finalise('Treasury/Receipt', over);
    expect(refused.status).toBe(417);
    expect(errors(refused.body)[0]).toContain('بیشتر است');
    expect((await get('Treasury/Receipt', over.id)).docState).toBe('draft');
    // who may not read invoices learns nothing of one from the refusal (number, open amount)
    const invoices = () =>
      app.ctx.db
        .updateTable('role_permissions')
        .where('role', '=', 'staff')
        .where('entity', '=', 'sales.invoice');
    await invoices().set({ can_view: 0 }).execute();
    try {
      const blind = await finalise('Treasury/Receipt', over);
      expect(blind.status).toBe(417);
      const text = errors(blind.body).join(' ');
      expect(text).toContain('در دسترس شما نیست');
      expect(text).not.toContain(toPersianDigits(String(invoice.number)));
      expect(text).not.toContain(String(invoice.number));
      expect(text).not.toMatch(/ریال/);
    } finally {
      await invoices().set({ can_view: 1 }).execute();
    }
    // another customer's receipt does not settle this invoice
    const otherParty = ok(await receipt(otherCustomer, 5, [{ invoice: invoice.id, amount: 5 }]));
    expect((await finalise('Treasury/Receipt', otherParty)).status).toBe(417);

    const half = Math.floor(total / 2);
    const first = ok(
      await finalise(
        'Treasury/Receipt',
        ok(await receipt(customer, half, [{ invoice: invoice.id, amount: half }])),
      ),
    );
    expect((await get('Sales/Invoice', invoice.id)).openAmount).toBe(total - half);
    const second = ok(
      await finalise(
        'Treasury/Receipt',
        ok(await receipt(customer, total - half, [{ invoice: invoice.id, amount: total - half }])),
      ),
    );
    expect((await get('Sales/Invoice', invoice.id)).openAmount).toBe(0);
    expect(
      (
        await finalise(
          'Treasury/Receipt',
          ok(await receipt(customer, 1, [{ invoice: invoice.id, amount: 1 }])),
        )
      ).status,
    ).toBe(417);
    // the invoice is settled: it is not cancelled before its receipts
    const settled = await get('Sales/Invoice', invoice.id);
    expect((await cancel('Sales/Invoice', settled)).status).toBe(417);
    // the open amount = grand total − allocations of final receipts
    ok(await cancel('Treasury/Receipt', first));
    const after = await get('Sales/Invoice', invoice.id);
    expect(after.openAmount).toBe(half);
    const receipts = await list('Treasury/Receipt', { docState: eq('final') });
    let allocated = 0;
    for (const r of receipts) {
      const withLines = await get('Treasury/Receipt', r.id);
      for (const a of (withLines.allocations as Record<string, unknown>[] | undefined) ?? [])
        if (a.invoice === invoice.id) allocated += Number(a.amount);
    }
    expect(after.openAmount).toBe(total - allocated);
    expect(second.docState).toBe('final');
    // the open invoices report lists it with its open amount
    const report = ok(
      await call<ReportResult>(app, 'Report/Definition/Run', staff, {
        report: 'treasury.openInvoices',
        params: { date: { from: TODAY, to: TODAY }, customer },
      }),
    );
    expect(report.rows.find((r) => r.id === invoice.id)).toMatchObject({
      openAmount: half,
      grandTotal: total,
    });
  });

  it("payments settle a vendor's purchase invoices: the open amount is exact, another vendor's is refused", async () => {
    const item = (await list('Inventory/Item'))[0]!.id;
    const invoice = ok(
      await finalise(
        'SupplyChain/PurchaseInvoice',
        ok(
          await call<Row>(app, 'SupplyChain/PurchaseInvoice/Create', staff, {
            values: { vendor, date: TODAY, lines: [{ item, quantity: 2, unitPrice: 400_000 }] },
          }),
        ),
      ),
    );
    const total = Number(invoice.grandTotal);
    expect(total).toBeGreaterThanOrEqual(800_000);
    expect(invoice.openAmount).toBe(total);
    const cashBox = (await list('Treasury/CashBox'))[0]!.id;
    const payment = (party: number, amount: number) =>
      call<Row>(app, 'Treasury/Payment/Create', staff, {
        values: { date: TODAY, party, amount, cashBox, allocations: [{ invoice: invoice.id, amount }] },
      });
    const vendors = await list('SupplyChain/Vendor');
    const otherVendor = vendors.find((v) => v.id !== vendor)!.id;
    expect((await finalise('Treasury/Payment', ok(await payment(otherVendor, 1_000)))).status).toBe(417);
    expect((await finalise('Treasury/Payment', ok(await payment(vendor, total + 1)))).status).toBe(417);
    const paid = ok(await finalise('Treasury/Payment', ok(await payment(vendor, 300_000))));
    expect((await get('SupplyChain/PurchaseInvoice', invoice.id)).openAmount).toBe(total - 300_000);
    ok(await cancel('Treasury/Payment', paid));
    expect((await get('SupplyChain/PurchaseInvoice', invoice.id)).openAmount).toBe(total);
  });

  it('a bank statement read from a file is matched with the ledger and its differences are reported', async () => {
    // the bank account's movements: two cheques cleared into it today
    const cleared: Row[] = [];
    for (const amount of [12_340_000, 7_770_000]) {
      const c = ok(
        await finalise('Treasury/Cheque', ok(await newCheque({ direction: 'received', customer, amount }))),
      );
      ok(await move(c, 'deposited', { bankAccount: otherBank }));
      cleared.push(ok(await move(c, 'cleared')));
    }
    // the bank's file: Persian digits, Jalali dates, deposit and withdrawal columns, a fee the books lack
    const jalali = (iso: string) => {
      const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
      return new Intl.DateTimeFormat('en-u-ca-persian-nu-latn', {
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        timeZone: 'UTC',
      })
        .format(new Date(Date.UTC(y, m - 1, d)))
        .replace(/ AP$/, '')
        .replace(/(\d+)\/(\d+)\/(\d+)/, '$3/$1/$2');
    };
    const persian = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x06f0 + Number(d)));
    const csv = [
      'تاریخ,شرح,واریز,برداشت,شماره پیگیری',
      `${persian(jalali(TODAY))},واریز چک,"${persian('12,340,000')}",,${persian('881001')}`,
      `${persian(jalali(addDays(TODAY, 1)))},واریز چک,"7,770,000",,881002`,
      `${jalali(TODAY)},کارمزد,,"185,000",881003`,
    ].join('\r\n');
    const imported = ok(
      await call<{ lines: Record<string, unknown>[] }>(app, 'Entity/Lines/Import', staff, {
        entity: 'treasury.bankStatement',
        child: 'lines',
        fileName: 'statement.csv',
        content: Buffer.from(`\uFEFF${csv}`, 'utf8').toString('base64'),
      }),
    );
    expect(imported.lines).toEqual([
      { date: TODAY, description: 'واریز چک', amount: 12_340_000, reference: '881001' },
      { date: addDays(TODAY, 1), description: 'واریز چک', amount: 7_770_000, reference: '881002' },
      { date: TODAY, description: 'کارمزد', amount: -185_000, reference: '881003' },
    ]);
    // the same lines from an XLSX (Gregorian dates, a signed amount column)
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('گردش');
    sheet.addRow(['گزارش گردش حساب']);
    sheet.addRow(['Date', 'Amount', 'Reference']);
    sheet.addRow([new Date(`${TODAY}T00:00:00Z`), 12_340_000, '881001']);
    sheet.addRow([`${TODAY}`, '(185,000)', '881003']);
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    const fromXlsx = ok(
      await call<{ lines: Record<string, unknown>[] }>(app, 'Entity/Lines/Import', staff, {
        entity: 'treasury.bankStatement',
        child: 'lines',
        fileName: 'statement.xlsx',
        content: xlsx.toString('base64'),
      }),
    );
    expect(fromXlsx.lines).toEqual([
      { date: TODAY, amount: 12_340_000, reference: '881001' },
      { date: TODAY, amount: -185_000, reference: '881003' },
    ]);
    // a date the server cannot read: 417 on its line
    const bad = await call(app, 'Entity/Lines/Import', staff, {
      entity: 'treasury.bankStatement',
      child: 'lines',
      fileName: 'x.csv',
      content: Buffer.from('date,amount\n1405/13/40,100\n').toString('base64'),
    });
    expect(bad.status).toBe(417);
    expect(bad.body.TableMessageTexts?.[0]).toMatchObject({
      TableName: 'lines',
      RowIndex: 0,
      FieldName: 'date',
    });
    // vendors and customers import nothing
    expect(
      (
        await call(app, 'Entity/Lines/Import', customerUser, {
          entity: 'treasury.bankStatement',
          child: 'lines',
          content: 'eA==',
        })
      ).status,
    ).toBe(403);

    const statement = ok(
      await call<Row>(app, 'Treasury/BankStatement/Create', staff, {
        values: {
          title: 'صورت‌حساب آزمون',
          bankAccount: otherBank,
          fromDate: TODAY,
          toDate: addDays(TODAY, 1),
          lines: imported.lines,
        },
      }),
    );
    expect(statement).toMatchObject({ matchedCount: 0, unmatchedCount: 3 });
    const matched = ok(
      await call<Row>(app, 'Treasury/BankStatement/Match', staff, {
        id: statement.id,
        version: statement.version,
      }),
    );
    const states = (matched.lines ?? []).map((l) => l.matchState);
    expect(states).toEqual(['suggested', 'suggested', 'unmatched']);
    const clearingVouchers = await Promise.all(
      cleared.map(async (c) => (await vouchersOf('treasury.cheque', c.id)).at(-1)!.id),
    );
    expect((matched.lines ?? []).slice(0, 2).map((l) => l.voucher)).toEqual(clearingVouchers);
    // before confirming, the report shows everything as a difference
    const run = async () =>
      ok(
        await call<ReportResult>(app, 'Report/Definition/Run', staff, {
          report: 'treasury.reconciliation',
          params: { statement: statement.id },
        }),
      );
    expect((await run()).rows.length).toBeGreaterThanOrEqual(5);
    const confirmed = ok(
      await call<Row>(app, 'Treasury/BankStatement/ConfirmMatches', staff, {
        id: matched.id,
        version: matched.version,
      }),
    );
    expect((confirmed.lines ?? []).map((l) => l.matchState)).toEqual(['confirmed', 'confirmed', 'unmatched']);
    expect(confirmed).toMatchObject({ matchedCount: 2, unmatchedCount: 1 });
    // the fee only in the bank's statement; nothing of the two cheques in the books is left
    const report = await run();
    const bankOnly = report.rows.filter((r) => r.side === 'bank');
    expect(bankOnly).toEqual([expect.objectContaining({ bankAmount: -185_000, reference: '881003' })]);
    const bookOnly = report.rows.filter((r) => r.side === 'book');
    expect(bookOnly.some((r) => r.bookAmount === 12_340_000 || r.bookAmount === 7_770_000)).toBe(false);
    expect(report.totals.bankAmount).toBe(-185_000);

    // by hand: a voucher without an entry of that amount on the bank is refused on the cell
    const lines = (confirmed.lines ?? []).map((l, i) =>
      i === 2 ? { ...l, voucher: clearingVouchers[0] } : l,
    );
    const byHand = await call<Row>(app, 'Treasury/BankStatement/Update', staff, {
      id: confirmed.id,
      version: confirmed.version,
      values: { ...valuesOf(confirmed), lines },
    });
    expect(byHand.status).toBe(417);
    expect(byHand.body.TableMessageTexts?.[0]).toMatchObject({
      TableName: 'lines',
      RowIndex: 2,
      FieldName: 'voucher',
    });
    // an entry matched in one statement is not matched in another
    const second = await call<Row>(app, 'Treasury/BankStatement/Create', staff, {
      values: {
        title: 'صورت‌حساب تکراری',
        bankAccount: otherBank,
        lines: [{ date: TODAY, amount: 12_340_000, voucher: clearingVouchers[0] }],
      },
    });
    expect(second.status).toBe(417);
  });

  it('the reconciliation shows ledger entries only to who may read vouchers', async () => {
    const statement = (await list('Treasury/BankStatement'))[0]!;
    const run = () =>
      call<ReportResult>(app, 'Report/Definition/Run', staff, {
        report: 'treasury.reconciliation',
        params: { statement: statement.id },
      });
    const menuHas = async () =>
      JSON.stringify((await call(app, 'Security/Menu/GetMenu', staff)).body).includes(
        'treasury.reconciliation',
      );
    expect((await run()).status).toBe(200);
    expect(await menuHas()).toBe(true);
    const vouchers = () =>
      app.ctx.db
        .updateTable('role_permissions')
        .where('role', '=', 'staff')
        .where('entity', '=', 'accounting.voucher');
    await vouchers().set({ can_view: 0 }).execute();
    try {
      // the statement is still readable, the book side is not
      expect((await call(app, 'Treasury/BankStatement/Get', staff, { id: statement.id })).status).toBe(200);
      expect((await run()).status).toBe(403);
      expect(await menuHas()).toBe(false);
    } finally {
      await vouchers().set({ can_view: 1 }).execute();
    }
    expect((await run()).status).toBe(200);
  });

  it('the due-cheques report lists open final cheques by due date; the dashboard cards sum the next seven days, received apart from issued', async () => {
    const cards = async () => {
      const dashboard = ok(
        await call<{ widgets: { id: string; value?: number }[] }>(app, 'Report/Dashboard', staff, {}),
      );
      const value = (id: string) => {
        const card = dashboard.widgets.find((w) => w.id === id);
        expect(card, id).toBeDefined();
        return Number(card?.value ?? 0);
      };
      return { toCollect: value('chequesToCollect'), toPay: value('chequesToPay') };
    };
    const before = await cards();
    const soon = ok(
      await finalise(
        'Treasury/Cheque',
        ok(
          await newCheque({ direction: 'received', customer, dueDate: addDays(TODAY, 2), amount: 1_111_000 }),
        ),
      ),
    );
    const range = { from: TODAY, to: addDays(TODAY, 30) };
    const run = async () =>
      ok(
        await call<ReportResult>(app, 'Report/Definition/Run', staff, {
          report: 'treasury.dueCheques',
          params: { dueDate: range },
        }),
      );
    let report = await run();
    expect(report.rows.find((r) => r.id === soon.id)).toMatchObject({
      number: soon.number,
      amount: 1_111_000,
      status: 'نزد صندوق (در جریان)',
      customerId: customer,
    });
    expect(report.rows.every((r) => String(r.dueDate) >= range.from && String(r.dueDate) <= range.to)).toBe(
      true,
    );
    // a received cheque is money to collect, never added to the cheques the company pays
    expect(await cards()).toEqual({ toCollect: before.toCollect + 1_111_000, toPay: before.toPay });
    ok(await move(soon, 'deposited', { bankAccount: bank }));
    ok(await move(soon, 'cleared'));
    report = await run();
    expect(report.rows.some((r) => r.id === soon.id)).toBe(false);
    expect(await cards()).toEqual(before);
  });

  it("the demo's cheques are in every state and the ledger's cheque accounts follow them", async () => {
    // the demo's rows were written by the seed (no user), the tests' through the API
    const demo = (await list('Treasury/Cheque')).filter((c) => c.createdBy === undefined);
    const final = demo.filter((c) => c.docState === 'final');
    const states = new Set(final.map((c) => `${String(c.direction)}:${String(c.status)}`));
    for (const s of [
      'received:inHand',
      'received:deposited',
      'received:cleared',
      'received:bounced',
      'received:returned',
      'received:protested',
      'issued:issued',
      'issued:cleared',
      'issued:bounced',
    ])
      expect(states.has(s), s).toBe(true);
    expect(demo.some((c) => c.docState === 'draft')).toBe(true);
    expect(demo.some((c) => c.docState === 'cancelled')).toBe(true);
    const sum = (direction: string, status: string) =>
      final
        .filter((c) => c.direction === direction && c.status === status)
        .reduce((a, c) => a + Number(c.amount), 0);
    const rows = (await sql
      .selectFrom(LEDGER_ENTRIES)
      .select(['account_id', 'debit', 'credit'])
      .where('source_entity', '=', 'treasury.cheque')
      .where(
        'source_id',
        'in',
        demo.map((c) => c.id),
      )
      .execute()) as { account_id: unknown; debit: unknown; credit: unknown }[];
    const net = async (code: string) => {
      const id = await account(code);
      return rows
        .filter((r) => Number(r.account_id) === id)
        .reduce((a, r) => a + Number(r.debit) - Number(r.credit), 0);
    };
    expect(await net('1202')).toBe(sum('received', 'inHand'));
    expect(await net('1204')).toBe(sum('received', 'deposited'));
    expect(await net('1205')).toBe(sum('received', 'bounced'));
    expect(await net('1206')).toBe(sum('received', 'protested'));
    expect(await net('3102')).toBe(-sum('issued', 'issued'));
    expect(await net('1102')).toBe(sum('received', 'cleared') - sum('issued', 'cleared'));
    // the demo's issued cheques took leaves of their books
    const books = await list('Treasury/ChequeBook');
    const used = books.reduce((a, b) => a + Number(b.usedLeaves ?? 0), 0);
    expect(used).toBeGreaterThanOrEqual(final.filter((c) => c.direction === 'issued').length);
    // one bank statement, matched in part
    const [statement] = (await list('Treasury/BankStatement')).filter((s) => s.createdBy === undefined);
    expect(Number(statement!.matchedCount)).toBeGreaterThan(0);
    expect(Number(statement!.unmatchedCount)).toBeGreaterThanOrEqual(2);
  });
});
