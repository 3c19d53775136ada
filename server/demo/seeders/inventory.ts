/**
 * Inventory demo data: units, items (Persian grocery and industrial goods with Rial prices),
 * warehouses in Iranian cities, stock documents over fiscal year 1405 (receipts, issues, transfers
 * and adjustments with their lines: thousands under DEMO_VOLUME=full, one of each kind under small)
 * and stock counts per warehouse. Their stock entries, and the opening stock that covers what the
 * final documents issue, come once their lifecycle states are set (./stock.ts). Stock-taking
 * sessions keep their core seed rows.
 */
import type { Seeder } from './seeder';
import { DEFAULT_WAREHOUSE_SETTING } from '../../../runtime/shared/stock';
import { grant } from './perms';
import { EXEMPT_TAX_CODE, STANDARD_TAX_CODE, isExemptGood } from '../../../runtime/shared/taxSeed';
import type { Untyped } from '../../db/untyped';
import { TAX_CODES, taxCodeIds } from './tax';
import { DAYS_SO_FAR, day1405, insertBatch, insertBatchDocuments, pick, rng, type Values } from './batch';

const UNITS: Values[] = [
  { title: 'عدد', symbol: 'pcs' },
  { title: 'کیلوگرم', symbol: 'kg' },
  { title: 'لیتر', symbol: 'L' },
  { title: 'کارتن', symbol: 'ctn' },
  { title: 'متر', symbol: 'm' },
  { title: 'بسته', symbol: 'pkt' },
];

/** name, unit index, category, purchase price (Rial). */
const GOODS: [string, number, string, number][] = [
  ['برنج ایرانی ۱۰ کیلویی', 5, 'مواد غذایی', 18_500_000],
  ['شکر', 1, 'مواد غذایی', 420_000],
  ['روغن مایع ۱ لیتری', 0, 'مواد غذایی', 210_000],
  ['چای سیاه ۵۰۰ گرمی', 5, 'مواد غذایی', 640_000],
  ['رب گوجه‌فرنگی ۸۰۰ گرمی', 0, 'مواد غذایی', 165_000],
  ['حبوبات لپه', 1, 'مواد غذایی', 780_000],
  ['ماکارونی ۷۰۰ گرمی', 5, 'مواد غذایی', 95_000],
  ['شیر پاستوریزه', 2, 'لبنیات', 68_000],
  ['پنیر سفید ۴۰۰ گرمی', 0, 'لبنیات', 185_000],
  ['ماست ۲ کیلویی', 0, 'لبنیات', 230_000],
  ['کاشی ۶۰×۶۰', 4, 'مصالح', 5_400_000],
  ['سیمان تیپ ۲', 3, 'مصالح', 1_350_000],
  ['میلگرد ۱۴', 4, 'فولاد', 520_000],
  ['ورق گالوانیزه', 4, 'فولاد', 1_900_000],
  ['لوله پلی‌اتیلن ۶۳', 4, 'پلاستیک', 980_000],
  ['گرانول پلی‌پروپیلن', 1, 'پلاستیک', 610_000],
  ['پارچه کتان', 4, 'نساجی', 1_150_000],
  ['نخ پلی‌استر', 1, 'نساجی', 890_000],
  ['قرص استامینوفن', 5, 'دارویی', 75_000],
  ['شربت سرماخوردگی', 0, 'دارویی', 140_000],
  ['لامپ ال‌ای‌دی ۱۲ وات', 0, 'برقی', 260_000],
  ['کابل برق ۲.۵', 4, 'برقی', 330_000],
  ['پیچ و مهره M10', 5, 'قطعات', 410_000],
  ['بلبرینگ ۶۲۰۴', 0, 'قطعات', 720_000],
];

