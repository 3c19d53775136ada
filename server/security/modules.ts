/** Titles of the spec's 20 module areas (menu groups), Persian and English. */
import type { LocalText } from '../../runtime/shared/definition';

export const MODULE_TITLES: Record<string, LocalText> = {
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

/** Order of module groups in the menu. */
export const MODULE_ORDER = Object.keys(MODULE_TITLES);
