/**
 * The print formats designer (issue 27, docs/print.md «The print formats designer»): the analyst
 * gives pro-forma invoices (no format of their own: they print the generic one) a format with the
 * company header, chosen fields, the lines with chosen columns (a looked-up item's code among them)
 * and two signature boxes, with the keyboard's buttons, sees it in the live preview, adds a second
 * format and publishes; a staff user's print view of a pro-forma offers both formats and draws the
 * chosen one. The tab is pictured at 1366, 768 and 390 px (test output).
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers';

const menu = (page: Page) => page.getByRole('navigation', { name: 'منو' });

test('an analyst adds a print format to pro-forma invoices, publishes it, and the print view offers and draws it', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, 'analyst');
  await menu(page).getByRole('link', { name: 'طراح فرم‌ها', exact: true }).click();
  await page.getByRole('textbox', { name: 'جستجوی موجودیت' }).fill('proforma');
  await page.getByRole('button', { name: /^پیش‌فاکتورها/ }).click();
  await expect(page.getByRole('textbox', { name: /^نام فنی/ })).toHaveValue('proforma');
  await page.getByRole('tab', { name: 'قالب‌های چاپ' }).click();
  const designer = page.locator('[data-print-designer]');
  await expect(designer.getByText('این موجودیت قالب چاپی ندارد', { exact: false })).toBeVisible();

  // a first format: the default, titled «پیش‌فاکتور رسمی»
  await designer.getByRole('button', { name: 'افزودن قالب', exact: true }).click();
  await designer.getByRole('textbox', { name: 'عنوان فارسی قالب' }).fill('پیش‌فاکتور رسمی');
  await designer.getByRole('textbox', { name: 'نام فنی قالب' }).fill('official');
  await expect(designer.getByRole('button', { name: 'پیش‌فاکتور رسمی (پیش‌فرض)' })).toBeVisible();

  // the header with the logo
  const header = designer.getByRole('region', { name: 'بلوک ۱، سربرگ شرکت' });
  await header.getByRole('checkbox', { name: 'نشان (لوگو) شرکت' }).check();

  // the document's fields: chosen by label (number, date, customer) in two columns
  const fields = designer.getByRole('region', { name: 'بلوک ۲، فیلدهای سند' });
  await fields.getByRole('checkbox', { name: /^همه فیلدهای سند/ }).uncheck();
  const addField = fields.getByRole('combobox', { name: /^افزودن به فیلدهای/ });
  await addField.selectOption({ label: 'شماره پیش‌فاکتور' });
  await addField.selectOption({ label: 'تاریخ' });
  await addField.selectOption({ label: 'مشتری' });
  await fields.getByRole('combobox', { name: 'تعداد ستون‌ها' }).selectOption({ label: '۲' });

  // the lines: the item's code (a field of the looked-up item), the item, quantity, amount
  const lines = designer.getByRole('region', { name: 'بلوک ۳، جدول اقلام' });
  await lines.getByRole('checkbox', { name: 'ستون‌های جدول اقلام فرم' }).uncheck();
  const addColumn = lines.getByRole('combobox', { name: /^افزودن به ستون‌های/ });
  await addColumn.selectOption({ label: 'کالا › کد کالا' });
  await addColumn.selectOption({ label: 'کالا' });
  await addColumn.selectOption({ label: 'مقدار' });
  await addColumn.selectOption({ label: 'مبلغ (ریال)' });
  // the code after the item: moved with the keyboard's button
  await lines.getByRole('button', { name: /^پایین بردن کالا › کد کالا/ }).click();
  await expect(lines.locator('[data-print-value]').first()).toHaveAttribute('data-print-value', 'item');

  // the totals block goes; the signatures get two boxes
  await designer.getByRole('button', { name: 'حذف بلوک ۴، جمع‌ها' }).click();
  const signs = designer.getByRole('region', { name: /، مهر و امضا$/ });
  await signs.getByRole('textbox', { name: 'عنوان فارسی کادر ۱' }).fill('مهر و امضای فروشنده');
  await signs.getByRole('button', { name: 'افزودن کادر امضا' }).click();
  await signs.getByRole('textbox', { name: 'عنوان فارسی کادر ۲' }).fill('امضای خریدار');
  // the amount in words above the lines: moved up twice with the keyboard
  const words = designer.getByRole('button', { name: /^بالا بردن بلوک ۴، مبلغ به حروف/ });
  await words.focus();
  await page.keyboard.press('Enter');
  await expect(designer.getByRole('region', { name: 'بلوک ۳، مبلغ به حروف' })).toBeVisible();
  // the focus followed the block to its new place
  await expect(designer.getByRole('button', { name: 'بالا بردن بلوک ۳، مبلغ به حروف' })).toBeFocused();

  // the live preview: the real sheet with the new title, columns and boxes
  const preview = page.getByRole('region', { name: 'پیش‌نمایش چاپ' });
  await expect(preview.getByRole('heading', { name: 'پیش‌فاکتور رسمی' })).toBeVisible();
  await expect(preview.locator('[data-block="lines"] th')).toHaveText([
    'ردیف',
    'کالا',
    'کد کالا',
    'مقدار',
    'مبلغ (ریال)',
  ]);
  await expect(preview.locator('.ps-sign')).toHaveText(['مهر و امضای فروشنده', 'امضای خریدار']);
  await expect(designer.locator('[data-print-problems]')).toHaveCount(0);

  // the tab pictured at 1366, 768 and 390 px
  for (const [name, width, height] of [
    ['desktop', 1366, 768],
    ['tablet', 768, 1024],
    ['phone', 390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.getByRole('tab', { name: 'قالب‌های چاپ' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`print-designer-${name}.png`) });
    await preview.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`print-designer-preview-${name}.png`) });
  }
  await page.setViewportSize({ width: 1366, height: 768 });

  // a second format, not the default
  await designer.getByRole('button', { name: 'افزودن قالب', exact: true }).click();
  await designer.getByRole('textbox', { name: 'عنوان فارسی قالب' }).fill('پیش‌فاکتور ساده');
  await expect(designer.getByRole('checkbox', { name: 'قالب پیش‌فرض' })).not.toBeChecked();

  await page.getByRole('button', { name: 'بررسی و انتشار', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'بررسی تغییرات و انتشار' });
  await dialog.getByRole('button', { name: 'انتشار', exact: true }).click();
  // published: the dialog closes and the entity is a stored version now (a table of rows to check
  // takes a while on a busy machine)
  await expect(dialog).toBeHidden({ timeout: 60_000 });
  await expect(page.getByRole('button', { name: /^پیش‌فاکتورها\s*نسخه/ })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'خروج', exact: true }).click();

  // a staff user prints a pro-forma: both formats offered, the default drawn
  await signIn(page, 'admin');
  await page.goto('/sales/proforma');
  await page.getByRole('grid').getByRole('row').nth(1).getByRole('gridcell').first().click();
  await page.getByRole('button', { name: 'چاپ', exact: true }).click();
  await expect(page).toHaveURL(/\/sales\/proforma\/\d+\/print$/);
  const sheet = page.locator('.erp-print');
  await expect(sheet.getByRole('heading', { name: 'پیش‌فاکتور رسمی' })).toBeVisible();
  const choice = sheet.getByRole('combobox', { name: 'قالب چاپ' });
  await expect(choice.locator('option')).toHaveText(['پیش‌فاکتور رسمی', 'پیش‌فاکتور ساده']);
  await expect(sheet.locator('[data-block="lines"] th')).toHaveText([
    'ردیف',
    'کالا',
    'کد کالا',
    'مقدار',
    'مبلغ (ریال)',
  ]);
  await expect(sheet.locator('[data-block="lines"] tbody tr').first()).toBeVisible();
  await expect(sheet.locator('.ps-sign')).toHaveText(['مهر و امضای فروشنده', 'امضای خریدار']);
  await expect(sheet.locator('[data-field="amountInWords"]')).toContainText(/ریال$/);
  await choice.selectOption({ label: 'پیش‌فاکتور ساده' });
  await expect(sheet.getByRole('heading', { name: 'پیش‌فاکتور ساده' })).toBeVisible();
});
