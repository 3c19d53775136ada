/**
 * An invoice line's unit price from the customer's price list (LookupSpec.fillFrom, issue #22):
 * the demo's wholesale list belongs to customer C-0008, so an item picked on that customer's
 * invoice starts at the list's price (93% of the sale price, to the thousand) instead of the
 * item's own; the user may still change it, and the line's amount follows.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './helpers';

const lineCell = (scope: Locator, row: number, col: string) =>
  scope.locator(`[row-index="${row}"] [col-id="${col}"]`);

/** Picks a customer by its code, typed in Persian digits, with the keyboard. */
async function pickCustomer(page: Page, dialog: Locator, code: string) {
  const customer = dialog.getByRole('combobox', { name: /مشتری/ });
  await customer.click();
  await customer.pressSequentially(code);
  await expect(page.getByRole('option', { name: new RegExp(`^C-${code} — `) })).toBeVisible();
  await customer.press('ArrowDown');
  await customer.press('Enter');
  await expect(customer).toHaveValue(new RegExp(`^C-${code} — `));
}

/** Types an item's exact code into a new line's item cell and leaves it. */
async function addItem(page: Page, dialog: Locator, row: number, code: string) {
  await dialog.getByRole('button', { name: 'افزودن سطر' }).click();
  await page.keyboard.press('Escape');
  const cell = lineCell(dialog, row, 'item');
  await cell.dblclick();
  const editor = page.locator('input.erp-line-lookup');
  await expect(editor).toBeFocused();
  await editor.fill(code);
  await editor.press('Tab');
  await expect(cell).toHaveText(new RegExp(`^${code} — `));
}

for (const size of [
  { name: 'desktop', width: 1366, height: 768 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`${size.name}: the customer's price list gives the line's unit price, which the user may change`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await signIn(page, 'staff');
    await page.goto('/sales/invoice');
    await page.getByRole('button', { name: 'جدید', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await pickCustomer(page, dialog, '۰۰۰۸');

    // شکر: sale price 496,000; the wholesale list of C-0008 has 461,000
    const lists = page.waitForResponse((r) => r.url().endsWith('/Sales/PriceList/GetList'));
    await addItem(page, dialog, 0, 'K-۰۰۰۲');
    expect((await lists).status()).toBe(200);
    await expect(lineCell(dialog, 0, 'unitPrice')).toHaveText('۴۶۱٬۰۰۰');
    await page.keyboard.press('Escape');
    await lineCell(dialog, 0, 'unitPrice').scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`price-list-${size.name}.png`) });

    // a default: the user types another price and the amount follows it
    await lineCell(dialog, 0, 'quantity').dblclick();
    await page.keyboard.type('۲\n');
    await lineCell(dialog, 0, 'unitPrice').dblclick();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('۴۵۰۰۰۰\n');
    await page.keyboard.press('Escape');
    await expect(lineCell(dialog, 0, 'unitPrice')).toHaveText('۴۵۰٬۰۰۰');
    await expect(lineCell(dialog, 0, 'amount')).toHaveText('۹۰۰٬۰۰۰');
  });
}
