/**
 * The import wizard (docs/import.md) as the admin uses it on the customers' grid: «ورود از فایل»
 * opens it; the template downloads as an XLSX; a CSV is uploaded, its columns matched by their
 * Persian labels; the preview shows the bad row's problems on its row and field in Persian digits;
 * the run's progress bar is shown again after a page reload, and the job ends with the good rows
 * written (found in the grid) and the bad one reported.
 */
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
