/**
 * The standard chart of accounts of an Iranian trading company, as seeded (server/demo/seeders/
 * chart.ts): nine groups (گروه, one digit), their general accounts (کل, two digits) and the
 * subsidiary accounts (معین, four digits) that vouchers post to; the detail groups (گروه تفصیلی)
 * whose floating detail accounts (six digits) a subsidiary account may require on its lines; and
 * the settings `accounting.account.*` naming the accounts postings use by default.
 */
import { ACCOUNT_SETTING_PREFIX } from '../../runtime/shared/posting';

export type AccountKind = 'asset' | 'liability' | 'equity' | 'income' | 'expense';
export type AccountNature = 'debit' | 'credit' | 'either';
export type AccountStatement = 'balanceSheet' | 'profitLoss';

/** Detail groups: code, name. */
export const DETAIL_GROUPS = {
  persons: { code: '1', name: 'اشخاص' },
  banks: { code: '2', name: 'بانک‌ها' },
  cashBoxes: { code: '3', name: 'صندوق‌ها' },
  costCentres: { code: '4', name: 'مراکز هزینه' },
  projects: { code: '5', name: 'پروژه‌ها' },
  staff: { code: '6', name: 'کارکنان' },
} as const;

export type DetailGroupName = keyof typeof DETAIL_GROUPS;

export interface ChartAccount {
  code: string;
  name: string;
  kind: AccountKind;
  nature: AccountNature;
  /** The detail group a subsidiary account requires on its lines (level 1), if any. */
  detail?: DetailGroupName;
}

const A = (
  code: string,
  name: string,
  kind: AccountKind,
  nature: AccountNature,
  detail?: DetailGroupName,
) => ({
  code,
  name,
  kind,
  nature,
  ...(detail ? { detail } : {}),
});

/** Every account, groups first within their own branch; the parent of a code is its code less its last digits. */
export const STANDARD_CHART: ChartAccount[] = [
  A('1', 'دارایی‌های جاری', 'asset', 'debit'),
  A('11', 'موجودی نقد', 'asset', 'debit'),
  A('1101', 'صندوق', 'asset', 'debit', 'cashBoxes'),
  A('1102', 'بانک‌ها', 'asset', 'debit', 'banks'),
  A('1103', 'تنخواه‌گردان', 'asset', 'debit'),
  A('12', 'حساب‌ها و اسناد دریافتنی', 'asset', 'debit'),
  A('1201', 'حساب‌های دریافتنی تجاری', 'asset', 'debit', 'persons'),
  A('1202', 'اسناد دریافتنی', 'asset', 'debit', 'persons'),
  A('1203', 'سایر حساب‌های دریافتنی', 'asset', 'debit', 'persons'),
  A('13', 'موجودی کالا', 'asset', 'debit'),
  A('1301', 'موجودی کالا', 'asset', 'debit'),
  A('1302', 'کالای در راه', 'asset', 'debit'),
  A('14', 'پیش‌پرداخت‌ها', 'asset', 'debit'),
  A('1401', 'پیش‌پرداخت خرید', 'asset', 'debit', 'persons'),
  A('1402', 'مالیات بر ارزش افزوده خرید (دریافتنی)', 'asset', 'debit'),
  A('1403', 'سایر پیش‌پرداخت‌ها', 'asset', 'debit'),
  A('2', 'دارایی‌های غیرجاری', 'asset', 'debit'),
  A('21', 'اموال، ماشین‌آلات و تجهیزات', 'asset', 'debit'),
  A('2101', 'زمین و ساختمان', 'asset', 'debit'),
  A('2102', 'وسایط نقلیه', 'asset', 'debit'),
  A('2103', 'اثاثه و منصوبات', 'asset', 'debit'),
  A('2104', 'استهلاک انباشته اموال', 'asset', 'credit'),
  A('22', 'دارایی‌های نامشهود', 'asset', 'debit'),
  A('2201', 'سرقفلی', 'asset', 'debit'),
  A('2202', 'نرم‌افزارها', 'asset', 'debit'),
  A('3', 'بدهی‌های جاری', 'liability', 'credit'),
  A('31', 'حساب‌ها و اسناد پرداختنی', 'liability', 'credit'),
  A('3101', 'حساب‌های پرداختنی تجاری', 'liability', 'credit', 'persons'),
  A('3102', 'اسناد پرداختنی', 'liability', 'credit', 'persons'),
  A('3103', 'کالای دریافتی فاکتورنشده', 'liability', 'credit'),
  A('32', 'مالیات‌های پرداختنی', 'liability', 'credit'),
  A('3201', 'مالیات بر ارزش افزوده فروش (پرداختنی)', 'liability', 'credit'),
  A('3202', 'مالیات حقوق پرداختنی', 'liability', 'credit'),
  A('3203', 'مالیات عملکرد پرداختنی', 'liability', 'credit'),
  A('33', 'حقوق و بیمه پرداختنی', 'liability', 'credit'),
  A('3301', 'حقوق و دستمزد پرداختنی', 'liability', 'credit', 'staff'),
  A('3302', 'بیمه پرداختنی', 'liability', 'credit'),
  A('34', 'پیش‌دریافت‌ها', 'liability', 'credit'),
  A('3401', 'پیش‌دریافت فروش', 'liability', 'credit', 'persons'),
  A('4', 'بدهی‌های غیرجاری', 'liability', 'credit'),
  A('41', 'تسهیلات مالی بلندمدت', 'liability', 'credit'),
  A('4101', 'تسهیلات دریافتی از بانک‌ها', 'liability', 'credit', 'banks'),
  A('42', 'ذخایر بلندمدت', 'liability', 'credit'),
  A('4201', 'ذخیره مزایای پایان خدمت کارکنان', 'liability', 'credit'),
  A('5', 'حقوق مالکانه', 'equity', 'credit'),
  A('51', 'سرمایه', 'equity', 'credit'),
  A('5101', 'سرمایه ثبت‌شده', 'equity', 'credit'),
  A('52', 'اندوخته‌ها', 'equity', 'credit'),
  A('5201', 'اندوخته قانونی', 'equity', 'credit'),
  A('53', 'سود و زیان', 'equity', 'either'),
  A('5301', 'سود و زیان انباشته', 'equity', 'either'),
  A('5302', 'سود و زیان جاری', 'equity', 'either'),
  A('5303', 'تراز افتتاحیه', 'equity', 'either'),
  A('6', 'درآمدها', 'income', 'credit'),
  A('61', 'فروش', 'income', 'credit'),
  A('6101', 'فروش کالا', 'income', 'credit'),
  A('6102', 'برگشت از فروش و تخفیفات', 'income', 'debit'),
  A('62', 'درآمد ارائه خدمات', 'income', 'credit'),
  A('6201', 'درآمد خدمات پس از فروش', 'income', 'credit'),
  A('7', 'بهای تمام‌شده', 'expense', 'debit'),
  A('71', 'بهای تمام‌شده کالای فروش‌رفته', 'expense', 'debit'),
  A('7101', 'بهای تمام‌شده کالای فروش‌رفته', 'expense', 'debit'),
  A('7102', 'کسری و اضافات انبار', 'expense', 'either'),
  A('8', 'هزینه‌های عملیاتی', 'expense', 'debit'),
  A('81', 'هزینه‌های کارکنان', 'expense', 'debit'),
  A('8101', 'هزینه حقوق و دستمزد', 'expense', 'debit'),
  A('8102', 'هزینه بیمه سهم کارفرما', 'expense', 'debit'),
  A('82', 'هزینه‌های اداری، عمومی و فروش', 'expense', 'debit'),
  A('8201', 'هزینه اجاره', 'expense', 'debit'),
  A('8202', 'هزینه آب، برق و تلفن', 'expense', 'debit'),
  A('8203', 'هزینه حمل و نقل', 'expense', 'debit'),
  A('8204', 'هزینه استهلاک', 'expense', 'debit'),
  A('8205', 'هزینه تبلیغات', 'expense', 'debit'),
  A('8206', 'هزینه ملزومات اداری', 'expense', 'debit'),
  A('8207', 'هزینه مصرف کالا', 'expense', 'debit'),
  A('9', 'سایر درآمدها و هزینه‌ها', 'income', 'either'),
  A('91', 'سایر درآمدها', 'income', 'credit'),
  A('9101', 'سود سپرده‌های بانکی', 'income', 'credit'),
  A('9102', 'درآمدهای متفرقه', 'income', 'credit'),
  A('92', 'سایر هزینه‌ها', 'expense', 'debit'),
  A('9201', 'کارمزد خدمات بانکی', 'expense', 'debit'),
  A('9202', 'هزینه‌های مالی', 'expense', 'debit'),
];

