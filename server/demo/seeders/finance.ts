/**
 * Finance demo data of the demo company (financeData.ts): chart of accounts, bank accounts, cash
 * boxes, receipts, payments, price lists, campaigns, discount rules, quotas, sales
 * invoices and vouchers in fiscal year 1405 (its opening voucher follows the opening stock:
 * ./opening.ts). Under DEMO_VOLUME=full a year of books (./books.ts: twenty thousand invoices, the
 * receipts, purchases with their goods receipts, payments and expenses that go with them); under
 * small a few of each. Parts needing items (inventory.item)
 * are skipped when there are none.
 */
import { CREDIT_MODE_SETTING, DEFAULT_CREDIT_MODE } from '../../../runtime/shared/credit';
import type { Kysely } from 'kysely';
import { sheba } from '../seedData';
import type { SystemTables } from '../../db/types';
import type { Untyped } from '../../db/untyped';
import type { AppContext } from '../../context';
import type { Seeder } from './seeder';
import { DAYS_SO_FAR, day1405, idsOf, insertBatch, pick, rng, type Values } from './batch';
import { BANK_ACCOUNTS, CAMPAIGNS, CASH_BOXES } from './financeData';
import {
  insertDocs,
  invoices,
  vouchers,
  type DemoPricing,
  type Doc,
  type Rule,
  type SaleItem,
} from './financeDocs';
import { COMPANY_SETTINGS, STANDARD_TAX_CODE } from '../../../runtime/shared/taxSeed';
import { loadCodes } from '../../tax/taxCodes';
import { rateOn } from '../../../runtime/shared/tax';
import { TAX_CODES, taxCodeIds } from './tax';
import { books, type PaidRun } from './books';
import { RECENT_FROM } from './lifecycle';
import { holdersOf, partiesOf } from './parties';
import { seedStandardChart } from './chart';
import { backfillDetailAccounts } from '../../accounting/detailAccounts';

const VOLUME = {
  // a year of the company's books (./books.ts): receipts, payments and vouchers follow the invoices
  full: { invoices: 20_000, vouchers: 0, receipts: 0, payments: 0, scale: 8 },
  // five of each document with a lifecycle: drafts, a final and a cancelled one (./lifecycle.ts)
  small: { invoices: 5, vouchers: 5, receipts: 5, payments: 5, scale: 1 },
};

async function saleItems(db: Kysely<SystemTables>, ctx: AppContext): Promise<SaleItem[]> {
  const item = ctx.registry.byEntityKey('inventory.item');
  if (!item) return [];
  const rows = (await (db as unknown as Untyped)
    .selectFrom(item.table)
    .select(['id', 'salePrice', 'taxCode'])
    .orderBy('id')
    .execute()) as { id: unknown; salePrice: unknown; taxCode: unknown }[];
  return rows.map((r) => ({
    id: Number(r.id),
    price: Number(r.salePrice ?? 0) || 1_000_000,
    taxCode: r.taxCode === null || r.taxCode === undefined ? null : Number(r.taxCode),
  }));
}

/**
 * How the demo's invoices are taxed and what they keep (financeDocs.ts DemoPricing): the tax codes
 * as the server reads them, the default code of the setting, the customers' identity and the
 * company's. Unit prices are the items' sale prices (the retail list's).
 */
