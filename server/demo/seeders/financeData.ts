/**
 * Fixed demo rows of the finance modules: banks, cash boxes, campaigns (the chart of accounts is
 * the standard one, server/accounting/standardChart.ts).
 */
import type { Values } from './batch';

export const COMPANY = 'شرکت بازرگانی پارس‌تجارت آریا';

/** bank key, Sheba bank code, branch, title. */
export const BANK_ACCOUNTS: [string, string, string, string][] = [
  ['mellat', '012', 'شعبه میدان ونک تهران', 'حساب جاری بانک ملت'],
  ['melli', '017', 'شعبه بازار تهران', 'حساب جاری بانک ملی'],
  ['pasargad', '057', 'شعبه چهارباغ اصفهان', 'حساب کوتاه‌مدت بانک پاسارگاد'],
  ['saman', '056', 'شعبه بلوار سجاد مشهد', 'حساب جاری بانک سامان'],
];

export const CASH_BOXES: Values[] = [
  { title: 'صندوق مرکزی', keeper: 'مریم احمدی', openingBalance: 850_000_000, active: true },
  { title: 'تنخواه فروشگاه', keeper: 'رضا کریمی', openingBalance: 120_000_000, active: true },
  { title: 'صندوق شعبه اصفهان', keeper: 'زهرا موسوی', openingBalance: 240_000_000, active: true },
];

export const CAMPAIGNS: Values[] = [
  {
    title: 'جشنواره فروش نوروز ۱۴۰۵',
    channel: 'sms',
    startDate: '2026-03-21',
    endDate: '2026-04-19',
    budget: 1_200_000_000,
    status: 'finished',
    description: 'پیامک تخفیف به مشتریان عمده',
  },
  {
    title: 'کمپین پاییزه شبکه‌های اجتماعی',
    channel: 'social',
    startDate: '2026-10-23',
    endDate: '2026-12-21',
    budget: 850_000_000,
    status: 'running',
    description: 'تبلیغ در اینستاگرام و تلگرام',
  },
  {
    title: 'نمایشگاه صنایع غذایی تهران',
    channel: 'exhibition',
    startDate: '2027-01-10',
    endDate: '2027-01-14',
    budget: 2_500_000_000,
    status: 'planned',
    description: 'غرفه در نمایشگاه بین‌المللی تهران',
  },
];

export const DRAWERS = [
  'فروشگاه زنجیره‌ای افق',
  'بازرگانی رضایی و شرکا',
  'پخش سراسری البرز',
  'صنایع غذایی مهرگان',
  'تعاونی مصرف کارکنان',
  'شرکت ساختمانی آرمان',
];

/** Expense account codes of the standard chart and the texts of their demo vouchers. */
export const EXPENSES: [string, string][] = [
  ['8201', 'اجاره انبار مرکزی'],
  ['8203', 'کرایه حمل بار'],
  ['8202', 'قبض برق و تلفن'],
  ['8205', 'آگهی در شبکه‌های اجتماعی'],
];
