/**
 * The module areas of spec section 2, once for the server (menu groups, publish check), the
 * browser (a lazily loaded route per module) and the definition schema's `module` enum
 * (schemas/definition.schema.json; a unit test keeps the two equal). In menu order.
 */
import type { LocalText } from './definition';

export const MODULES = [
  'accounting',
  'common',
  'HR',
  'shared',
  'inventory',
  'marketing',
  'planning',
  'promotion',
  'rationing',
  'report',
  'salary',
  'sales',
  'security',
  'supplyChain',
  'systemConfig',
  'systm',
  'transport',
  'treasury',
  'workFlow',
  'management',
] as const;

export type ModuleName = (typeof MODULES)[number];

const NAMES: ReadonlySet<string> = new Set(MODULES);

/** True for a module of the list (an own name: `constructor` is none). */
export function isModuleName(value: unknown): value is ModuleName {
  return typeof value === 'string' && NAMES.has(value);
}

/** Menu group titles, Persian and English. */
export const MODULE_TITLES: { readonly [M in ModuleName]: LocalText } = {
  accounting: { fa: 'حسابداری', en: 'Accounting' },
  common: { fa: 'عمومی', en: 'Common' },
  HR: { fa: 'منابع انسانی', en: 'Human resources' },
  shared: { fa: 'اشتراکی', en: 'Shared' },
  inventory: { fa: 'انبار', en: 'Inventory' },
  marketing: { fa: 'بازاریابی', en: 'Marketing' },
  planning: { fa: 'برنامه‌ریزی', en: 'Planning' },
  promotion: { fa: 'پروموشن', en: 'Promotion' },
  rationing: { fa: 'سهمیه‌بندی', en: 'Rationing' },
  report: { fa: 'گزارش‌ها', en: 'Reports' },
  salary: { fa: 'حقوق و دستمزد', en: 'Salary' },
  sales: { fa: 'فروش', en: 'Sales' },
  security: { fa: 'امنیت', en: 'Security' },
  supplyChain: { fa: 'زنجیره تأمین', en: 'Supply chain' },
  systemConfig: { fa: 'پیکربندی سامانه', en: 'System configuration' },
  systm: { fa: 'سیستم', en: 'System' },
  transport: { fa: 'حمل و نقل', en: 'Transport' },
  treasury: { fa: 'خزانه‌داری', en: 'Treasury' },
  workFlow: { fa: 'گردش کار', en: 'Workflow' },
  management: { fa: 'مدیریت', en: 'Management' },
};