export async function demoPricing(db: Kysely<SystemTables>, ctx: AppContext): Promise<DemoPricing> {
  const u = db as unknown as Untyped;
  const codes = ctx.registry.byEntityKey(TAX_CODES);
  const ids = codes ? [...(await taxCodeIds(u, codes.table)).values()] : [];
  const loaded = codes ? await loadCodes(u, codes, ids, STANDARD_TAX_CODE) : null;
  const customer = ctx.registry.byEntityKey('sales.customer');
  const buyers = new Map<number, Values>();
  if (customer)
    for (const r of (await u
      .selectFrom(customer.table)
      .select(['id', 'customerGroup', 'economicCode', 'nationalId', 'nationalCode', 'postalCode'])
      .execute()) as Record<string, unknown>[])
      buyers.set(Number(r.id), {
        customerGroup: (r.customerGroup as string | null) ?? null,
        buyerEconomicCode: (r.economicCode as string | null) ?? null,
        buyerNationalId: (r.nationalId as string | null) ?? null,
        buyerNationalCode: (r.nationalCode as string | null) ?? null,
        buyerPostalCode: (r.postalCode as string | null) ?? null,
      });
  const value = (key: string) => COMPANY_SETTINGS.find((c) => c.key === key)?.value ?? null;
  const seller: Values = {
    sellerName: value('company.name'),
    sellerEconomicCode: value('company.economicCode'),
    sellerNationalId: value('company.nationalId'),
    sellerPostalCode: value('company.postalCode'),
  };
  return {
    price: (_customer, item) => item.price,
    codes: loaded?.byId ?? new Map(),
    defaultCode: loaded?.defaultId ?? null,
    kept: (c) => ({ ...buyers.get(c), ...seller }),
  };
}

function moneyDocs(
  count: number,
  prefix: string,
  parties: number[],
  cashBoxes: number[],
  banks: number[],
  texts: string[],
  seed: number,
): Values[] {
  const r = rng(seed);
  return Array.from({ length: parties.length ? count : 0 }, (_, i) => {
    const viaBank = r() < 0.6 && banks.length > 0;
    return {
      number: `${prefix}-1405-${String(i + 1).padStart(3, '0')}`,
      date: day1405(Math.floor(r() * DAYS_SO_FAR)),
      party: pick(r, parties),
      amount: (1 + Math.floor(r() * 300)) * 1_000_000,
      cashBox: viaBank ? null : pick(r, cashBoxes),
      bankAccount: viaBank ? pick(r, banks) : null,
      description: pick(r, texts),
    };
  });
}

