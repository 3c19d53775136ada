/**
 * Sales invoices and accounting vouchers of the demo company in fiscal year 1405, generated in
 * bulk (documents in chunks through insertBatch, their lines in multi-row INSERTs).
 */
import type { Kysely } from 'kysely';
import { rialInWords } from '../../../runtime/shared/persianWords';
import type { AppContext } from '../../context';
import { toColumns } from '../../entities/rows';
import { applyRules } from '../../entities/rules/discountRules';
import { rateOn, taxFigures, type TaxCode } from '../../../runtime/shared/tax';
import type { SystemTables } from '../../db/types';
import type { Untyped } from '../../db/untyped';
import { DAYS_SO_FAR, day1405, insertBatch, pick, rng, type Values } from './batch';
import { EXPENSES } from './financeData';

const LINE_CHUNK = 250;

export interface Doc {
  values: Values;
  lines: Values[];
}

/**
 * Documents and their lines (of the child table `childName`, `lines` unless named: a receipt's
 * `allocations`): lines go in a few large INSERTs instead of one per document.
 */
export async function insertDocs(
  db: Kysely<SystemTables>,
  ctx: AppContext,
  key: string,
  docs: Doc[],
  childName = 'lines',
): Promise<number[]> {
  const entity = ctx.registry.byEntityKey(key);
  const child = entity?.children.find((c) => c.name === childName);
  if (!entity) return [];
  const ids = await insertBatch(
    db,
    ctx,
    key,
    docs.map((d) => d.values),
  );
  if (!child) return ids;
  const rows = ids.flatMap((id, i) =>
    (docs[i]?.lines ?? []).map((line, n) => ({
      ...toColumns(child, line, ctx.dialect),
      parent_id: id,
      line_no: n,
    })),
  );
  for (let i = 0; i < rows.length; i += LINE_CHUNK)
    await (db as unknown as Untyped)
      .insertInto(child.table)
      .values(rows.slice(i, i + LINE_CHUNK))
      .execute();
  return ids;
}

export interface SaleItem {
  id: number;
  price: number;
  /** The item's tax code (null: the default code). */
  taxCode?: number | null;
}

/**
 * How the demo's invoices are priced and taxed as the server would (its price lists by customer
 * and group, server/tax/taxRule.ts with the same pure functions of runtime/shared/tax.ts): the unit
 * price of an item for a customer, the tax codes with their rates and the default code, and the
 * values an invoice keeps (the buyer's and the seller's identity).
 */
export interface DemoPricing {
  price(customer: number, item: SaleItem): number;
  codes: ReadonlyMap<number, TaxCode>;
  defaultCode: number | null;
  kept(customer: number): Values;
}

export interface Rule {
  title: string;
  item: number | null;
  customer: number | null;
  percent: number;
  startDate: string;
  endDate: string;
}

/** 1 → 001 (the first documents keep the numbers of the earlier core seed). */
const pad = (n: number) => String(n).padStart(3, '0');

/**
 * Invoices with 1..4 lines priced by the customer's price list; discount from the demo rules, each
 * line's VAT at its item's tax code's rate on the day (the server's own computation), total in
 * words. `scale` multiplies the quantities (the full demo's wholesale trade: ×8).
 */