/** The parent's code: the group of a general account is its first digit, the general account of a subsidiary its first two. */
export function chartParent(code: string): string | null {
  if (code.length <= 1) return null;
  return code.length === 2 ? code.slice(0, 1) : code.slice(0, 2);
}

/** The level of a code in the standard chart: 1 group, 2 general, 3 subsidiary. */
export function chartLevel(code: string): 1 | 2 | 3 {
  return code.length === 1 ? 1 : code.length === 2 ? 2 : 3;
}

/** Balance sheet for assets, liabilities and equity; profit and loss for income and expenses. */
export function statementOf(kind: string): AccountStatement {
  return kind === 'income' || kind === 'expense' ? 'profitLoss' : 'balanceSheet';
}

/** The usual nature of an account of a kind. */
export function natureOf(kind: string): AccountNature {
  return kind === 'asset' || kind === 'expense' ? 'debit' : 'credit';
}

/** The default accounts postings name by setting (`accounting.account.{name}` → account code). */
export const ACCOUNT_SETTINGS = {
  receivable: '1201',
  payable: '3101',
  sales: '6101',
  salesReturns: '6102',
  vatPayable: '3201',
  vatReceivable: '1402',
  cash: '1101',
  bank: '1102',
  inventory: '1301',
  grni: '3103',
  cogs: '7101',
  stockAdjustment: '7102',
  stockIssue: '8207',
  salaryExpense: '8101',
  salaryPayable: '3301',
  insurancePayable: '3302',
  salaryTaxPayable: '3202',
  retainedEarnings: '5301',
  currentEarnings: '5302',
  openingBalance: '5303',
} as const;

export type AccountSettingName = keyof typeof ACCOUNT_SETTINGS;

/** The setting key of a default account, e.g. `accounting.account.receivable`. */
export function accountSettingKey(name: AccountSettingName): string {
  return `${ACCOUNT_SETTING_PREFIX}${name}`;
}
