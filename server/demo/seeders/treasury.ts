/**
 * The demo company's treasury (docs/treasury.md), after the ledger seeder: cheque books of its
 * bank accounts; cheques received and issued in every state, each with the history of its moves
 * (registered, deposited, cleared or bounced, returned or protested) and the vouchers those moves
 * post (bulk: the same builder as the API's transitions, dated on the days of the history), so the
 * ledger's notes receivable, in collection, bounced and payable follow the cheques; receipts that
 * settle final invoices (allocations: the invoices' open amounts follow; in the full demo the year's
 * receipts of ./books.ts settle their invoices instead); one bank statement of
 * the first bank account matched with the books, with a bank fee, interest and a cheque not yet
 * presented left as differences. Open cheques fall due around today (some within the next seven
 * days, the dashboard's card). Small volume: a few of each; full: about 1,200 cheques.
 */
import type { Untyped } from '../../db/untyped';
import { todayIso } from '../../../runtime/shared/businessDay';
import { DOC_STATE_FIELD } from '../../../runtime/shared/lifecycle';
import { postInBulk } from '../../accounting/bulkPosting';
import { postMovesInBulk, type BulkMove } from '../../accounting/bulkTransitions';
import { writeLines } from '../../entities/lines';
import { toApiRow, type Row } from '../../entities/rows';
import { t } from '../../i18n';
import { bankBook, bookEntries, lineCounts, suggestMatches } from '../../treasury/reconciliation';
import { insertBatch, pick, rng, type Values } from './batch';
import { grant, menuFor } from './perms';
import { settleFromAllocations } from './settlements';
import { numberFinalRows } from './numbers';
import type { Seeder } from './seeder';

const BANKS = ['melli', 'mellat', 'tejarat', 'saderat', 'sepah', 'pasargad', 'parsian', 'saman'];
const YEAR_FROM = '2026-03-22';
const YEAR_TO = '2027-03-19';

const addDays = (iso: string, n: number) =>
  new Date(Date.parse(iso) + n * 86_400_000).toISOString().slice(0, 10);
const clamp = (iso: string, from: string, to: string) => (iso < from ? from : iso > to ? to : iso);

/** A cheque's story: its moves from the first state, whether it ends open (due ahead). */
interface Story {
  direction: 'received' | 'issued';
  path: string[];
  doc?: 'draft' | 'cancelled';
  /** Falls due within the next seven days. */
  soon?: boolean;
}

/** One round of stories: every state of both directions, a draft and a cancelled cheque. */
const ROUND: Story[] = [
  { direction: 'received', path: ['inHand'], soon: true },
  { direction: 'received', path: ['inHand'] },
  { direction: 'received', path: ['inHand'] },
  { direction: 'received', path: ['inHand', 'deposited'], soon: true },
  { direction: 'received', path: ['inHand', 'deposited'] },
  { direction: 'received', path: ['inHand', 'deposited', 'cleared'] },
  { direction: 'received', path: ['inHand', 'deposited', 'cleared'] },
  { direction: 'received', path: ['inHand', 'deposited', 'bounced'] },
  { direction: 'received', path: ['inHand', 'deposited', 'bounced', 'returned'] },
  { direction: 'received', path: ['inHand', 'deposited', 'bounced', 'protested'] },
  { direction: 'received', path: ['inHand'], doc: 'draft' },
  { direction: 'received', path: ['inHand'], doc: 'cancelled' },
  { direction: 'issued', path: ['issued'], soon: true },
  { direction: 'issued', path: ['issued'] },
  { direction: 'issued', path: ['issued', 'cleared'] },
  { direction: 'issued', path: ['issued', 'cleared'] },
  { direction: 'issued', path: ['issued', 'bounced'] },
];

async function rowsOf(db: Untyped, table: string, columns: string[]): Promise<Record<string, unknown>[]> {
  return (await db.selectFrom(table).select(columns).orderBy('id').execute()) as Record<string, unknown>[];
}