const WAREHOUSES: Values[] = [
  {
    code: 'W-01',
    name: 'انبار مرکزی تهران',
    city: 'تهران',
    address: 'تهران، جاده مخصوص کرج، کیلومتر ۱۲',
    keeper: 'حمید رضایی',
    phone: '02144556677',
  },
  {
    code: 'W-02',
    name: 'انبار اصفهان',
    city: 'اصفهان',
    address: 'اصفهان، شهرک صنعتی محمودآباد',
    keeper: 'جواد کریمی',
    phone: '03132228899',
  },
  {
    code: 'W-03',
    name: 'انبار مشهد',
    city: 'مشهد',
    address: 'مشهد، بلوار آسیایی، انتهای توس ۱۵۰',
    keeper: 'سعید موسوی',
    phone: '05137651234',
  },
  {
    code: 'W-04',
    name: 'انبار شیراز',
    city: 'شیراز',
    address: 'شیراز، شهرک صنعتی بزرگ، خیابان ۱۲',
    keeper: 'کاظم قاسمی',
    phone: '07137743210',
  },
  {
    code: 'W-05',
    name: 'انبار تبریز',
    city: 'تبریز',
    address: 'تبریز، جاده آذرشهر، شهرک سرمایه‌گذاری خارجی',
    keeper: 'امیر نوری',
    phone: '04134456789',
  },
];

/** Demo stock documents: full = a busy company over the year so far; small = a few of each kind. */
const MOVES = { full: 4_000, small: 6 } as const;
/** Demo stock counts (a warehouse counted on days of the year); small: five, every lifecycle state. */
const COUNTS = { full: 60, small: 5 } as const;

type Kind = 'receipt' | 'issue' | 'transfer' | 'adjustment';
/** The small demo's documents, one of each kind and a second issue. */
const SMALL_KINDS: Kind[] = ['receipt', 'receipt', 'issue', 'transfer', 'adjustment', 'issue'];

function kindAt(r: () => number, i: number, small: boolean): Kind {
  if (small) return SMALL_KINDS[i % SMALL_KINDS.length]!;
  const x = r();
  // purchases come in on goods receipts (./books.ts): a stock receipt is a delivery not yet invoiced
  return x < 0.1 ? 'receipt' : x < 0.4 ? 'issue' : x < 0.88 ? 'transfer' : 'adjustment';
}

/** Stock documents with 1..4 lines: receipts at about the purchase price, issues, transfers, adjustments. */
function stockMoves(
  r: () => number,
  count: number,
  small: boolean,
  items: { id: number; price: number }[],
  warehouses: number[],
): { values: Values; lines: Values[] }[] {
  const docs: { values: Values; lines: Values[] }[] = [];
  for (let i = 0; i < count; i++) {
    const kind = kindAt(r, i, small);
    const warehouse = pick(r, warehouses);
    const others = warehouses.filter((w) => w !== warehouse);
    const lines: Values[] = [];
    const lineCount = 1 + Math.floor(r() * 4);
    for (let n = 0; n < lineCount; n++) {
      const item = pick(r, items);
      const quantity =
        kind === 'receipt'
          ? 20 + Math.floor(r() * 180)
          : kind === 'issue'
            ? 1 + Math.floor(r() * 20)
            : kind === 'transfer'
              ? 2 + Math.floor(r() * 10)
              : 1 + Math.floor(r() * 3);
      const unitCost =
        kind === 'receipt' ? Math.round((item.price * (0.92 + r() * 0.16)) / 1000) * 1000 : null;
      lines.push({
        item: item.id,
        quantity,
        unitCost,
        amount: unitCost === null ? null : quantity * unitCost,
        note: '',
      });
    }
    const prefix = { receipt: 'R', issue: 'H', transfer: 'T', adjustment: 'A' }[kind];
    docs.push({
      values: {
        date: day1405(Math.floor((i / count) * DAYS_SO_FAR)),
        kind,
        adjustment: kind === 'adjustment' ? (r() < 0.5 ? 'increase' : 'decrease') : null,
        warehouse,
        toWarehouse: kind === 'transfer' && others.length ? pick(r, others) : null,
        reference: `${prefix}-1405-${String(i + 1).padStart(5, '0')}`,
        description: {
          receipt: 'رسید کالا از تأمین‌کننده',
          issue: 'حواله خروج برای مصرف داخلی و نمونه',
          transfer: 'انتقال کالا بین انبارها',
          adjustment: 'تعدیل موجودی پس از بازبینی',
        }[kind],
        totalQuantity: lines.reduce((a, l) => a + Number(l.quantity), 0),
      },
      lines,
    });
  }
  // a transfer needs two warehouses: with one, it is an issue
  for (const d of docs)
    if (d.values.kind === 'transfer' && d.values.toWarehouse === null) d.values.kind = 'issue';
  return docs;
}

