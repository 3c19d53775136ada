/**
 * Reports and history end to end: the dashboard's figures after sign-in, a saved report created in
 * the generated form and run from its grid (chart and table), and a record's change history.
 */
import { expect, test } from '@playwright/test';
import { apiToken, field, signIn, toPersianDigits } from './helpers';

test('the dashboard shows figures and charts from the data after sign-in', async ({ page }) => {
  await signIn(page, 'staff');
  const customers = page.locator('[data-widget="customers"]');
  await expect(customers).toBeVisible();
  await expect(customers).toContainText('مشتریان');
  // a count in Persian digits, not zero
  await expect(customers.locator('[data-value]')).toHaveText(/^[۱-۹][۰-۹٬]*$/);
  await expect(
    page.locator('[data-widget="customersByType"] svg[data-chart="pie"] path').first(),
  ).toBeVisible();
});

test('staff saves a report over customers by city and runs it from the grid', async ({ page }) => {
  await signIn(page, 'staff');
  await page.goto('/report/savedReport');
  await page.getByRole('button', { name: 'جدید', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await field(dialog, 'عنوان').fill('مشتریان هر شهر');
  await dialog.getByRole('combobox', { name: 'موجودیت', exact: true }).selectOption({ label: 'مشتریان' });
  await dialog
    .getByRole('combobox', { name: 'گروه‌بندی بر اساس فیلد', exact: true })
    .selectOption({ label: 'شهر' });
  await dialog.getByRole('combobox', { name: 'سنجه', exact: true }).selectOption({ label: 'تعداد' });
  await dialog.getByRole('combobox', { name: 'نمودار', exact: true }).selectOption({ label: 'میله‌ای' });
  await dialog.getByRole('button', { name: 'ذخیره', exact: true }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('grid').getByRole('row').filter({ hasText: 'مشتریان هر شهر' }).click();
  await page.getByRole('button', { name: 'اجرای گزارش' }).click();
  await expect(page).toHaveURL(/\/report\/savedReport\/\d+\/run$/);
  await expect(page.getByRole('heading', { name: 'مشتریان هر شهر' })).toBeVisible();
  await expect(page.locator('svg[data-chart="bar"] rect').first()).toBeVisible();
  const table = page.getByRole('table', { name: /جدول/ });
  await expect(table.getByRole('row')).not.toHaveCount(1);
  await expect(table.getByRole('row').last()).toContainText('جمع');
});

test('after editing a customer, its history lists the change with the user and a Jalali time', async ({
  page,
  request,
}) => {
  // a seeded customer no other spec edits, near the top of the grid: the fourth by code
  const token = await apiToken(request, 'staff');
  const list = await request.post('/api/Sales/Customer/GetList', {
    headers: { Authorization: `Bearer ${token}` },
    data: { startRow: 3, endRow: 4, sortModel: [{ colId: 'code', sort: 'asc' }], filterModel: {} },
  });
  const { code, name } = ((await list.json()) as { Data: { rows: { code: string; name: string }[] } }).Data
    .rows[0]!;

  await signIn(page, 'staff');
  await page.goto('/sales/customer');
  // demo names repeat; the code (shown in Persian digits) is unique
  const row = page
    .getByRole('grid')
    .getByRole('row')
    .filter({ hasText: toPersianDigits(code) })
    .filter({ hasText: name });
  await row.dblclick();
  let dialog = page.getByRole('dialog');
  await field(dialog, 'شهر').fill('کرمانشاه');
  await dialog.getByRole('button', { name: 'ذخیره', exact: true }).click();
  await expect(dialog).toBeHidden();

  await row.dblclick();
  dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'تاریخچه' }).click();
  const history = page.getByRole('dialog', { name: /تاریخچه تغییرات/ });
  const latest = history.locator('article').first();
  await expect(latest).toHaveAttribute('data-action', 'update');
  await expect(latest).toContainText('ویرایش توسط کارشناس فروش در ۱۴');
  await expect(latest.locator('[data-field="city"]')).toContainText('کرمانشاه');
});