export const seedTreasury: Seeder = async ({ db, ctx, vendorIds, customerIds }) => {
  const untyped = db as unknown as Untyped;
  const entity = (key: string) => ctx.registry.byEntityKey(key);
  const cheque = entity('treasury.cheque');
  const book = entity('treasury.chequeBook');
  const bankAccount = entity('treasury.bankAccount');
  // the invoices' open amounts: what the final receipts settle (the full demo's year of books)
  await settleFromAllocations(untyped, ctx.registry);
  if (cheque) {
    await grant(db, 'customer', cheque.key, ['view', 'print']);
    await menuFor(db, 'customer', cheque.key);
    await grant(db, 'vendor', cheque.key, ['view', 'print']);
    await menuFor(db, 'vendor', cheque.key);
  }
  if (!cheque || !book || !bankAccount || !customerIds.length || !vendorIds.length) return;
  const banks = (await rowsOf(untyped, bankAccount.table, ['id', 'bank'])).map((r) => ({
    id: Number(r.id),
    bank: String(r.bank),
  }));
  if (banks.length === 0) return;
  const full = ctx.config.demoVolume === 'full';
  const today = clamp(todayIso(), '2026-05-01', '2027-03-01');
  // what has happened is dated before the demo's newest voucher (a draft: the voucher grid's first
  // rows stay the demo's drafts)
  const voucher = entity('accounting.voucher');
  const newestVoucher = voucher
    ? ((await untyped
        .selectFrom(voucher.table)
        .select('date')
        .orderBy('date', 'desc')
        .limit(1)
        .execute()) as {
        date: unknown;
      }[])
    : [];
  const before = newestVoucher[0] ? addDays(String(newestVoucher[0].date).slice(0, 10), -1) : today;
  const past = before < addDays(today, -1) ? before : addDays(today, -1);
  const r = rng(14058);

  // cheque books: leaves numbered from their first serial, issued cheques take them in order
  const bookBanks = full ? banks.flatMap((b) => [b, b]) : banks.slice(0, 2);
  const leafCount = full ? 50 : 25;
  const bookValues: Values[] = bookBanks.map((b, i) => ({
    title: `دسته‌چک ${String(i + 1)} — حساب ${String(b.id)}`,
    bankAccount: b.id,
    series: `${String(40 + i)}/${String(b.id)}`,
    firstSerial: 2_140_000 + i * 1000,
    leafCount,
    receivedOn: addDays(YEAR_FROM, 3 + i),
    usedLeaves: 0,
    active: true,
  }));
  const bookIds = await insertBatch(db, ctx, book.key, bookValues);
  const leavesChild = book.children.find((c) => c.name === 'leaves');
  const leaves: { book: number; bank: number; serial: string }[] = [];
  for (const [i, id] of bookIds.entries()) {
    const first = Number(bookValues[i]!.firstSerial);
    const rows = Array.from({ length: leafCount }, (_, n) => ({
      serial: String(first + n),
      state: 'unused',
    }));
    await writeLines(untyped, ctx.dialect, book, id, { leaves: rows });
    for (const row of rows) leaves.push({ book: id, bank: bookBanks[i]!.id, serial: row.serial });
  }
  // issued cheques take the leaves of each book in turn
  const byBook = new Map<number, typeof leaves>();
  for (const l of leaves) byBook.set(l.book, [...(byBook.get(l.book) ?? []), l]);
  const queues = [...byBook.values()];
  let turn = 0;
  const nextLeaf = () => {
    for (let tries = 0; tries < queues.length; tries++) {
      const q = queues[turn++ % queues.length]!;
      const leaf = q.shift();
      if (leaf) return leaf;
    }
    return undefined;
  };

  // cheques and the moves of their history
  const rounds = full ? 70 : 1;
  const values: Values[] = [];
  const histories: { path: string[]; dates: string[] }[] = [];
  const usedLeaves: { book: number; serial: string; index: number }[] = [];
  for (let round = 0; round < rounds; round++)
    for (const story of ROUND) {
      const index = values.length;
      const open = story.path.length === 1 || (story.direction === 'received' && story.path.length === 2);
      // open cheques fall due ahead of today (some this week); the others in the past months
      const due = open
        ? addDays(today, story.soon ? 1 + Math.floor(r() * 6) : 8 + Math.floor(r() * 80))
        : addDays(today, -(6 + Math.floor(r() * 100)));
      const dueDate = clamp(due, addDays(YEAR_FROM, 20), YEAR_TO);
      // the draft is the newest (the grid's first row, which people and tests open, is a draft)
      const issueDate =
        story.doc === 'draft'
          ? today
          : clamp(addDays(dueDate, -(15 + Math.floor(r() * 60))), YEAR_FROM, past);
      // the moves: deposited a day or three before it falls due, cleared or bounced after
      const dates = [issueDate];
      for (let step = 1; step < story.path.length; step++) {
        const state = story.path[step]!;
        const prev = dates[step - 1]!;
        const at =
          state === 'deposited'
            ? addDays(dueDate, -(1 + Math.floor(r() * 3)))
            : state === 'cleared' || state === 'bounced'
              ? addDays(dueDate, 1 + Math.floor(r() * 3))
              : addDays(prev, 3 + Math.floor(r() * 12));
        dates.push(clamp(at < prev ? prev : at, prev, past < prev ? prev : past));
      }
      // the first round's cheques: of the demo customer and vendor users, so their screens show some
      const customer = round === 0 && index < 3 ? customerIds[0]! : pick(r, customerIds);
      const vendor =
        round === 0 && story.direction === 'issued' && story.soon ? vendorIds[0]! : pick(r, vendorIds);
      const amount = (5 + Math.floor(r() * 400)) * 1_000_000;
      const sayad = `${String(1 + (index % 9))}${String(140500000000 + index * 7919).padStart(12, '0')}${String(Math.floor(r() * 1000)).padStart(3, '0')}`;
      const state = story.path.at(-1)!;
      const base: Values = {
        direction: story.direction,
        sayadId: sayad.slice(0, 16),
        issueDate,
        dueDate,
        amount,
        status: state,
        [DOC_STATE_FIELD]: story.doc ?? 'final',
        ...(story.doc === 'cancelled' ? { cancelReason: 'چک به اشتباه ثبت شده بود' } : {}),
      };
      if (story.direction === 'received') {
        // deposited to the first bank account mostly (the statement reconciles it)
        const deposited = story.path.length > 1 ? (r() < 0.7 ? banks[0]! : pick(r, banks)) : null;
        values.push({
          ...base,
          number: String(300_000 + index * 13 + Math.floor(r() * 13)),
          customer,
          bank: pick(r, BANKS),
          bankAccount: deposited?.id ?? null,
          description: 'چک دریافتی بابت فاکتورهای فروش',
        });
      } else {
        const leaf = nextLeaf();
        if (!leaf) continue;
        const account = banks.find((b) => b.id === leaf.bank)!;
        values.push({
          ...base,
          number: leaf.serial,
          vendor,
          bank: account.bank,
          bankAccount: account.id,
          chequeBook: leaf.book,
          description: 'چک پرداختی بابت خرید کالا',
        });
        if ((story.doc ?? 'final') === 'final')
          usedLeaves.push({ book: leaf.book, serial: leaf.serial, index });
      }
      histories.push({ path: story.path, dates });
    }
  const ids = await insertBatch(db, ctx, cheque.key, values);
  const leavesTable = leavesChild ? `${book.table}__leaves` : null;
  if (leavesTable) {
    for (const u of usedLeaves)
      await untyped
        .updateTable(leavesTable)
        .set({ state: 'used', cheque: ids[u.index] })
        .where('parent_id', '=', u.book)
        .where('serial', '=', u.serial)
        .execute();
    for (const id of bookIds) {
      const used = usedLeaves.filter((u) => u.book === id).length;
      await untyped.updateTable(book.table).set({ usedLeaves: used }).where('id', '=', id).execute();
    }
  }
  // the registrations (a cancelled cheque's with its reversal), then the moves in date order
  await postInBulk(untyped, ctx, cheque.key, t('fa', 'posting.reversalPrefix'));
  const moves: BulkMove[] = [];
  histories.forEach((h, i) => {
    if (values[i]![DOC_STATE_FIELD] !== 'final') return;
    for (let step = 1; step < h.path.length; step++)
      moves.push({ id: ids[i]!, from: h.path[step - 1]!, to: h.path[step]!, date: h.dates[step]! });
  });
  moves.sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
  await postMovesInBulk(untyped, ctx, cheque.key, moves);

  await seedAllocations(untyped, ctx, past, full);
  await seedStatement(untyped, ctx, banks[0]!.id, past);
};

