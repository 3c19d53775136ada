/**
 * A year of the demo company's books (DEMO_VOLUME=full), generated from its sales so that the
 * trial balance and the balance sheet read as a believable Iranian trading company:
 *
 * - receipts (treasury.receipt) of nearly every invoice 5–50 days after it, a fifth in cash, each
 *   settling its invoice (an allocation line: the invoice's open amount follows, docs/treasury.md);
 * - purchases on credit, day by day about what was sold that day: a goods receipt
 *   (supplyChain.goodsReceipt, final before the recent days: stock in at the items' purchase
 *   prices, posting inventory against goods received not invoiced) and the vendor's invoice as a
 *   voucher (خرید نسیه کالا: the received goods and purchase VAT against the vendor), and payments
 *   (treasury.payment) of nearly all of them 15–60 days later;
 * - no cost of goods sold here: each final invoice posts its cost from the stock ledger
 *   (its declared posting, ./stock.ts and ./ledger.ts);
 * - rent, utilities, advertising, office supplies monthly and freight weekly, paid from the bank;
 * - the cash boxes' takings deposited in the bank weekly;
 * - the VAT of each finished season settled with the tax office;
 * - each final payroll run paid five days after its month: net pay per employee, the employee's
 *   and the employer's insurance, the salary tax.
 * The opening voucher (سند افتتاحیه) is made once the opening stock is known (./opening.ts).
 *
 * What follows a document follows it only when it will be final (./lifecycle.ts finalFlags: the
 * recent days' documents stay drafts, a few are cancelled): no receipt of a draft invoice, no cost
 * of a cancelled one, no deposit of a cancelled receipt. Outflows are paid from the bank holding
 * the most at their day (a voucher splits one beyond it over several banks), so no account is
 * overdrawn. Pure and deterministic: the finance seeder inserts what this answers.
 */
import type { BuiltLine, BuiltVoucher } from '../../accounting/postingBuilder';
import { DOC_STATE_FIELD } from '../../../runtime/shared/lifecycle';
import { DAYS_SO_FAR, day1405, pick, rng, type Values } from './batch';
import type { Doc } from './financeDocs';
import { RECENT_DAYS, finalFlags } from './lifecycle';
import { MONTHS } from './supplyChain';
import { lineTax } from '../../../runtime/shared/tax';

const DAY = 86_400_000;
const START = Date.UTC(2026, 2, 21);
/** Day of 1405 (0 = 1 Farvardin) of an ISO date. */
export const dayOf = (iso: string): number => Math.round((Date.parse(`${iso}T00:00:00Z`) - START) / DAY);
/** First day of the documents that stay drafts. */
const RECENT = DAYS_SO_FAR - RECENT_DAYS;
/** First day of month `m` (0 = Farvardin) of 1405: six months of 31 days, then of 30. */
export const monthStart = (m: number): number => (m <= 6 ? 31 * m : 186 + 30 * (m - 6));
const million = (n: number) => Math.max(1, Math.round(n / 1_000_000)) * 1_000_000;

export interface Party {
  id: number;
  detail: number;
}
export interface Holder extends Party {
  title: string;
  opening: number;
}
export interface PaidRun {
  title: string;
  endDate: string;
  lines: { detail: number; net: number; insurance: number; tax: number; baseSalary: number }[];
}

export interface BookInput {
  account: (code: string) => number;
  /** The invoices as inserted (ids ascending in this order). */
  invoices: Doc[];
  vendors: Party[];
  banks: Holder[];
  cashBoxes: Holder[];
  /** Payroll runs that become final (their month ended before the recent days). */
  payroll: PaidRun[];
  /** The items' purchase prices, by id. */
  costs: ReadonlyMap<number, number>;
  /** The warehouses goods are received into. */
  warehouses: number[];
  /** The VAT rate of an item on a day (basis points, its tax code's rate: exempt goods 0). */
  taxRate: (item: number, iso: string) => number;
}

export interface Books {
  receipts: Values[];
  /** The invoice each receipt settles in full: its index in BookInput.invoices (receipts' order). */
  settles: number[];
  payments: Values[];
  vouchers: Doc[];
  /** Goods receipts of the purchases (supplyChain.goodsReceipt). */
  goodsReceipts: Doc[];
}

