/** Demo rows: Persian customers and vendors with valid national codes, mobiles and Sheba numbers. */
import { isMobile, isNationalCode, isSheba } from '../../runtime/shared/formats';

/** Persian first and last names of every demo person (seeders, generator). */
export const FIRST = [
  'علی',
  'مریم',
  'رضا',
  'زهرا',
  'حسین',
  'فاطمه',
  'محمد',
  'سارا',
  'مهدی',
  'نرگس',
  'امیر',
  'لیلا',
  'حمید',
  'پریسا',
  'کاظم',
  'شیرین',
  'جواد',
  'الهام',
  'سعید',
  'مینا',
];
export const LAST = [
  'احمدی',
  'محمدی',
  'حسینی',
  'رضایی',
  'کریمی',
  'موسوی',
  'جعفری',
  'صادقی',
  'رحیمی',
  'کاظمی',
  'قاسمی',
  'نوری',
  'اکبری',
  'یزدانی',
  'شریفی',
  'طاهری',
  'فراهانی',
  'بهرامی',
  'زارعی',
  'سلیمانی',
];
const COMPANIES = [
  'بازرگانی',
  'صنایع غذایی',
  'پخش',
  'فولاد',
  'نساجی',
  'داروسازی',
  'کاشی',
  'لبنیات',
  'ماشین‌سازی',
  'پلاستیک',
];
export const CITIES = [
  'تهران',
  'مشهد',
  'اصفهان',
  'شیراز',
  'تبریز',
  'کرج',
  'اهواز',
  'قم',
  'کرمانشاه',
  'رشت',
  'یزد',
  'کرمان',
  'همدان',
  'اراک',
  'ارومیه',
  'زاهدان',
  'ساری',
  'قزوین',
  'بندرعباس',
  'سنندج',
];
const STREETS = [
  'خیابان آزادی',
  'خیابان ولیعصر',
  'بلوار کشاورز',
  'خیابان انقلاب',
  'بلوار امام رضا',
  'خیابان فردوسی',
];
const BANKS = ['017', '012', '018', '055', '056', '054', '015', '019'];

/** Small deterministic generator, so every fresh database holds the same demo rows. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function pick<T>(r: () => number, list: readonly T[]): T {
  return list[Math.floor(r() * list.length)] as T;
}

function digits(r: () => number, n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += Math.floor(r() * 10);
  return out;
}

export function nationalCode(nine: string): string {
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(nine[i]) * (10 - i);
  const rem = sum % 11;
  return nine + String(rem < 2 ? rem : 11 - rem);
}

/**
 * A valid شناسه ملی from its first ten digits (runtime/shared/formats.ts isCompanyId); digits 4–9
 * must not all be zero, so a first ten like that get a 1 in the fifth place.
 */
export function companyId(ten: string): string {
  const digits = /^\d{3}0{6}/.test(ten) ? `${ten.slice(0, 4)}1${ten.slice(5)}` : ten;
  const plus = Number(digits[9]) + 2;
  const weights = [29, 27, 23, 19, 17, 29, 27, 23, 19, 17];
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += (Number(digits[i]) + plus) * weights[i]!;
  const r = sum % 11;
  return digits + String(r === 10 ? 0 : r);
}

export function sheba(bban: string): string {
  // ISO 13616: check digits = 98 - (BBAN + "IR00" as digits) mod 97
  const numeric = `${bban}182700`;
  let rem = 0;
  for (const ch of numeric) rem = (rem * 10 + Number(ch)) % 97;
  return `IR${String(98 - rem).padStart(2, '0')}${bban}`;
}

function isoDate(start: Date, offsetDays: number): string {
  return new Date(start.getTime() + offsetDays * 86400000).toISOString().slice(0, 10);
}

const YEAR_1405_START = new Date(Date.UTC(2026, 2, 21));

export type SeedRow = Record<string, string | number | boolean>;

export function demoCustomers(count = 40): SeedRow[] {
  const r = rng(1405);
  const rows: SeedRow[] = [];
  for (let i = 1; i <= count; i++) {
    const company = i % 4 === 0;
    const name = company
      ? `شرکت ${pick(r, COMPANIES)} ${pick(r, LAST)}`
      : `${pick(r, FIRST)} ${pick(r, LAST)}`;
    let code = nationalCode(digits(r, 9));
    while (!isNationalCode(code)) code = nationalCode(digits(r, 9));
    const mobile = `09${pick(r, ['12', '13', '19', '35', '36', '01', '21', '33'])}${digits(r, 7)}`;
    const city = pick(r, CITIES);
    rows.push({
      code: `C-${String(i).padStart(4, '0')}`,
      name,
      customerType: company ? 'company' : 'person',
      nationalCode: code,
      // a legal person has its شناسه ملی (schemas/sales/customer.json); not drawn from r, so the
      // rest of the seed stays as it was
      ...(company ? { nationalId: companyId(String(1010000000 + i * 7919)) } : {}),
      // the single economic code: a legal person's national id, a person's national code; groups
      // price the customer (price lists by group, docs/tax.md); not drawn from r
      economicCode: company ? companyId(String(1010000000 + i * 7919)) : code,
      postalCode: String(1_113_000_000 + i * 104_729).slice(0, 10),
      customerGroup: company ? (i % 8 === 0 ? 'government' : 'wholesale') : 'retail',
      mobile,
      city,
      // wholesale credit (0 to ~100 billion Rial; 0: no limit), in the scale of the demo's invoices
      // (hundreds of millions to billions) and balances: most customers take their drafts' invoices,
      // seven of the full demo's forty are past their limit (docs/credit.md)
      creditLimit: Math.floor(r() * 500) * 200_000_000,
      registeredOn: isoDate(YEAR_1405_START, Math.floor(r() * 240)),
      active: r() > 0.15,
      address: `${city}، ${pick(r, STREETS)}، پلاک ${1 + Math.floor(r() * 200)}`,
    });
    if (!isMobile(mobile)) throw new Error(`seed produced a bad mobile ${mobile}`);
  }
  return rows;
}

export function demoVendors(count = 15): SeedRow[] {
  const r = rng(1404);
  const rows: SeedRow[] = [];
  for (let i = 1; i <= count; i++) {
    const iban = sheba(`0${pick(r, BANKS)}0000${digits(r, 13)}`.slice(0, 22).padEnd(22, '0'));
    if (!isSheba(iban)) throw new Error(`seed produced a bad Sheba ${iban}`);
    rows.push({
      code: `V-${String(i).padStart(4, '0')}`,
      name: `شرکت ${pick(r, COMPANIES)} ${pick(r, LAST)}`,
      // every demo vendor is a company with its شناسه ملی (not drawn from r: the seed stays as it was)
      vendorType: 'company',
      nationalId: companyId(String(1020000000 + i * 6571)),
      economicCode: digits(r, 12),
      sheba: iban,
      phone: `0${pick(r, ['21', '31', '51', '71', '41'])}${digits(r, 8)}`,
      city: pick(r, CITIES),
      active: r() > 0.1,
    });
  }
  return rows;
}

export const FISCAL_PERIODS: SeedRow[] = [
  { title: 'سال مالی ۱۴۰۴', startDate: '2025-03-21', endDate: '2026-03-20', closed: true },
  { title: 'سال مالی ۱۴۰۵', startDate: '2026-03-21', endDate: '2027-03-20', closed: false },
];