export const seedInventory: Seeder = async ({ db, ctx }) => {
  const small = ctx.config.demoVolume === 'small';
  const unitIds = await insertBatch(db, ctx, 'inventory.unit', UNITS);
  const goods = small ? GOODS.slice(0, 4) : GOODS;
  // each item's tax code: basic goods and medicine exempt, the rest the general rate (docs/tax.md)
  const codes = await taxCodeIds(db as unknown as Untyped, ctx.registry.byEntityKey(TAX_CODES)?.table ?? '');
  const itemValues = goods.map(([name, unit, category, purchase], i) => ({
    code: `K-${String(i + 1).padStart(4, '0')}`,
    name,
    unit: unitIds[unit] ?? null,
    category,
    purchasePrice: purchase,
    salePrice: Math.round((purchase * 1.18) / 1000) * 1000,
    taxCode: codes.get(isExemptGood(name) ? EXEMPT_TAX_CODE : STANDARD_TAX_CODE) ?? null,
    reorderPoint: 20,
    allowNegative: false,
    active: true,
  }));
  const itemIds = await insertBatch(db, ctx, 'inventory.item', itemValues);
  const warehouseIds = await insertBatch(
    db,
    ctx,
    'inventory.warehouse',
    small ? WAREHOUSES.slice(0, 2) : WAREHOUSES,
  );
  if (itemIds.length === 0 || warehouseIds.length === 0) return;
  // new invoices and goods receipts ship from the central warehouse unless the user picks another
  await insertBatch(db, ctx, 'systemConfig.setting', [
    { key: DEFAULT_WAREHOUSE_SETTING, value: String(WAREHOUSES[0]!.code) },
  ]);
  const r = rng(51405);
  const items = itemIds.map((id, i) => ({ id, price: Number(itemValues[i]!.purchasePrice) }));
  await insertBatchDocuments(
    db,
    ctx,
    'inventory.stockMove',
    stockMoves(r, small ? MOVES.small : MOVES.full, small, items, warehouseIds),
  );
  const counted = small ? COUNTS.small : COUNTS.full;
  await insertBatchDocuments(
    db,
    ctx,
    'inventory.stockCount',
    Array.from({ length: counted }, (_, i) => ({
      values: {
        date: day1405(Math.floor(((i + 1) / (counted + 1)) * DAYS_SO_FAR)),
        warehouse: warehouseIds[i % warehouseIds.length]!,
        description: 'شمارش دوره‌ای انبار',
      },
      // the counted quantities; the system's are filled when a count is final (seeders/stock.ts)
      lines: Array.from({ length: 2 + Math.floor(r() * 3) }, (_, n) => ({
        item: itemIds[(i + n * 3) % itemIds.length]!,
        countedQuantity: 10 + Math.floor(r() * 150),
        note: '',
      })),
    })),
  );
  // the storekeeper picks items, units and warehouses in stock moves (lookups need view)
  for (const entity of ['inventory.item', 'inventory.unit', 'inventory.warehouse'])
    await grant(db, 'storekeeper', entity, ['view', 'export', 'print']);
};