interface Made<T> {
  day: number;
  doc: T;
}

/** A voucher in the making: its bank moves are settled once its finality is known. */
interface DraftVoucher {
  day: number;
  values: Values;
  lines: Values[];
  /** Moves of the bank (negative: out), on banks chosen when settled. */
  bank?: { delta: number; text: string };
  /** Deposited into a given bank. */
  into?: number;
  /** Filled once every voucher's finality is known (the season's VAT of final purchases). */
  fill?: () => void;
  /** Purchase VAT (a purchase). */
  vat?: number;
  /** Will be final (set once every voucher is made). */
  final?: boolean;
}

/** Stable sort by day (ids are given in that order). */
const byDay = <T extends { day: number }>(list: T[]) => [...list].sort((a, b) => a.day - b.day);

export function books(input: BookInput): Books {
  const r = rng(14061);
  const { account, banks, cashBoxes } = input;
  const line = (
    code: string,
    detail: number | null,
    debit: number,
    credit: number,
    text: string,
  ): Values => ({
    account: account(code),
    detail1: detail,
    description: text,
    debit,
    credit,
  });
  const drafts: DraftVoucher[] = [];
  const voucher = (day: number, description: string, lines: Values[], more: Partial<DraftVoucher> = {}) => {
    const v: DraftVoucher = {
      day,
      values: { date: day1405(day), description, kind: 'manual' },
      lines,
      ...more,
    };
    drafts.push(v);
    return v;
  };

  // the invoices that will be final: their output VAT and receipts; what every invoice sells
  const invoiceFinal = finalFlags(input.invoices.map((i) => String(i.values.date)));
  const sold = Array.from({ length: DAYS_SO_FAR }, () => new Map<number, number>());
  const outputVat = new Array<number>(DAYS_SO_FAR).fill(0);
  const receiptsMade: Made<{ values: Values; box: number | null; bank: number; invoice: number }>[] = [];
  input.invoices.forEach((inv, i) => {
    const v = inv.values;
    const day = dayOf(String(v.date));
    if (day < 0 || day >= DAYS_SO_FAR) return;
    for (const l of inv.lines)
      sold[day]!.set(Number(l.item), (sold[day]!.get(Number(l.item)) ?? 0) + Number(l.quantity));
    if (!invoiceFinal[i]) return;
    outputVat[day]! += Number(v.tax ?? 0);
    if (r() > 0.95) return;
    const paid = day + 5 + Math.floor(r() * 46);
    if (paid >= DAYS_SO_FAR) return;
    const inCash = r() < 0.2;
    const box = inCash ? (r() < 0.6 ? 0 : Math.floor(r() * cashBoxes.length)) : null;
    const bank = Math.floor(r() * banks.length);
    receiptsMade.push({
      day: paid,
      doc: {
        box,
        bank,
        invoice: i,
        values: {
          date: day1405(paid),
          party: Number(v.customer),
          amount: Number(v.grandTotal),
          cashBox: box === null ? null : cashBoxes[box]!.id,
          bankAccount: box === null ? banks[bank]!.id : null,
          description: `${pick(r, ['وصول فاکتور', 'واریز مشتری بابت فاکتور', 'تسویه فاکتور'])} ${String(v.number)}`,
        },
      },
    });
  });
  const receipts = byDay(receiptsMade);
  const receiptFinal = finalFlags(receipts.map((x) => String(x.doc.values.date)));
  const cashIn = cashBoxes.map(() => new Array<number>(DAYS_SO_FAR).fill(0));
  receipts.forEach((x, i) => {
    if (receiptFinal[i] && x.doc.box !== null) cashIn[x.doc.box]![x.day]! += Number(x.doc.values.amount);
  });

  // purchases on credit, day by day about what that day's invoices sold: the goods come in on a
  // goods receipt at their purchase price, the vendor's invoice is a voucher against the receipt
  const purchases: { v: DraftVoucher; vendor: Party; gross: number }[] = [];
  const goodsReceipts: Doc[] = [];
  for (let day = 0; day < DAYS_SO_FAR; day++) {
    const bought = [...sold[day]!.entries()]
      .map(([item, quantity]) => {
        const unitPrice = input.costs.get(item) ?? 0;
        const q = Math.max(1, Math.round(quantity * (0.9 + r() * 0.25)));
        return { item, quantity: q, unitPrice, amount: q * unitPrice, note: '' };
      })
      .filter((l) => l.amount > 0);
    if (!bought.length || !input.warehouses.length) continue;
    const parts = Math.min(bought.length, 1 + Math.floor(r() * 3));
    for (let p = 0; p < parts; p++) {
      const lines = bought.filter((_, i) => i % parts === p);
      const vendor = pick(r, input.vendors);
      const net = lines.reduce((a, l) => a + l.amount, 0);
      // the purchase VAT of each line at its item's rate on the day (docs/tax.md)
      const vat = lines.reduce(
        (a, l) => a + Number(lineTax(BigInt(l.amount), input.taxRate(l.item, day1405(day)))),
        0,
      );
      const number = `GR-1405-${String(goodsReceipts.length + 1).padStart(5, '0')}`;
      goodsReceipts.push({
        values: {
          number,
          vendor: vendor.id,
          warehouse: pick(r, input.warehouses),
          date: day1405(day),
          description: 'رسید انبار خرید نسیه',
          total: net,
          // received before the recent days: final (the lifecycle seeder leaves a set state)
          ...(day < RECENT ? { [DOC_STATE_FIELD]: 'final' } : {}),
        },
        lines,
      });
      const v = voucher(
        day,
        `فاکتور خرید نسیه کالا، رسید ${number}`,
        [
          line('3103', null, net, 0, `کالای دریافتی رسید ${number}`),
          line('1402', null, vat, 0, 'مالیات بر ارزش افزوده خرید'),
          line('3101', vendor.detail, 0, net + vat, 'بستانکاری تأمین‌کننده'),
        ],
        { vat },
      );
      purchases.push({ v, vendor, gross: net + vat });
    }
  }

  // expenses paid from the bank: monthly rent, advertising, utilities, supplies; weekly freight
  const monthly: [code: string, offset: number, min: number, spread: number, text: string][] = [
    ['8201', 0, 2_800_000_000, 0, 'اجاره انبار و دفتر مرکزی'],
    ['8205', 4, 700_000_000, 900_000_000, 'آگهی در شبکه‌های اجتماعی'],
    ['8202', 9, 300_000_000, 250_000_000, 'قبض آب، برق، گاز و تلفن'],
    ['8206', 14, 120_000_000, 180_000_000, 'خرید ملزومات اداری'],
  ];
  for (let m = 0; monthStart(m) < DAYS_SO_FAR; m++)
    for (const [code, offset, min, spread, text] of monthly) {
      const day = monthStart(m) + offset;
      if (day >= DAYS_SO_FAR) continue;
      const amount = million(min + r() * spread);
      voucher(day, `${text} ${MONTHS[m]} ۱۴۰۵`, [line(code, null, amount, 0, `${text} ${MONTHS[m]}`)], {
        bank: { delta: -amount, text: 'پرداخت از بانک' },
      });
    }
  for (let day = 2; day < DAYS_SO_FAR; day += 7) {
    const amount = million(250_000_000 + r() * 450_000_000);
    voucher(day, 'کرایه حمل بار هفته', [line('8203', null, amount, 0, 'کرایه حمل کالا به مشتریان')], {
      bank: { delta: -amount, text: 'پرداخت از بانک' },
    });
  }

  // the cash boxes' takings of each week deposited in their bank
  for (let day = 6; day < DAYS_SO_FAR; day += 7)
    cashBoxes.forEach((box, i) => {
      const week = cashIn[i]!.slice(day - 6, day + 1).reduce((a, c) => a + c, 0);
      const amount = Math.floor(week / 1_000_000) * 1_000_000;
      if (amount <= 0) return;
      const bank = i % banks.length;
      voucher(
        day,
        `واریز وجوه ${box.title} به بانک`,
        [
          line('1102', banks[bank]!.detail, amount, 0, 'واریز به حساب بانک'),
          line('1101', box.detail, 0, amount, 'برداشت از صندوق'),
        ],
        { into: bank },
      );
    });

  // the VAT of each finished season settled twenty days after it (amounts once finality is known)
  const purchaseOf = new Map(purchases.map((p) => [p.v, p]));
  for (const [from, to, day, season] of [
    [0, monthStart(3) - 1, monthStart(3) + 19, 'بهار'],
    [monthStart(3), monthStart(6) - 1, monthStart(6) + 19, 'تابستان'],
  ] as const) {
    if (day >= DAYS_SO_FAR) continue;
    const lines: Values[] = [];
    const v = voucher(day, `تسویه مالیات بر ارزش افزوده ${season} ۱۴۰۵`, lines);
    v.fill = () => {
      const output = Math.round(outputVat.slice(from, to + 1).reduce((a, c) => a + c, 0));
      const input = drafts
        .filter((d) => d.final && purchaseOf.has(d) && d.day >= from && d.day <= to)
        .reduce((a, d) => a + (d.vat ?? 0), 0);
      lines.push(
        line('3201', null, output, 0, 'مالیات بر ارزش افزوده فروش فصل'),
        line('1402', null, 0, input, 'مالیات بر ارزش افزوده خرید فصل'),
      );
      v.bank = { delta: input - output, text: 'پرداخت به سازمان امور مالیاتی' };
    };
  }

  // each final payroll run paid five days after its month ended
  for (const run of input.payroll) {
    const day = dayOf(run.endDate) + 5;
    if (day >= DAYS_SO_FAR || !run.lines.length) continue;
    const sum = (f: (l: PaidRun['lines'][number]) => number) => run.lines.reduce((a, l) => a + f(l), 0);
    const lines = [
      ...run.lines.filter((l) => l.net > 0).map((l) => line('3301', l.detail, l.net, 0, 'پرداخت خالص حقوق')),
      line(
        '3302',
        null,
        sum((l) => l.insurance),
        0,
        'بیمه سهم کارکنان',
      ),
      line('8102', null, Math.round(sum((l) => l.baseSalary) * 0.23), 0, 'بیمه سهم کارفرما'),
      line(
        '3202',
        null,
        sum((l) => l.tax),
        0,
        'مالیات حقوق',
      ),
    ];
    const total = lines.reduce((a, l) => a + Number(l.debit), 0);
    voucher(day, `پرداخت ${run.title}`, lines, {
      bank: { delta: -total, text: 'پرداخت حقوق، بیمه و مالیات' },
    });
  }

  // which vouchers will be final: approved ones before the recent days, as the lifecycle seeder decides
  const sorted = byDay(drafts);
  const voucherFinal = finalFlags(sorted.map((v) => String(v.values.date)));
  sorted.forEach((v, i) => {
    v.final = voucherFinal[i]! && v.day < RECENT;
  });
  for (const v of sorted) v.fill?.();

  // payments of the final purchases, 15–60 days later
  const paymentsMade: Made<{ values: Values; gross: number }>[] = [];
  for (const p of purchases) {
    if (!p.v.final || r() > 0.95) continue;
    const paid = p.v.day + 15 + Math.floor(r() * 46);
    if (paid >= DAYS_SO_FAR) continue;
    paymentsMade.push({
      day: paid,
      doc: {
        gross: p.gross,
        values: {
          date: day1405(paid),
          party: p.vendor.id,
          amount: p.gross,
          cashBox: null,
          bankAccount: null,
          description: pick(r, ['تسویه فاکتور خرید', 'پرداخت به تأمین‌کننده', 'پرداخت علی‌الحساب خرید']),
        },
      },
    });
  }
  const payments = byDay(paymentsMade);
  const paymentFinal = finalFlags(payments.map((x) => String(x.doc.values.date)));

  // the banks, day by day: what comes in, then what goes out from the bank holding the most
  const balances = banks.map((b) => b.opening);
  const richest = () => balances.indexOf(Math.max(...balances));
  type Event = { day: number; amount: number; run: () => void };
  const events: Event[] = [];
  receipts.forEach((x, i) => {
    if (!receiptFinal[i] || x.doc.box !== null) return;
    const amount = Number(x.doc.values.amount);
    events.push({ day: x.day, amount, run: () => void (balances[x.doc.bank]! += amount) });
  });
  payments.forEach((x, i) => {
    const pay = () => {
      const bank = richest();
      x.doc.values.bankAccount = banks[bank]!.id;
      if (paymentFinal[i]) balances[bank]! -= x.doc.gross;
    };
    events.push({ day: x.day, amount: -x.doc.gross, run: pay });
  });
  for (const v of sorted) {
    if (v.into !== undefined) {
      const into = v.into;
      const amount = Number(v.lines[0]?.debit ?? 0);
      events.push({ day: v.day, amount, run: () => void (v.final && (balances[into]! += amount)) });
    }
    const move = v.bank;
    if (!move) continue;
    events.push({
      day: v.day,
      amount: move.delta,
      run: () => {
        // an outflow beyond the richest bank is split over the banks, richest first
        if (move.delta === 0) return;
        let left = -move.delta;
        const parts: [number, number][] = [];
        if (move.delta >= 0) parts.push([richest(), move.delta]);
        else
          for (const b of balances.map((_, i) => i).sort((x, y) => balances[y]! - balances[x]!)) {
            if (left <= 0) break;
            const take = Math.min(left, Math.max(0, balances[b]!));
            if (take > 0) parts.push([b, -take]);
            left -= take;
          }
        if (move.delta < 0 && left > 0) parts.push([richest(), -left]);
        for (const [b, delta] of parts) {
          if (v.final) balances[b]! += delta;
          v.lines.push(
            line('1102', banks[b]!.detail, delta > 0 ? delta : 0, delta < 0 ? -delta : 0, move.text),
          );
        }
      },
    });
  }
  events.sort((a, b) => a.day - b.day || b.amount - a.amount);
  for (const e of events) e.run();

  const pad = (n: number) => String(n).padStart(5, '0');
  return {
    receipts: receipts.map((x, i) => ({ number: `D-1405-${pad(i + 1)}`, ...x.doc.values })),
    settles: receipts.map((x) => x.doc.invoice),
    payments: payments.map((x, i) => ({ number: `P-1405-${pad(i + 1)}`, ...x.doc.values })),
    vouchers: sorted.map((v, i) => {
      const total = v.lines.reduce((a, l) => a + Number(l.debit), 0);
      return {
        values: {
          ...v.values,
          number: `S-1405-${pad(i + 1)}`,
          // older vouchers went through approval; the recent ones are still notes
          status: v.day < RECENT ? 'approved' : 'draft',
          totalDebit: total,
          totalCredit: total,
        },
        lines: v.lines,
      };
    }),
    goodsReceipts,
  };
}

