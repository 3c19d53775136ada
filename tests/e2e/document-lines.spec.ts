/**
 * A document with lines through the generic screen: lookup to another entity, lines typed in the
 * lines grid with Enter, computed amounts and total, saved, and shown again after a reload.
 */
import { expect, test } from '@playwright/test';
import { field, signIn, toPersianDigits } from './helpers';

test('staff creates an invoice with a looked-up customer and typed lines; totals are computed', async ({
  page,
}) => {
  await signIn(page, 'staff');
  await page.goto('/sales/invoice');
  await page.getByRole('button', { name: 'جدید' }).click();
  const dialog = page.getByRole('dialog');
  await field(dialog, 'شماره فاکتور').fill('F-900');

  const customer = dialog.getByRole('combobox', { name: /مشتری/ });
  await customer.click();
  const searched = page.waitForResponse(
    (r) => r.url().endsWith('/Sales/Customer/GetList') && (r.request().postData() ?? '').includes('contains'),
  );
  await customer.pressSequentially('ا');
  await searched;
  await expect(page.getByRole('option', { name: 'در حال جستجو…' })).toHaveCount(0);
  const option = page.getByRole('option', { name: /ا/, disabled: false }).first();
  const chosen = (await option.textContent()) ?? '';
  await option.click();
  await expect(customer).toHaveValue(chosen);

  await field(dialog, 'تاریخ').fill('۱۴۰۵/۰۹/۰۱');
  // A new line starts editing its first cell; Enter moves on, and adds a line after the last cell.
  await dialog.getByRole('button', { name: 'افزودن سطر' }).click();
  for (const text of ['شکر', '', '۲', '۱۲۰۰']) {
    if (text) await page.keyboard.type(text);
    await page.keyboard.press('Enter');
  }
  await expect(dialog.locator('[row-index="0"] [col-id="amount"]')).toHaveText('۲٬۴۰۰');
  await expect(field(dialog, 'جمع (ریال)')).toHaveValue('۲٬۴۰۰');
  await dialog.getByRole('button', { name: 'ذخیره', exact: true }).click();
  await expect(page.getByText('ذخیره شد.')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.reload();
  await page
    .getByRole('grid')
    .getByRole('row')
    .filter({ hasText: toPersianDigits('F-900') })
    .dblclick();
  const reopened = page.getByRole('dialog');
  await expect(reopened.getByRole('combobox', { name: /مشتری/ })).toHaveValue(chosen);
  await expect(field(reopened, 'تاریخ')).toHaveValue('۱۴۰۵/۰۹/۰۱');
  await expect(field(reopened, 'جمع (ریال)')).toHaveValue('۲٬۴۰۰');
  // the item is looked up: the typed text became the matching item (inventory.item «شکر»)
  await expect(reopened.locator('[row-index="0"] [col-id="item"]')).toHaveText('شکر');
  await expect(reopened.locator('[row-index="1"]')).toHaveCount(0); // the blank line was not sent
});
