/**
 * A document with lines through the generic screen: lookup to another entity, lines typed in the
 * lines grid with Enter, computed amounts and total, saved, and shown again after a reload.
 */
import { expect, test } from '@playwright/test';
import { typeKeys } from '../../bench/lib/typing';
import { field, signIn } from './helpers';

test('staff creates an invoice with a looked-up customer and typed lines; totals are computed', async ({
  page,
}) => {
  await signIn(page, 'staff');
  // Enter commits a cell; it must never submit the form around the grid (only «ذخیره» saves)
  let creates = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/Sales/Invoice/Create')) creates++;
  });
  // the stored row's id (its number is the server's, given on finalise: a draft is found by its row)
  let storedId: Promise<number> | undefined;
  page.on('response', (r) => {
    if (r.url().endsWith('/Sales/Invoice/Create'))
      storedId = r.json().then((body: { Data: { id: number } }) => body.Data.id);
  });
  await page.goto('/sales/invoice');
  await page.getByRole('button', { name: 'جدید', exact: true }).click();
  const dialog = page.getByRole('dialog');
  // the invoice number is the server's (numbering series, given on finalise): not typed
  await expect(field(dialog, 'شماره فاکتور')).not.toBeEditable();

  const customer = dialog.getByRole('combobox', { name: /مشتری/ });
  await customer.click();
  const searched = page.waitForResponse(
    (r) => r.url().endsWith('/Sales/Customer/GetList') && (r.request().postData() ?? '').includes('"search"'),
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
  // Typed as one burst of key presses, faster than frames: the next cell's editor starts after the
  // frame of the Enter before it, and keys that come first must still reach it (the second Enter
  // skips the unit cell, as a slow one does).
  await dialog.getByRole('button', { name: 'افزودن سطر' }).click();
  await typeKeys(page, 'شکر\n\n۲\n۱۲۰۰\n', 0);
  await expect(dialog.locator('[row-index="0"] [col-id="amount"]')).toHaveText('۲٬۴۰۰');
  await expect(field(dialog, 'جمع (ریال)')).toHaveValue('۲٬۴۰۰');
  // a valid document now: Enter on a committed cell still does not save it
  await page.keyboard.press('Escape');
  await dialog.locator('[row-index="0"] [col-id="quantity"]').click();
  await page.keyboard.type('3');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(field(dialog, 'جمع (ریال)')).toHaveValue('۳٬۶۰۰');
  expect(creates).toBe(0);
  await dialog.getByRole('button', { name: 'ذخیره', exact: true }).click();
  await expect(page.getByText('ذخیره شد.')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(creates).toBe(1);
  const id = await storedId;

  await page.reload();
  await page.locator(`.ag-row[row-id="${id}"] [col-id="date"]`).dblclick();
  const reopened = page.getByRole('dialog');
  await expect(reopened.getByRole('combobox', { name: /مشتری/ })).toHaveValue(chosen);
  await expect(field(reopened, 'تاریخ')).toHaveValue('۱۴۰۵/۰۹/۰۱');
  await expect(field(reopened, 'جمع (ریال)')).toHaveValue('۳٬۶۰۰');
  // the item is looked up: the typed text became the one item of that name (inventory.item «شکر»),
  // shown with its code
  await expect(reopened.locator('[row-index="0"] [col-id="item"]')).toHaveText(/^K-[۰-۹]{4} — شکر$/);
  await expect(reopened.locator('[row-index="1"]')).toHaveCount(0); // the blank line was not sent
});

test('the server rejects an unbalanced voucher from a stale client: the offending cell is marked, nothing typed is lost', async ({
  page,
}) => {
  // A client holding an older definition without the balance rule lets the voucher through; the
  // server still holds the rule and answers 417 naming the line the rule blames.
  await page.route('**/api/Meta/Entity/GetDefinition', async (route) => {
    const asked = JSON.parse(route.request().postData() ?? '{}') as { module?: string; name?: string };
    const response = await route.fetch();
    if (asked.module !== 'accounting' || asked.name !== 'voucher') return route.fulfill({ response });
    const body = (await response.json()) as { Data: { rules?: { rules?: { id: string }[] } } };
    const rules = body.Data.rules;
    expect(rules?.rules?.map((r) => r.id)).toContain('balanced');
    if (rules?.rules) rules.rules = rules.rules.filter((r) => r.id !== 'balanced');
    return route.fulfill({ response, json: body });
  });
  await signIn(page, 'staff');
  await page.goto('/accounting/voucher');
  await page.getByRole('button', { name: 'جدید', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'اسناد حسابداری — جدید' });
  await field(dialog, 'تاریخ').fill('۱۴۰۵/۰۸/۰۱');
  await field(dialog, 'شرح').fill('سند نامتوازن از کاربر قدیمی');
  await dialog.getByRole('button', { name: 'افزودن سطر' }).click();
  // account (lookup: first option), two detail accounts, description, debit, credit; Enter after the last adds a line
  for (const [account, debit, credit] of [
    ['تنخواه‌گردان', '۱۰۰۰', '۰'],
    ['فروش کالا', '۰', '۹۰۰'],
  ] as const) {
    await typeKeys(page, account, 0);
    await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
    await typeKeys(page, `\n\n\n\n${debit}\n${credit}\n`, 0);
  }
  await expect(field(dialog, 'جمع بدهکار')).toHaveValue('۱٬۰۰۰');
  await expect(field(dialog, 'جمع بستانکار')).toHaveValue('۹۰۰');

  const saved = page.waitForResponse((r) => r.url().endsWith('/Accounting/Voucher/Create'));
  await dialog.getByRole('button', { name: 'ذخیره', exact: true }).click();
  expect((await saved).status()).toBe(417);
  const modal = page.getByRole('dialog', { name: 'خطا' });
  // the server's text; the answer pipeline hands its digits on as Western ones (runtime/http/pipeline.ts)
  await expect(
    modal.getByText(/^جمع بدهکار و بستانکار سند برابر نیست؛ اختلاف (100|۱۰۰) ریال$/),
  ).toBeVisible();
  await modal.getByRole('button').first().click();
  await expect(modal).toBeHidden();
  // the form shows it once: listed under the lines at the row it blames, not again above the buttons
  await expect(dialog.getByText(/جمع بدهکار و بستانکار سند برابر نیست/)).toHaveCount(1);

  // the second line's credit cell carries the server's message; the other cells do not
  const offending = dialog.locator('[row-index="1"] [col-id="credit"]');
  await expect(offending).toHaveClass(/erp-line-cell-error/);
  await expect(offending.locator('[aria-description]')).toHaveAttribute(
    'aria-description',
    /^جمع بدهکار و بستانکار سند برابر نیست؛ اختلاف (100|۱۰۰) ریال$/,
  );
  await expect(dialog.locator('[row-index="0"] [col-id="debit"]')).not.toHaveClass(/erp-line-cell-error/);
  // what the user typed is all still there
  await expect(field(dialog, 'شرح')).toHaveValue('سند نامتوازن از کاربر قدیمی');
  await expect(dialog.locator('[row-index="0"] [col-id="debit"]')).toHaveText('۱٬۰۰۰');
  await expect(offending).toHaveText('۹۰۰');
  await expect(dialog.locator('[row-index="1"] [col-id="account"]')).toContainText('فروش کالا');
});