/**
 * The opening voucher of 1405 (سند افتتاحیه): the cash boxes' and bank accounts' opening balances
 * (their `openingBalance`) and the opening inventory, against capital.
 */
export function openingVoucher(
  account: (code: string) => number,
  cashBoxes: Holder[],
  banks: Holder[],
  inventory: number,
): Omit<BuiltVoucher, 'branch'> {
  const lines: BuiltLine[] = [
    ...cashBoxes.map((b) => builtLine(account('1101'), b.detail, b.opening, 0)),
    ...banks.map((b) => builtLine(account('1102'), b.detail, b.opening, 0)),
    builtLine(account('1301'), null, inventory, 0),
  ].filter((l) => l.debit > 0);
  const capital = lines.reduce((a, l) => a + l.debit, 0);
  lines.push(builtLine(account('5101'), null, 0, capital));
  return {
    date: day1405(0),
    description: 'سند افتتاحیه سال مالی ۱۴۰۵',
    lines,
    totalDebit: capital,
    totalCredit: capital,
  };
}

function builtLine(account: number, detail: number | null, debit: number, credit: number): BuiltLine {
  return {
    account,
    detail1: detail,
    detail2: null,
    debit,
    credit,
    description: debit > 0 ? 'مانده ابتدای سال' : 'سرمایه',
  };
}