export const seedFinance: Seeder = async ({ db, ctx, vendorIds, customerIds }) => {
  const volume = VOLUME[ctx.config.demoVolume];
  const chart = await seedStandardChart(db, ctx);
  // a customer's credit limit refuses an invoice that passes it (docs/credit.md)
  await insertBatch(db, ctx, 'systemConfig.setting', [
    { key: CREDIT_MODE_SETTING, value: DEFAULT_CREDIT_MODE },
  ]);
  const banks = await insertBatch(
    db,
    ctx,
    'treasury.bankAccount',
    BANK_ACCOUNTS.map(([bank, code, branchName, title], i) => {
      const account = `${i + 1}00${8_000_000 + i * 431}${i}`.padEnd(17, '7').slice(0, 17);
      return {
        title,
        bank,
        branchName,
        accountNumber: account,
        sheba: sheba(`0${code}0${account}`),
        openingBalance: (i + 2) * 1_500_000_000,
        active: true,
      };
    }),
  );
  const cashBoxes = await insertBatch(db, ctx, 'treasury.cashBox', CASH_BOXES);
  // customers, vendors, banks, cash boxes and staff get their floating detail accounts
  await backfillDetailAccounts(db as unknown as Untyped, ctx.dialect, ctx.registry);
  const receipts = ['وصول نقدی فاکتور', 'واریز مشتری به حساب', 'پیش‌دریافت سفارش'];
  const payments = ['تسویه فاکتور خرید', 'پیش‌پرداخت خرید', 'پرداخت علی‌الحساب'];
  await insertBatch(
    db,
    ctx,
    'treasury.receipt',
    moneyDocs(volume.receipts, 'D', customerIds, cashBoxes, banks, receipts, 14054),
  );
  await insertBatch(
    db,
    ctx,
    'treasury.payment',
    moneyDocs(volume.payments, 'P', vendorIds, cashBoxes, banks, payments, 14055),
  );
  const campaigns = await insertBatch(db, ctx, 'marketing.campaign', CAMPAIGNS);
  const items = await saleItems(db, ctx);
  const pricing = await demoPricing(db, ctx);
  const itemCodes = new Map(items.map((i) => [i.id, i.taxCode ?? null]));
  const sales: Doc[] = [];
  const saleIds: number[] = [];
  const rules: Rule[] = [
    {
      title: 'تخفیف پاییزه ۵٪',
      item: items[0]?.id ?? null,
      customer: null,
      percent: 5,
      startDate: '2026-10-23',
      endDate: '2026-12-21',
    },
  ];
  if (customerIds[1])
    rules.push({
      title: 'تخفیف ویژه مشتری عمده ۳٪',
      item: null,
      customer: customerIds[1],
      percent: 3,
      startDate: '2026-03-21',
      endDate: '2027-03-20',
    });
  await insertBatch(
    db,
    ctx,
    'promotion.discountRule',
    rules.map((rule, i) => ({ ...rule, campaign: campaigns[i === 0 ? 1 : 0] ?? null, active: true })),
  );
  if (items.length > 0) {
    await insertDocs(db, ctx, 'sales.priceList', [
      {
        // the general list: the items' sale prices, for customers of no group and no own list
        values: {
          title: 'فهرست قیمت عمومی ۱۴۰۵',
          validFrom: '2026-03-21',
          validTo: '2027-03-20',
          active: true,
        },
        lines: items.map((i) => ({ item: i.id, price: i.price })),
      },
      // one list per customer group (docs/tax.md: a customer's own list, then its group's, then the general)
      ...(
        [
          ['retail', 'فهرست قیمت خرده‌فروشی ۱۴۰۵', 1],
          ['wholesale', 'فهرست قیمت گروه عمده‌فروشان ۱۴۰۵', 0.95],
          ['government', 'فهرست قیمت مشتریان دولتی ۱۴۰۵', 0.97],
        ] as const
      ).map(([customerGroup, title, factor]) => ({
        values: { title, customerGroup, validFrom: '2026-03-21', validTo: '2027-03-20', active: true },
        lines: items.map((i) => ({ item: i.id, price: Math.round((i.price * factor) / 1000) * 1000 })),
      })),
      {
        // a customer's own list (a wholesale buyer): its invoice lines start from these prices
        values: {
          title: 'فهرست قیمت عمده ۱۴۰۵',
          ...(customerIds[7] ? { customer: customerIds[7] } : {}),
          validFrom: '2026-03-21',
          validTo: '2027-03-20',
          active: true,
        },
        lines: items.map((i) => ({ item: i.id, price: Math.round((i.price * 0.93) / 1000) * 1000 })),
      },
    ]);
    const [a, b] = [customerIds[2], customerIds[3]];
    const quota = (customer: number | undefined, item: SaleItem | undefined, max: number): Values[] =>
      customer && item
        ? [
            {
              title: `سهمیه ${max} واحدی نیم‌سال دوم`,
              customer,
              item: item.id,
              startDate: '2026-09-23',
              endDate: '2027-03-20',
              maxQuantity: max,
            },
          ]
        : [];
    await insertBatch(db, ctx, 'rationing.quota', [
      ...quota(a, items[1], 5_000),
      ...quota(b, items[2], 2_000),
    ]);
    if (customerIds.length > 0) {
      // each invoice ships from a warehouse (its stock goes out when it is final: seeders/stock.ts)
      const warehouses = await idsOf(db, ctx, 'inventory.warehouse');
      const w = rng(24051);
      sales.push(
        ...invoices(volume.invoices, customerIds, items, rules, pricing, volume.scale).map((d) => ({
          ...d,
          values: { ...d.values, warehouse: warehouses.length ? pick(w, warehouses) : null },
        })),
      );
    }
    saleIds.push(...(await insertDocs(db, ctx, 'sales.invoice', sales)));
  }
  const account = (code: string) => chart.accounts.get(code) ?? 1;
  const details = async (key: string) => (await partiesOf(db, ctx, key)).map((p) => p.detail);
  await insertDocs(
    db,
    ctx,
    'accounting.voucher',
    vouchers(volume.vouchers, account, {
      customers: await details('sales.customer'),
      vendors: await details('supplyChain.vendor'),
      banks: await details('treasury.bankAccount'),
      cashBoxes: await details('treasury.cashBox'),
    }),
  );
  if (ctx.config.demoVolume === 'full') {
    const year = books({
      account,
      invoices: sales,
      vendors: await partiesOf(db, ctx, 'supplyChain.vendor'),
      banks: await holdersOf(db, ctx, 'treasury.bankAccount'),
      cashBoxes: await holdersOf(db, ctx, 'treasury.cashBox'),
      payroll: await paidRuns(db, ctx),
      costs: await purchasePrices(db, ctx),
      warehouses: await idsOf(db, ctx, 'inventory.warehouse'),
      taxRate: (item, iso) => {
        const code = pricing.codes.get(itemCodes.get(item) ?? pricing.defaultCode ?? 0);
        return code ? (rateOn(code, iso) ?? 0) : 0;
      },
    });
    // each receipt settles its invoice (an allocation line); the open amounts follow once the
    // lifecycle seeder made them final (./treasury.ts)
    await insertDocs(
      db,
      ctx,
      'treasury.receipt',
      year.receipts.map((values, i) => {
        const invoice = saleIds[year.settles[i]!];
        return { values, lines: invoice ? [{ invoice, amount: Number(values.amount) }] : [] };
      }),
      'allocations',
    );
    await insertBatch(db, ctx, 'treasury.payment', year.payments);
    await insertDocs(db, ctx, 'accounting.voucher', year.vouchers);
    await insertDocs(db, ctx, 'supplyChain.goodsReceipt', year.goodsReceipts);
  }
};

