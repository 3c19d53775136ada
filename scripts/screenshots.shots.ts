/**
 * Writes docs/screenshots/{screen}-{desktop|phone}.png under fa: the dashboard, a grid, an invoice
 * form, a report, the designer (its fields, its formulas and its print formats), the 8-column trial balance and the balance sheet, the kardex, the
 * stock valuation and the stock moves, the cheques (grid, form), the due cheques and the bank
 * reconciliation, the VAT report, a final purchase order with its follow-on buttons and the import
 * wizard's preview. Run by
 * scripts/screenshots.config.ts (see there); not a test of behaviour, so it lives outside tests/ and
 * `npm test`. SHOTS=trialBalance,balanceSheet pictures only the screens named.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { apiToken, signIn } from '../tests/e2e/helpers';

const OUT = join(import.meta.dirname, '..', 'docs', 'screenshots');
const SIZES = { desktop: { width: 1366, height: 768 }, phone: { width: 390, height: 844 } } as const;

/** Each screen: how to open it and what must be drawn before the picture is taken. */
const SCREENS: Record<string, (page: Page) => Promise<void>> = {
  dashboard: async (page) => {
    await page.goto('/');
    await expect(page.locator('[data-widget] svg').first()).toBeVisible();
  },
  grid: async (page) => {
    await page.goto('/sales/customer');
    await expect(page.getByRole('grid').getByRole('row').nth(2)).toBeVisible();
  },
  // the import wizard's preview: a file's problems on their rows and fields (docs/import.md)
  importWizard: async (page) => {
    await page.goto('/sales/customer');
    await expect(page.getByRole('grid').getByRole('row').nth(2)).toBeVisible();
    await page.getByRole('button', { name: 'ورود از فایل', exact: true }).click();
    const csv = [
      '\uFEFFکد مشتری,نام,نوع,کد ملی,تاریخ ثبت,سقف اعتبار (ریال)',
      'S9001,مریم کریمی,حقیقی,0012345679,۱۴۰۵/۰۱/۱۵,۱٬۰۰۰٬۰۰۰',
      'S9002,x,حقیقی,123,1405/13/40,abc',
    ].join('\r\n');
    await page.locator('[data-import-file]').setInputFiles({
      name: 'customers.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv, 'utf8'),
    });
    await page.getByRole('button', { name: 'بررسی' }).click();
    await expect(page.locator('[data-import-errors]')).toBeVisible();
  },
  invoice: async (page) => {
    await page.goto('/sales/invoice');
    await expect(page.getByRole('grid').getByRole('row').nth(2)).toBeVisible();
    await page.getByRole('grid').getByRole('row').nth(1).dblclick();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page.getByRole('dialog').getByRole('button', { name: 'ذخیره' })).toBeVisible();
  },
  invoicePrint: async (page) => {
    // the official sales invoice (صورتحساب فروش کالا و خدمات) of the first demo invoice
    await page.goto('/sales/invoice/1/print');
    await expect(page.getByRole('heading', { name: 'صورتحساب فروش کالا و خدمات' })).toBeVisible();
    await expect(page.locator('[data-block="lines"] tbody tr').first()).toBeVisible();
  },
  report: async (page) => {
    await page.goto('/report/savedReport');
    await page.getByRole('grid').getByRole('row').filter({ hasText: 'فروش به تفکیک مشتری' }).first().click();
    await page.getByRole('button', { name: 'اجرای گزارش' }).click();
    await expect(page.locator('svg[data-chart]').first()).toBeVisible();
  },
  trialBalance: async (page) => {
    await page.goto('/accounting/report/trialBalance?columns=8');
    await expect(page.getByRole('table', { name: 'تراز آزمایشی' })).toBeVisible();
    // figures wider than the screen scroll under the account kept in view: the closing ones shown
    await page.locator('[data-table-scroll]').evaluate((box) => box.scrollTo({ left: -box.scrollWidth }));
  },
  balanceSheet: async (page) => {
    await page.goto('/accounting/report/balanceSheet');
    await expect(page.getByRole('table', { name: 'ترازنامه' })).toBeVisible();
  },
  kardex: async (page) => {
    await page.goto('/inventory/report/kardex?item=2&warehouse=1');
    await expect(page.getByRole('table', { name: 'کاردکس کالا' })).toBeVisible();
  },
  valuation: async (page) => {
    await page.goto('/inventory/report/valuation');
    await expect(page.getByRole('table', { name: 'ارزش موجودی انبارها' })).toBeVisible();
  },
  stockMoves: async (page) => {
    await page.goto('/inventory/stockMove');
    await expect(page.getByRole('grid').getByRole('row').nth(2)).toBeVisible();
  },
  cheques: async (page) => {
    await page.goto('/treasury/cheque');
    await expect(page.getByRole('grid').getByRole('row').nth(2)).toBeVisible();
  },
  cheque: async (page) => {
    await page.goto('/treasury/cheque');
    await expect(page.getByRole('grid').getByRole('row').nth(2)).toBeVisible();
    await page.getByRole('grid').getByRole('row').nth(1).dblclick();
    await expect(page.getByRole('dialog').getByRole('button', { name: 'ذخیره' })).toBeVisible();
  },
  dueCheques: async (page) => {
    await page.goto('/treasury/report/dueCheques');
    await expect(page.getByRole('table', { name: 'چک‌های سررسید' })).toBeVisible();
  },
  reconciliation: async (page) => {
    await page.goto('/treasury/report/reconciliation?statement=1');
    await expect(page.getByRole('table', { name: 'مغایرت‌گیری بانکی' })).toBeVisible();
  },
  vat: async (page) => {
    await page.goto('/accounting/report/vat');
    await expect(page.getByRole('table', { name: 'گزارش مالیات بر ارزش افزوده' })).toBeVisible();
  },
  purchaseOrder: async (page) => {
    // a final order: its form offers the documents made from it (docs/chain.md)
    const token = await apiToken(page.request, 'admin');
    const answer = await page.request.post('/api/SupplyChain/PurchaseOrder/GetList', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        startRow: 0,
        endRow: 1,
        filterModel: { docState: { filterType: 'text', type: 'equals', filter: 'final' } },
      },
    });
    const id = ((await answer.json()) as { Data: { rows: { id: number }[] } }).Data.rows[0]?.id;
    await page.goto(`/supplyChain/purchaseOrder?open=${String(id)}`);
    await expect(page.getByRole('button', { name: 'ایجاد رسید کالا' })).toBeVisible();
  },
  builder: async (page) => {
    // the first demo analysis (server/demo/seeders/reports.ts): two dimensions, a bar chart
    await page.goto('/report/builder/1');
    await expect(page.locator('svg[data-chart]').first()).toBeVisible();
  },
  board: async (page) => {
    await page.goto('/');
    await expect(page.locator('[data-board] [data-card] svg').first()).toBeVisible();
    await page.getByTestId('board-edit').click();
    await page.locator('[data-board] [data-card]').first().focus();
    await page.locator('[data-board]').first().scrollIntoViewIfNeeded();
  },
  designer: async (page) => {
    await page.goto('/systemConfig/designer');
    // one entity open in the designer: its fields table and preview
    await page.getByRole('button', { name: /^کالاها/ }).click();
    await expect(page.getByRole('table', { name: 'فیلدها' })).toBeVisible();
    await page.waitForLoadState('networkidle');
  },
  designerRules: async (page) => {
    // the sales invoice's computed fields as formulas (docs/formulas.md), completion open on one
    await page.goto('/systemConfig/designer');
    await page.getByRole('button', { name: /^فاکتورهای فروش/ }).click();
    const rules = page.getByRole('group', { name: 'فیلدهای محاسباتی و قواعد' });
    const first = rules.getByRole('combobox', { name: /^فرمول ۱/ });
    await expect(first).toBeVisible();
    await rules.evaluate((e) => e.scrollIntoView({ block: 'start' }));
    await first.press('End');
    await first.pressSequentially(' + تخ');
    await expect(rules.getByRole('listbox')).toBeVisible();
  },
  printDesigner: async (page) => {
    // the sales invoice's official print format in the designer's print formats tab (docs/print.md)
    await page.goto('/systemConfig/designer');
    await page.getByRole('button', { name: /^فاکتورهای فروش/ }).click();
    await page.getByRole('tab', { name: 'قالب‌های چاپ' }).click();
    await expect(page.getByRole('region', { name: 'پیش‌نمایش چاپ' }).getByRole('heading')).toBeVisible();
  },
};

mkdirSync(OUT, { recursive: true });

for (const [size, viewport] of Object.entries(SIZES)) {
  test(`screenshots at ${size}`, async ({ browser }) => {
    const page = await browser.newPage({ viewport });
    await signIn(page, 'admin');
    // a screen that does not open as expected is still pictured (to look at), then reported
    const failed: string[] = [];
    const only = process.env.SHOTS?.split(',').filter(Boolean);
    for (const [name, open] of Object.entries(SCREENS)) {
      if (only && !only.includes(name)) continue;
      await open(page).catch(() => failed.push(name));
      await page.waitForLoadState('networkidle');
      // no row drawn as hovered where the last click left the pointer
      await page.mouse.move(0, 0);
      await page.screenshot({ path: join(OUT, `${name}-${size}.png`) });
      await page.keyboard.press('Escape');
    }
    await page.close();
    expect(failed, `screens that did not open at ${size}`).toEqual([]);
  });
}
