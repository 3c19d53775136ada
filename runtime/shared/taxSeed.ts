/**
 * The tax codes of a fresh installation and of the demo (server/demo/seeders/tax.ts, docs/tax.md),
 * and the company settings an invoice keeps as its seller. Iranian VAT (مالیات بر ارزش افزوده),
 * the whole rate with the levies (عوارض) in it, in basis points:
 * - 9% (6% tax + 3% levies) under the VAT law of 1400 until the end of 1402;
 * - 10% (7% tax + 3% levies) from 1403/01/01 (2024-03-20), raised by the budget law of 1403 and
 *   kept by the later budget laws; open-ended.
 * Basic goods and medicine are exempt (معاف، ماده ۱۲ قانون مالیات بر ارزش افزوده).
 */
import type { LocalText } from './definition';

export const STANDARD_TAX_CODE = '01';
export const EXEMPT_TAX_CODE = '02';

export interface SeedTaxCode {
  code: string;
  name: string;
  exempt: boolean;
  description: string;
  rates: { validFrom: string; validTo: string | null; rate: number; levy: number; note: string }[];
}

export const SEED_TAX_CODES: SeedTaxCode[] = [
  {
    code: STANDARD_TAX_CODE,
    name: 'مالیات و عوارض ارزش افزوده — نرخ عمومی',
    exempt: false,
    description: 'نرخ عمومی کالاها و خدمات مشمول',
    rates: [
      {
        validFrom: '2022-03-21',
        validTo: '2024-03-19',
        rate: 900,
        levy: 300,
        note: 'قانون مالیات بر ارزش افزوده ۱۴۰۰: ۶٪ مالیات + ۳٪ عوارض',
      },
      {
        validFrom: '2024-03-20',
        validTo: null,
        rate: 1000,
        levy: 300,
        note: 'قانون بودجه ۱۴۰۳ و پس از آن: ۷٪ مالیات + ۳٪ عوارض',
      },
    ],
  },
  {
    code: EXEMPT_TAX_CODE,
    name: 'معاف — کالاهای اساسی و دارو',
    exempt: true,
    description: 'ماده ۱۲ قانون مالیات بر ارزش افزوده',
    rates: [],
  },
];

/**
 * Goods of the demo that are exempt, by the start of their name: the basic goods the law names
 * (rice, sugar, vegetable oil, pulses, milk, cheese) and medicine; tea, pasta, tomato paste and
 * yoghurt pay the general rate.
 */
export const EXEMPT_GOODS: readonly string[] = [
  'برنج',
  'شکر',
  'روغن',
  'حبوبات',
  'شیر',
  'پنیر',
  'قرص',
  'شربت',
];

/** Whether a demo good of this name is exempt. */
export const isExemptGood = (name: string): boolean => EXEMPT_GOODS.some((p) => name.startsWith(p));

/** The company's identity an invoice keeps as its seller (settings `company.*`). */
export const COMPANY_SETTINGS: { key: string; value: string; title: LocalText }[] = [
  {
    key: 'company.name',
    value: 'شرکت بازرگانی نمونه پارس (سهامی خاص)',
    title: { fa: 'نام شرکت (فروشنده در فاکتورها)', en: 'Company name (seller on invoices)' },
  },
  {
    key: 'company.economicCode',
    value: '10103456783',
    title: { fa: 'کد اقتصادی شرکت', en: "Company's economic code" },
  },
  {
    key: 'company.nationalId',
    value: '10103456783',
    title: { fa: 'شناسه ملی شرکت', en: "Company's national id" },
  },
  {
    key: 'company.postalCode',
    value: '1581834511',
    title: { fa: 'کد پستی شرکت', en: "Company's postal code" },
  },
  {
    key: 'company.address',
    value: 'تهران، خیابان ولیعصر، پلاک 1250، طبقه 3',
    title: { fa: 'نشانی شرکت (سربرگ چاپ)', en: "Company's address (print header)" },
  },
  {
    key: 'company.phone',
    value: '021-88776655',
    title: { fa: 'تلفن شرکت (سربرگ چاپ)', en: "Company's phone (print header)" },
  },
];
