/** Fixed demo rows of the finance modules: chart of accounts, banks, cash boxes, campaigns. */
import type { Values } from './batch';

export const COMPANY = 'شرکت بازرگانی پارس‌تجارت آریا';

/** code, name, kind; the parent is the code without its last one (level 2) or two (level 3) digits. */
export const ACCOUNTS: [string, string, string][] = [
  ['1', 'دارایی‌ها', 'asset'],
  ['11', 'دارایی‌های جاری', 'asset'],
  ['1101', 'صندوق', 'asset'],
  ['1102', 'موجودی نزد بانک‌ها', 'asset'],
  ['1103', 'حساب‌های دریافتنی تجاری', 'asset'],
  ['1104', 'اسناد دریافتنی', 'asset'],
  ['1105', 'موجودی کالا', 'asset'],
  ['12', 'دارایی‌های غیرجاری', 'asset'],
  ['1201', 'ساختمان', 'asset'],
  ['1202', 'وسایط نقلیه', 'asset'],
  ['1203', 'اثاثه و منصوبات', 'asset'],
  ['2', 'بدهی‌ها', 'liability'],
  ['21', 'بدهی‌های جاری', 'liability'],
  ['2101', 'حساب‌های پرداختنی تجاری', 'liability'],
  ['2102', 'اسناد پرداختنی', 'liability'],
  ['2103', 'مالیات بر ارزش افزوده پرداختنی', 'liability'],
  ['2104', 'حقوق و دستمزد پرداختنی', 'liability'],
  ['3', 'حقوق مالکانه', 'equity'],
  ['31', 'سرمایه و اندوخته‌ها', 'equity'],
  ['3101', 'سرمایه ثبت‌شده', 'equity'],
  ['3102', 'سود انباشته', 'equity'],
  ['4', 'درآمدها', 'income'],
  ['41', 'درآمدهای عملیاتی', 'income'],
  ['4101', 'فروش کالا', 'income'],
  ['4102', 'برگشت از فروش و تخفیفات', 'income'],
  ['5', 'هزینه‌ها', 'expense'],
  ['51', 'بهای تمام‌شده', 'expense'],
  ['5101', 'بهای تمام‌شده کالای فروش‌رفته', 'expense'],
  ['52', 'هزینه‌های اداری، عمومی و فروش', 'expense'],
  ['5201', 'هزینه حقوق و دستمزد', 'expense'],
  ['5202', 'هزینه اجاره', 'expense'],
  ['5203', 'هزینه حمل و نقل', 'expense'],
  ['5204', 'هزینه آب، برق و تلفن', 'expense'],
];

export function parentCode(code: string): string | null {
  if (code.length === 1) return null;
  return code.length === 2 ? code.slice(0, 1) : code.slice(0, 2);
}

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

export const EXPENSES: [string, string][] = [
  ['5202', 'اجاره انبار مرکزی'],
  ['5203', 'کرایه حمل بار'],
  ['5204', 'قبض برق و تلفن'],
  ['5201', 'حقوق کارکنان'],
];
