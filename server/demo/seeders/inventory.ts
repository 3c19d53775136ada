/**
 * Inventory demo data: units, items (Persian grocery and industrial goods with Rial prices),
 * warehouses in Iranian cities, stock moves over fiscal year 1405 (tens of thousands under
 * DEMO_VOLUME=full, a handful under small) and stock counts. Stock-taking sessions keep their core
 * seed rows.
 */
import type { Seeder } from './seeder';
import { grant } from './perms';
import { DAYS_SO_FAR, day1405, insertBatch, pick, rng, type Values } from './batch';

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

/** Demo stock moves: full = a busy company over the year so far; small = a few rows. */
const MOVES = { full: 30_000, small: 6 } as const;
/** Demo stock counts (items counted on days of the year); small: five, every lifecycle state. */
const COUNTS = { full: 60, small: 5 } as const;

export const seedInventory: Seeder = async ({ db, ctx }) => {
  const small = ctx.config.demoVolume === 'small';
  const unitIds = await insertBatch(db, ctx, 'inventory.unit', UNITS);
  const goods = small ? GOODS.slice(0, 4) : GOODS;
  const itemIds = await insertBatch(
    db,
    ctx,
    'inventory.item',
    goods.map(([name, unit, category, purchase], i) => ({
      code: `K-${String(i + 1).padStart(4, '0')}`,
      name,
      unit: unitIds[unit] ?? null,
      category,
      purchasePrice: purchase,
      salePrice: Math.round((purchase * 1.18) / 1000) * 1000,
      reorderPoint: 20,
      active: true,
    })),
  );
  const warehouseIds = await insertBatch(
    db,
    ctx,
    'inventory.warehouse',
    small ? WAREHOUSES.slice(0, 2) : WAREHOUSES,
  );
  if (itemIds.length === 0) return;
  const r = rng(51405);
  const moves: Values[] = [];
  const count = small ? MOVES.small : MOVES.full;
  for (let i = 0; i < count; i++) {
    // opening stock first, then a mix weighted towards issues
    const direction = i < itemIds.length || r() < 0.45 ? 'in' : 'out';
    moves.push({
      date: day1405(Math.floor((i / count) * DAYS_SO_FAR)),
      item: itemIds[i % itemIds.length] ?? null,
      warehouse: warehouseIds.length ? pick(r, warehouseIds) : null,
      quantity: direction === 'in' ? 20 + Math.floor(r() * 200) : 1 + Math.floor(r() * 40),
      direction,
      reference: `${direction === 'in' ? 'R' : 'H'}-1405-${String(i + 1).padStart(5, '0')}`,
    });
  }
  await insertBatch(db, ctx, 'inventory.stockMove', moves);
  const counted = small ? COUNTS.small : COUNTS.full;
  await insertBatch(
    db,
    ctx,
    'inventory.stockCount',
    Array.from({ length: counted }, (_, i) => ({
      number: `C-1405-${String(i + 1).padStart(4, '0')}`,
      date: day1405(Math.floor(((i + 1) / (counted + 1)) * DAYS_SO_FAR)),
      // a stock count names the item counted (a text, as the counter writes it)
      item: goods[i % goods.length]![0],
      countedQuantity: 10 + Math.floor(r() * 150),
    })),
  );
  // the storekeeper picks items, units and warehouses in stock moves (lookups need view)
  for (const entity of ['inventory.item', 'inventory.unit', 'inventory.warehouse'])
    await grant(db, 'storekeeper', entity, ['view', 'export', 'print']);
};