export function invoices(
  count: number,
  customers: number[],
  items: SaleItem[],
  rules: Rule[],
  pricing: DemoPricing,
  scale = 1,
): Doc[] {
  const r = rng(14051);
  const docs: Doc[] = [];
  for (let n = 1; n <= count; n++) {
    const date = n === 1 ? '2026-04-12' : day1405(Math.floor(r() * DAYS_SO_FAR));
    const customer = n === 1 ? customers[0]! : pick(r, customers);
    const lines: Values[] = [];
    const lineCount = 1 + Math.floor(r() * 4);
    for (let l = 0; l < lineCount; l++) {
      const item = pick(r, items);
      const quantity = (1 + Math.floor(r() * 12)) * scale;
      const unitPrice = pricing.price(customer, item);
      const code = pricing.codes.get(item.taxCode ?? pricing.defaultCode ?? 0);
      lines.push({
        item: item.id,
        quantity,
        unitPrice,
        amount: quantity * unitPrice,
        taxCode: code?.id ?? null,
        taxRate: code ? (rateOn(code, date) ?? 0) : 0,
      });
    }
    const total = lines.reduce((s, l) => s + Number(l.amount), 0);
    const live = rules.filter((x) => x.startDate <= date && date <= x.endDate);
    const { discount, applied, perLine } = applyRules(live, customer, lines);
    lines.forEach((l, i) => (l.discount = perLine[i] ?? 0));
    const figures = taxFigures(
      lines.map((l) => ({ base: l.amount, rate: Number(l.taxRate), discount: l.discount })),
      discount,
      true,
    );
    lines.forEach((l, i) => (l.tax = Number(figures.lines[i]!.tax)));
    const tax = Number(figures.total);
    const grandTotal = total - discount + tax;
    docs.push({
      values: {
        number: `F-1405-${pad(n)}`,
        customer,
        date,
        description:
          n === 1 ? 'فروش نقدی' : pick(r, ['فروش عمده', 'فروش اقساطی', 'فروش نقدی', 'سفارش تلفنی']),
        total,
        discount,
        tax,
        grandTotal,
        grandTotalWords: rialInWords(grandTotal),
        appliedDiscounts: applied.join('، '),
        ...pricing.kept(customer),
      },
      lines,
    });
  }
  return docs;
}

const amountOf = (r: () => number) => (1 + Math.floor(r() * 500)) * 1_000_000;

/** Detail accounts of the demo's parties, banks and cash boxes (in seed order). */
export interface DemoDetails {
  customers: number[];
  vendors: number[];
  banks: number[];
  cashBoxes: number[];
}

/**
 * Balanced manual vouchers of everyday patterns on the standard chart (server/accounting/
 * standardChart.ts), each line with the detail account its account requires: sales on credit,
 * collections, expenses, purchases.
 */
export function vouchers(count: number, account: (code: string) => number, details: DemoDetails): Doc[] {
  const r = rng(14052);
  const docs: Doc[] = [];
  const one = (list: number[]) => (list.length ? pick(r, list) : null);
  for (let n = 1; n <= count; n++) {
    const date = n === 1 ? '2026-04-12' : day1405(Math.floor(r() * DAYS_SO_FAR));
    const amount = amountOf(r);
    const kind = n === 1 ? 0 : Math.floor(r() * 4);
    let description: string;
    let lines: Values[];
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
    if (kind === 0) {
      const tax = Math.round(amount * 0.1);
      description = n === 1 ? 'فروش نقدی' : 'ثبت فروش نسیه';
      lines = [
        n === 1
          ? line('1101', one(details.cashBoxes), amount + tax, 0, 'وصول نقدی فروش')
          : line('1201', one(details.customers), amount + tax, 0, 'بدهکاری مشتری'),
        line('6101', null, 0, amount, 'فروش کالا'),
        line('3201', null, 0, tax, 'مالیات بر ارزش افزوده'),
      ];
    } else if (kind === 1) {
      description = 'وصول مطالبات از مشتری';
      lines = [
        line('1102', one(details.banks), amount, 0, 'واریز به حساب بانک'),
        line('1201', one(details.customers), 0, amount, 'تسویه مشتری'),
      ];
    } else if (kind === 2) {
      const [code, text] = pick(r, EXPENSES);
      description = text;
      lines = [
        line(code, null, amount, 0, text),
        line('1102', one(details.banks), 0, amount, 'پرداخت از بانک'),
      ];
    } else {
      description = 'خرید نسیه کالا';
      lines = [
        line('1301', null, amount, 0, 'ورود کالا به انبار'),
        line('3101', one(details.vendors), 0, amount, 'بستانکاری تأمین‌کننده'),
      ];
    }
    const totalDebit = lines.reduce((s, l) => s + Number(l.debit), 0);
    docs.push({
      values: {
        // unique (the number is the series' unique field): five digits past 999
        number: `S-1405-${n > 999 ? String(n).padStart(5, '0') : pad(n)}`,
        date,
        description,
        kind: 'manual',
        totalDebit,
        totalCredit: totalDebit,
      },
      lines,
    });
  }
  return docs;
}
