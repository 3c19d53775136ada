/**
 * Form renderer end to end, against the real server:
 * - a Jalali date typed in the form is stored as ISO (read back through the API) and shown in
 *   Jalali again after a reload; its calendar opens over the dialog and Escape closes the
 *   calendar alone.
 */
import { expect, test } from '@playwright/test';
import { apiToken, field, signIn, toPersianDigits } from './helpers';

test('a Jalali date typed in the form is stored as ISO and shown in Jalali after a reload', async ({
  page,
  request,
}) => {
  await signIn(page, 'staff');
  await page.goto('/sales/customer');
  await page.getByRole('button', { name: 'جدید', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await field(dialog, 'کد مشتری').fill('A-1405');
  await field(dialog, 'نام').fill('آزمون تاریخ');
  await dialog.getByRole('combobox', { name: 'نوع' }).selectOption({ label: 'حقوقی' });
  // a legal person needs its شناسه ملی (schemas/sales/customer.json), checked as it is typed
  await field(dialog, 'شناسه ملی').fill('۱۰۳۸۰۲۸۴۷۹۰');
  await expect(dialog.getByText('شناسه ملی معتبر است.')).toBeVisible();
  await field(dialog, 'تاریخ ثبت').fill('۱۴۰۵/۰۹/۰۱');
  // The calendar opens at the first press of its button (its popover is set up then), shows the
  // typed date's month and takes the focus; Escape closes it alone and the focus is back on its button.
  const calendarButton = dialog.getByRole('button', { name: 'انتخاب از تقویم' });
  await calendarButton.click();
  const calendar = page.locator('.fui-PopoverSurface');
  await expect(calendar.getByText('آذر ۱۴۰۵')).toBeVisible();
  await expect(calendar.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(calendarButton).toBeFocused();
  await dialog.getByRole('button', { name: 'ذخیره', exact: true }).click();
  await expect(page.getByText('ذخیره شد.')).toBeVisible();
  await expect(dialog).toBeHidden();

  const token = await apiToken(request, 'staff');
  const list = await request.post('/api/Sales/Customer/GetList', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      startRow: 0,
      endRow: 10,
      filterModel: { code: { filterType: 'text', type: 'equals', filter: 'A-1405' } },
    },
  });
  const rows = ((await list.json()) as { Data: { rows: { registeredOn?: string }[] } }).Data.rows;
  expect(rows.map((r) => r.registeredOn)).toEqual(['2026-11-22']);

  await page.reload();
  const row = page
    .getByRole('grid')
    .getByRole('row')
    .filter({ hasText: toPersianDigits('A-1405') });
  await expect(row.locator('[col-id="registeredOn"]')).toHaveText('۱۴۰۵/۰۹/۰۱');
  await row.dblclick();
  await expect(field(page.getByRole('dialog'), 'تاریخ ثبت')).toHaveValue('۱۴۰۵/۰۹/۰۱');
});