/**
 * Final receipts settling final invoices (all or half of each), posted; the invoices' open amounts
 * follow. Not in the full demo: its year of receipts already settle nearly every final invoice
 * (./books.ts), and more would pay them twice.
 */
async function seedAllocations(db: Untyped, ctx: Parameters<Seeder>[0]['ctx'], past: string, full: boolean) {
  const invoice = ctx.registry.byEntityKey('sales.invoice');
  const receipt = ctx.registry.byEntityKey('treasury.receipt');
  const settlement = invoice?.def.settlement;
  if (full || !invoice || !receipt || !settlement) return;
  const r = rng(14059);
  const invoices = (
    (await db
      .selectFrom(invoice.table)
      .selectAll()
      .where(DOC_STATE_FIELD, '=', 'final')
      .where(settlement.open, '>', 0)
      .orderBy('id')
      .limit(10)
      .execute()) as Row[]
  ).map((row) => toApiRow(invoice, row));
  const cashBoxes = ctx.registry.byEntityKey('treasury.cashBox');
  const boxes = cashBoxes ? (await rowsOf(db, cashBoxes.table, ['id'])).map((x) => Number(x.id)) : [];
  // dated before the newest receipt (the grid's first rows stay the demo's drafts)
  const newest = (await db
    .selectFrom(receipt.table)
    .select('date')
    .orderBy('date', 'desc')
    .limit(1)
    .execute()) as {
    date: unknown;
  }[];
  const last = newest[0] ? addDays(String(newest[0].date).slice(0, 10), -1) : past;
  const docs = invoices.map((inv, i) => {
    const total = Number(inv[settlement.open]);
    const amount = i % 3 === 1 ? Math.round(total / 2) : total;
    return {
      values: {
        date: clamp(
          addDays(String(inv.date), 5 + Math.floor(r() * 30)),
          String(inv.date),
          last < past ? last : past,
        ),
        party: Number(inv.customer),
        amount,
        cashBox: boxes[0] ?? null,
        description: `تسویه فاکتور ${String(inv.number ?? inv.id)}`,
        [DOC_STATE_FIELD]: 'final',
      } as Values,
      allocations: [{ invoice: Number(inv.id), amount }],
    };
  });
  if (docs.length === 0 || boxes.length === 0) return;
  const ids = await insertBatch(
    db as never,
    ctx,
    receipt.key,
    docs.map((d) => d.values),
  );
  for (const [i, id] of ids.entries())
    await writeLines(db, ctx.dialect, receipt, id, { allocations: docs[i]!.allocations });
  await settleFromAllocations(db, ctx.registry);
  // numbered before they post: their vouchers name them
  await numberFinalRows(db, ctx, receipt.key);
  await postInBulk(db, ctx, receipt.key, t('fa', 'posting.reversalPrefix'));
}

