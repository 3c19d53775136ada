/**
 * Lock dates (docs/api.md, "Closed periods and lock dates"): admin sets the inventory lock date on
 * its generated screen (module select, Jalali date), sees it in the grid in Persian, and a stock
 * receipt (warehouse, one line) dated before it is refused on save with the Persian reason naming the module and the date; the
 * form keeps what was typed. One page, client-side navigation.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { typeKeys } from '../../bench/lib/typing';
import { field, signIn } from './helpers';

/**
 * Types into a lookup field with real key presses (a keyboard's key events: Playwright inserts
 * Persian text without them, and the Space after such text then reads to the combobox as a
 * choice of the highlighted option, not a typed space) and takes the first option found.
 */
async function pickLookup(page: Page, dialog: Locator, label: string, text: string): Promise<void> {
  const box = dialog.getByRole('combobox', { name: new RegExp(label) });
  await box.click();
  await typeKeys(page, text, 0);
  await expect(page.getByRole('option', { name: 'در حال جستجو…' })).toHaveCount(0);
  await page
    .getByRole('option', { name: new RegExp(text), disabled: false })
    .first()
    .click();
}

test('admin sets a module lock date; a stock move dated before it is refused with the reason', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/systemConfig/lockDate');
  await expect(page.getByRole('heading', { name: 'تاریخ‌های قفل' })).toBeVisible();

  await page.getByRole('button', { name: 'جدید', exact: true }).click();
  const lock = page.getByRole('dialog', { name: 'تاریخ‌های قفل — جدید' });
  await lock.getByRole('combobox', { name: 'بخش' }).selectOption({ label: 'انبار' });
  await field(lock, 'قفل تا تاریخ (شامل همان روز)').fill('۱۴۰۵/۰۲/۱۰');
  await lock.getByRole('button', { name: 'ذخیره', exact: true }).click();
  await expect(page.getByText('ذخیره شد.').last()).toBeVisible();
  await expect(lock).toBeHidden();
  const row = page.getByRole('grid').getByRole('row').filter({ hasText: 'انبار' });
  await expect(row).toContainText('۱۴۰۵/۰۲/۱۰');

  // client-side navigation to the stock moves (the shell's menu keeps the page)
  await page.evaluate(() => {
    history.pushState({}, '', '/inventory/stockMove');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { name: 'گردش کالا' })).toBeVisible();
  await page.getByRole('button', { name: 'جدید', exact: true }).click();
  const move = page.getByRole('dialog', { name: 'گردش کالا — جدید' });
  await field(move, 'تاریخ').fill('۱۴۰۵/۰۲/۰۵');
  await move.getByRole('combobox', { name: 'نوع سند' }).selectOption({ label: 'رسید ورود' });
  await pickLookup(page, move, 'انبار', 'مرکزی');
  // one line: شکر (K-0002), three units
  await move.getByRole('button', { name: 'افزودن سطر' }).click();
  await page.keyboard.press('Escape');
  const itemCell = move.locator('[row-index="0"] [col-id="item"]');
  await itemCell.dblclick();
  const editor = page.locator('input.erp-line-lookup');
  await expect(editor).toBeFocused();
  await editor.fill('K-۰۰۰۲');
  await editor.press('Tab');
  await expect(itemCell).toHaveText(/^K-۰۰۰۲ — /);
  await move.locator('[row-index="0"] [col-id="quantity"]').dblclick();
  await page.keyboard.type('۳\n');
  await page.keyboard.press('Escape');
  await move.getByRole('button', { name: 'ذخیره', exact: true }).click();
  const reason =
    'اسناد بخش «انبار» تا تاریخ ۱۴۰۵/۰۲/۱۰ قفل شده‌اند؛ سندی با این تاریخ یا پیش از آن ثبت، ویرایش یا حذف نمی‌شود.';
  // the error dialog and the form's own list of messages, both in Persian digits
  const error = page.getByRole('dialog', { name: 'خطا' });
  await expect(error).toContainText(reason);
  await error.getByRole('button', { name: 'بستن', exact: true }).click();
  await expect(error).toBeHidden();
  await expect(move.getByRole('listitem').filter({ hasText: reason })).toHaveCount(1);
  // nothing typed is lost: the form is still open with the date
  await expect(field(move, 'تاریخ')).toHaveValue('۱۴۰۵/۰۲/۰۵');
});
