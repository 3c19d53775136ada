/**
 * The import wizard (docs/import.md) as the admin uses it on the customers' grid: «ورود از فایل»
 * opens it; the template downloads as an XLSX; a CSV is uploaded, its columns matched by their
 * Persian labels; the preview shows the bad row's problems on its row and field in Persian digits;
 * the run's progress bar is shown again after a page reload, and the job ends with the good rows
 * written (found in the grid) and the bad one reported. Invoices come from two sheets (each mapped,
 * problems named by their sheet), and a running import is stopped.
 */
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { signIn, toPersianDigits } from './helpers';

test.use({ viewport: { width: 1366, height: 768 } });

/** A valid national code for the n-th person of this run. */
function nationalCode(n: number): string {
  const nine = String(100_000_000 + n).slice(-9);
  const sum = [...nine].reduce((acc, d, i) => acc + Number(d) * (10 - i), 0) % 11;
  return `${nine}${sum < 2 ? sum : 11 - sum}`;
}

async function openWizard(page: Page) {
  await page.getByRole('button', { name: 'ورود از فایل', exact: true }).click();
  const wizard = page.getByRole('dialog', { name: /ورود مشتریان از فایل/ });
  await expect(wizard).toBeVisible();
  return wizard;
}

test('customers are imported through the wizard: template, mapping, preview with errors, a run that survives a reload', async ({
  page,
}) => {
  const stamp = String(Date.now()).slice(-6);
  const rows = Array.from(
    { length: 120 },
    (_, i) => `E${stamp}${i},مشتری وارداتی ${i + 10},حقیقی,${nationalCode(Number(stamp) * 7 + i)},۱۴۰۵/۰۱/۱۵`,
  );
  const bad = `E${stamp}bad,x,حقیقی,123,1405/13/40`;
  const csv = `\uFEFFکد مشتری,نام,نوع,کد ملی,تاریخ ثبت\r\n${[...rows, bad].join('\r\n')}\r\n`;

  await signIn(page, 'admin');
  await page.goto('/sales/customer');
  await expect(page.getByRole('grid').getByRole('gridcell').first()).toBeVisible();
  let wizard = await openWizard(page);

  const download = page.waitForEvent('download');
  await wizard.getByRole('button', { name: 'دریافت فایل الگو' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);

  await wizard.locator('[data-import-file]').setInputFiles({
    name: 'customers.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
  await expect(page.locator('[data-import-wizard="mapping"]')).toBeVisible();
  await expect(wizard.getByRole('combobox', { name: 'کد مشتری' })).toHaveValue('code');
  await expect(wizard.getByRole('combobox', { name: 'تاریخ ثبت' })).toHaveValue('registeredOn');
  await wizard.getByRole('button', { name: 'بررسی' }).click();

  const summary = wizard.locator('[data-import-summary]');
  await expect(summary).toContainText(`${toPersianDigits('121')} سطر`);
  await expect(summary).toContainText(`${toPersianDigits('1')} سطر خطا دارد`);
  const badRow = toPersianDigits('122');
  await expect(wizard.locator('[data-import-errors] tr', { hasText: 'تاریخ معتبر نیست' })).toContainText(
    badRow,
  );

  await wizard.getByRole('button', { name: 'شروع ورود' }).click();
  await expect(page.locator('[data-import-wizard="job"]')).toBeVisible();
  await page.reload();
  // the job goes on, and the reloaded grid shows it again
  wizard = page.getByRole('dialog', { name: /ورود مشتریان از فایل/ });
  await expect(wizard).toBeVisible();
  await expect(wizard.locator('[data-import-progress]')).toBeVisible();
  await expect(wizard.locator('[data-import-status="done"]')).toContainText(
    `${toPersianDigits('120')} سطر ثبت شد و ${toPersianDigits('1')} سطر خطا داشت`,
    { timeout: 60_000 },
  );
  await expect(wizard.locator('[data-import-errors] tr', { hasText: 'تاریخ معتبر نیست' })).toContainText(
    badRow,
  );
  await wizard.getByRole('button', { name: 'بستن' }).click();
  await expect(wizard).toBeHidden();
});

test('staff, without the import permission, has no import button (the server refuses it: tests/server/import.test.ts)', async ({
  page,
}) => {
  await signIn(page, 'staff');
  await page.goto('/sales/customer');
  await expect(page.getByRole('grid').getByRole('gridcell').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'جدید', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'ورود از فایل', exact: true })).toHaveCount(0);
});

test('invoices from two sheets: each sheet mapped, problems named by sheet and row; the template gives the codes', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/sales/invoice');
  await expect(page.getByRole('grid').getByRole('gridcell').first()).toBeVisible();
  await page.getByRole('button', { name: 'ورود از فایل', exact: true }).click();
  const wizard = page.getByRole('dialog', { name: /ورود فاکتورهای فروش از فایل/ });
  await expect(wizard).toBeVisible();
  // the template's sample row names rows the admin may see: its codes fill the file
  const download = page.waitForEvent('download');
  await wizard.getByRole('button', { name: 'دریافت فایل الگو' }).click();
  const template = new ExcelJS.Workbook();
  await template.xlsx.readFile((await (await download).path())!);
  expect(template.worksheets.map((w) => w.name)).toEqual(['داده‌ها', 'اقلام', 'راهنما']);
  const sample = (sheet: number, header: string) => {
    const ws = template.worksheets[sheet]!;
    const headers = (ws.getRow(1).values as unknown[]).map((h) => String(h ?? '').replace(/\*$/, ''));
    return String(ws.getRow(2).getCell(headers.indexOf(header)).value);
  };
  const customer = sample(0, 'مشتری');
  const warehouse = sample(0, 'انبار');
  const item = sample(1, 'کالا (اقلام)');
  const stamp = String(Date.now()).slice(-6);
  const book = new ExcelJS.Workbook();
  book.addWorksheet('اسناد').addRows([
    ['کلید سند', 'مشتری', 'تاریخ', 'انبار', 'شرح'],
    [1, customer, '1405/02/20', warehouse, `E2E-${stamp}-1`],
    [2, customer, '1405/02/21', warehouse, `E2E-${stamp}-2`],
  ]);
  book.addWorksheet('ردیف‌ها').addRows([
    ['کلید سند', 'کالا (اقلام)', 'مقدار (اقلام)', 'فی (ریال) (اقلام)'],
    [1, item, 2, 1000],
    [2, item, 1, 500],
    [9, item, 1, 500],
  ]);
  await wizard.locator('[data-import-file]').setInputFiles({
    name: 'invoices.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(await book.xlsx.writeBuffer()),
  });
  await expect(page.locator('[data-import-wizard="mapping"]')).toBeVisible();
  await expect(wizard.locator('[data-import-mapping="0"]')).toBeVisible();
  await expect(wizard.getByText('برگهٔ اقلام: ردیف‌ها')).toBeVisible();
  await expect(wizard.locator('[data-import-column="1:0"]')).toHaveValue('#doc');
  await expect(wizard.locator('[data-import-column="1:1"]')).toHaveValue('lines.item');
  await expect(wizard.locator('[data-import-column="0"]')).toHaveValue('#doc');
  await page.screenshot({ path: 'test-results/import-two-sheets-1366.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/import-two-sheets-390.png' });
  await page.setViewportSize({ width: 1366, height: 768 });
  await wizard.getByRole('button', { name: 'بررسی' }).click();
  const orphan = wizard.locator('[data-import-errors] tr[data-import-sheet="ردیف‌ها"]');
  await expect(orphan).toContainText('سندی با کلید «۹» در برگهٔ اول نیست');
  await expect(orphan).toContainText(toPersianDigits('4'));
  await wizard.getByRole('button', { name: 'شروع ورود' }).click();
  await expect(wizard.locator('[data-import-status="done"]')).toContainText(
    `${toPersianDigits('2')} سطر ثبت شد و ${toPersianDigits('1')} سطر خطا داشت`,
    { timeout: 60_000 },
  );
});

test('a running import is stopped with «توقف ورود»: the rows written stay, no more are written', async ({
  page,
}) => {
  const stamp = String(Date.now()).slice(-6);
  const rows = Array.from(
    { length: 4000 },
    (_, i) => `C${stamp}${i},مشتری توقف ${i},حقیقی,${nationalCode(Number(stamp) * 11 + i)}`,
  );
  await signIn(page, 'admin');
  await page.goto('/sales/customer');
  await expect(page.getByRole('grid').getByRole('gridcell').first()).toBeVisible();
  const wizard = await openWizard(page);
  await wizard.locator('[data-import-file]').setInputFiles({
    name: 'many.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`\uFEFFکد مشتری,نام,نوع,کد ملی\r\n${rows.join('\r\n')}\r\n`, 'utf8'),
  });
  await wizard.getByRole('button', { name: 'بررسی' }).click();
  await wizard.getByRole('button', { name: 'شروع ورود' }).click();
  await wizard.getByRole('button', { name: 'توقف ورود' }).click();
  await expect(wizard.locator('[data-import-status="cancelled"]')).toContainText('ورود متوقف شد', {
    timeout: 30_000,
  });
  await expect(wizard.getByRole('button', { name: 'توقف ورود' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/import-cancelled.png' });
});