/**
 * One statement of the bank account over the last four months: a line per ledger entry of the
 * account (some a day later, as banks book them), less the last withdrawal (a cheque not yet
 * presented), plus a bank fee and interest the books do not have; matched, all confirmed but one.
 */
async function seedStatement(
  db: Untyped,
  ctx: Parameters<Seeder>[0]['ctx'],
  bankAccount: number,
  until: string,
) {
  const statement = ctx.registry.byEntityKey('treasury.bankStatement');
  if (!statement) return;
  const from = addDays(until, -120);
  const to = until;
  const header: Row = {
    title: 'صورت‌حساب چهار ماه اخیر',
    bankAccount,
    fromDate: from,
    toDate: to,
    dateTolerance: 3,
    description: 'بارگذاری‌شده از فایل بانک',
  };
  const book = await bankBook(db, bankAccount);
  if (!book) return;
  const entries = await bookEntries(db, ctx.registry, book, from, to);
  const lastWithdrawal = [...entries].reverse().find((e) => e.amount < 0);
  const lines: Row[] = entries
    .filter((e) => e !== lastWithdrawal)
    .map((e, i) => ({
      date: i % 3 === 2 ? clamp(addDays(e.date, 1), from, to) : e.date,
      amount: e.amount,
      reference: e.sourceText || e.voucherNumber,
      description: e.amount > 0 ? 'واریز' : 'برداشت',
      matchState: 'unmatched',
    }));
  lines.push(
    {
      date: addDays(from, 30),
      amount: -185_000,
      reference: '',
      description: 'کارمزد خدمات بانکی',
      matchState: 'unmatched',
    },
    { date: to, amount: 4_250_000, reference: '', description: 'سود سپرده', matchState: 'unmatched' },
  );
  lines.sort((a, b) => String(a.date).localeCompare(String(b.date)));
  const matched = await suggestMatches(db, ctx.registry, header, lines);
  let left = false;
  for (const l of matched)
    if (l.matchState === 'suggested') {
      if (!left) left = true;
      else l.matchState = 'confirmed';
    }
  const [id] = await insertBatch(db as never, ctx, statement.key, [
    { ...header, ...lineCounts(matched) } as Values,
  ]);
  if (id) await writeLines(db, ctx.dialect, statement, id, { lines: matched });
}