/** The items' purchase prices by id. */
async function purchasePrices(db: Kysely<SystemTables>, ctx: AppContext): Promise<Map<number, number>> {
  const item = ctx.registry.byEntityKey('inventory.item');
  if (!item) return new Map();
  const rows = (await (db as unknown as Untyped)
    .selectFrom(item.table)
    .select(['id', 'purchasePrice'])
    .execute()) as { id: unknown; purchasePrice: unknown }[];
  return new Map(rows.map((r) => [Number(r.id), Number(r.purchasePrice ?? 0)]));
}

/** The payroll runs whose month ended before the recent drafts (final ones), with their lines. */
async function paidRuns(db: Kysely<SystemTables>, ctx: AppContext): Promise<PaidRun[]> {
  const runs = ctx.registry.byEntityKey('salary.payrollRun');
  const child = runs?.children.find((c) => c.name === 'lines');
  if (!runs || !child) return [];
  const untyped = db as unknown as Untyped;
  const employees = new Map((await partiesOf(db, ctx, 'HR.employee')).map((e) => [e.id, e.detail] as const));
  const stored = (await untyped
    .selectFrom(runs.table)
    .select(['id', 'title', 'endDate'])
    .where('endDate', '<', RECENT_FROM)
    .orderBy('endDate')
    .execute()) as { id: unknown; title: unknown; endDate: unknown }[];
  const out: PaidRun[] = [];
  for (const run of stored) {
    const lines = (await untyped
      .selectFrom(child.table)
      .select(['employee', 'net', 'insurance', 'tax', 'baseSalary'])
      .where('parent_id', '=', Number(run.id))
      .orderBy('line_no')
      .execute()) as Record<string, unknown>[];
    out.push({
      title: String(run.title),
      endDate: String(run.endDate).slice(0, 10),
      lines: lines.map((l) => ({
        detail: employees.get(Number(l.employee)) ?? 0,
        net: Number(l.net ?? 0),
        insurance: Number(l.insurance ?? 0),
        tax: Number(l.tax ?? 0),
        baseSalary: Number(l.baseSalary ?? 0),
      })),
    });
  }
  return out;
}
