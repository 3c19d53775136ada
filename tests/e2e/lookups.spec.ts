/**
 * Lookups that find the right record (issue #22), against the real server: a customer found by its
 * code typed in Persian digits and picked with the keyboard, shown «code — name»; an invoice line's
 * item picked with the mouse or typed as its exact code, its unit price filled from the item; free
 * text in a line cell refused at once; the grid's customer column filtered by a picked customer and
 * sorted by name; a goods receipt filled from the purchase order picked. The form's lookup keeps no
 * text that matches nothing (empty, or the row chosen before, with a Persian message at the field),
 * and its pick by keyboard fills the form as its pick by mouse.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './helpers';

const lineCell = (scope: Locator, row: number, col: string) =>
  scope.locator(`[row-index="${row}"] [col-id="${col}"]`);

/** Starts editing a line cell and types into its editor. */
async function typeInCell(page: Page, cell: Locator, text: string) {
  await cell.dblclick();
  const editor = page.locator('input.erp-line-lookup');
  await expect(editor).toBeFocused();
  await editor.fill(text);
  return editor;
}

test('lookups search by code and name, refuse free text, fill on pick, filter and sort the grid', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/sales/invoice');
  await page.getByRole('button', { name: 'جدید', exact: true }).click();
  const dialog = page.getByRole('dialog');

  // the customer by its code, typed in Persian digits, picked with arrows and Enter
  const customer = dialog.getByRole('combobox', { name: /مشتری/ });
  await customer.click();
  const searched = page.waitForResponse(
    (r) => r.url().endsWith('/Sales/Customer/GetList') && (r.request().postData() ?? '').includes('"0002"'),
  );
  await customer.pressSequentially('۰۰۰۲');
  await searched;
  const first = page.getByRole('option', { name: /^C-۰۰۰۲ — / });
  await expect(first).toBeVisible();
  const shown = (await first.textContent()) ?? '';
  await customer.press('ArrowDown');
  await customer.press('Enter');
  await expect(customer).toHaveValue(shown);
  expect(shown).not.toMatch(/[0-9]/);

  // free text in a line's item cell: refused at once, the cell stays empty, a Persian message says why
  await dialog.getByRole('button', { name: 'افزودن سطر' }).click();
  await page.keyboard.press('Escape');
  const item0 = lineCell(dialog, 0, 'item');
  const editor = await typeInCell(page, item0, 'zz-هیچ');
  await editor.press('Tab');
  await expect(dialog.getByRole('alert')).toContainText('«zz-هیچ» با هیچ ردیفی جور نیست');
  await expect(item0).toHaveText('');

  // the exact code typed without a pick takes that item, and its sale price fills the unit price
  await page.keyboard.press('Escape');
  const exact = await typeInCell(page, item0, 'K-۰۰۰۲');
  await exact.press('Tab');
  await expect(item0).toHaveText('K-۰۰۰۲ — شکر');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expect(lineCell(dialog, 0, 'unitPrice')).toHaveText('۴۹۶٬۰۰۰');

  // a second line: the item searched by name and picked with the mouse fills its price too
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'افزودن سطر' }).click();
  await page.keyboard.press('Escape');
  const item1 = lineCell(dialog, 1, 'item');
  await typeInCell(page, item1, 'روغن');
  const oil = page.getByRole('listbox', { name: 'کالا' }).getByRole('option', { name: /روغن مایع/ });
  // the option shows what is on hand after the item (showFields, docs/inventory.md); the cell not
  await expect(oil).toHaveText(/^K-[۰-۹]{4} — روغن مایع ۱ لیتری · موجودی: [۰-۹٬]+$/);
  await oil.click();
  await expect(item1).toHaveText(/^K-[۰-۹]{4} — روغن مایع ۱ لیتری$/);
  await expect(lineCell(dialog, 1, 'unitPrice')).toHaveText('۲۴۸٬۰۰۰');
  await page.screenshot({ path: 'test-results/lookups-lines.png' });
  await dialog.getByRole('button', { name: 'انصراف' }).click();
  // the form has unsaved lines: it asks before discarding them
  await page.getByRole('button', { name: 'دور ریختن تغییرات' }).click();
  await expect(dialog).toBeHidden();

  // the grid's customer column: filtered by a customer picked from a search, sorted by name
  const header = page.locator('.ag-header-cell[col-id="customer"]');
  await header.hover();
  await header.locator('.ag-header-cell-filter-button').click();
  const filter = page.locator('.ag-filter');
  const search = filter.getByRole('combobox');
  await expect(search).toBeFocused();
  const filtered = page.waitForResponse(
    (r) => r.url().endsWith('/Sales/Invoice/GetList') && (r.request().postData() ?? '').includes('"equals"'),
  );
  await search.fill('C-۰۰۰۱');
  const pick = filter.getByRole('option', { name: /^C-۰۰۰۱ — / });
  const name = ((await pick.textContent()) ?? '').split(' — ')[1] ?? '';
  await pick.click();
  await filtered;
  await page.screenshot({ path: 'test-results/lookups-grid-filter.png' });
  await page.keyboard.press('Escape');
  const cells = page.getByRole('grid').locator('.ag-row [col-id="customer"]');
  await expect(cells.first()).toHaveText(name);
  expect(new Set(await cells.allTextContents())).toEqual(new Set([name]));
});

test('a goods receipt picks its purchase order and takes its vendor, warehouse and outstanding lines', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/supplyChain/goodsReceipt');
  await page.getByRole('button', { name: 'جدید', exact: true }).click();
  const dialog = page.getByRole('dialog');
  const order = dialog.getByRole('combobox', { name: /سفارش خرید/ });
  await order.click();
  // a final order (the picker offers only those: docs/chain.md)
  const option = page.getByRole('option', { name: /^PO-/ }).first();
  await expect(option).not.toHaveText(/در حال جستجو/);
  // its outstanding lines, linked, come from CreateFrom
  const got = page.waitForResponse((r) => /\/SupplyChain\/GoodsReceipt\/CreateFrom$/.test(r.url()));
  await option.click();
  const po = (await (await got).json()) as { Data: { lines: { quantity: number }[] } };
  await expect(dialog.getByRole('combobox', { name: /تأمین/ })).toHaveValue(/^V-[۰-۹]{4} — /);
  await expect(dialog.getByRole('combobox', { name: /انبار/ })).toHaveValue(/^W-[۰-۹]{2} — /);
  // its lines: each item with the quantity outstanding (the fields the receipt's lines have)
  const rows = dialog.locator('[data-lines] [role="gridcell"][col-id="item"]');
  await expect(rows).toHaveCount(po.Data.lines.length);
  await expect(lineCell(dialog, 0, 'item')).toHaveText(/^K-[۰-۹]{4} — /);
  await expect(lineCell(dialog, 0, 'quantity')).not.toHaveText('');
  await page.screenshot({ path: 'test-results/lookups-receipt.png' });
});

test('the form lookup keeps no text that matches nothing; a pick by keyboard fills as a pick by mouse', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/supplyChain/goodsReceipt');
  const open = async () => {
    await page.getByRole('button', { name: 'جدید', exact: true }).click();
    const dialog = page.getByRole('dialog');
    return { dialog, order: dialog.getByRole('combobox', { name: /سفارش خرید/ }) };
  };
  const close = async () => {
    await page.getByRole('dialog').getByRole('button', { name: 'انصراف' }).click();
    const discard = page.getByRole('button', { name: 'دور ریختن تغییرات' });
    // a form the pick filled has unsaved changes: it asks first (wait for the one or the other)
    await expect
      .poll(async () => (await discard.isVisible()) || (await page.getByRole('dialog').count()) === 0)
      .toBe(true);
    if (await discard.isVisible()) await discard.click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  };
  /** What a pick of the purchase order put in the receipt: vendor, warehouse, lines' items and quantities. */
  const filled = async (dialog: Locator) => {
    await expect(lineCell(dialog, 0, 'item')).toHaveText(/^K-[۰-۹]{4} — /);
    const lines = await dialog.locator('[data-lines] [role="gridcell"][col-id="item"]').count();
    const read: string[] = [];
    for (let i = 0; i < lines; i++)
      read.push(
        `${await lineCell(dialog, i, 'item').textContent()} × ${await lineCell(dialog, i, 'quantity').textContent()}`,
      );
    return {
      vendor: await dialog.getByRole('combobox', { name: /تأمین/ }).inputValue(),
      warehouse: await dialog.getByRole('combobox', { name: /انبار/ }).inputValue(),
      lines: read,
    };
  };

  // text that matches no order: refused on leaving the field, with a Persian message at the field
  let { dialog, order } = await open();
  await order.click();
  await order.pressSequentially('zz-هیچ');
  await expect(page.getByRole('option', { name: 'موردی یافت نشد.' })).toBeVisible();
  // Tab leaves the input (for the list's own button, Fluent's next stop)
  await order.press('Tab');
  const refused = dialog.getByRole('alert').filter({ hasText: 'با هیچ ردیفی جور نیست' });
  await expect(refused).toHaveText('«zz-هیچ» با هیچ ردیفی جور نیست؛ یکی را از فهرست برگزینید.');
  await expect(order).toHaveValue('');
  await expect(order).toHaveAttribute('aria-invalid', 'true');
  await expect(order).toHaveAccessibleDescription(/«zz-هیچ» با هیچ ردیفی جور نیست/);
  // nothing was filled from it
  await expect(dialog.getByRole('combobox', { name: /تأمین/ })).toHaveValue('');
  const description = dialog.getByRole('textbox', { name: 'شرح' });
  await description.click();
  await expect(page.getByRole('listbox')).toHaveCount(0);

  // a pick by mouse: the first order of the list
  await order.click();
  // a numbered order (drafts other specs make have no number yet)
  const first = page.getByRole('option', { name: /^PO-/ }).first();
  await expect(first).toBeVisible();
  const text = (await first.textContent())!;
  await first.click();
  await expect(order).toHaveValue(text);
  await expect(refused).toHaveCount(0);
  const byMouse = await filled(dialog);
  expect(byMouse.vendor).toMatch(/^V-[۰-۹]{4} — /);
  expect(byMouse.lines.length).toBeGreaterThan(0);

  // text typed over a chosen order that matches nothing: the chosen order stays, the message says why
  await order.click();
  await order.press('Control+a');
  await order.pressSequentially('zz-هیچ');
  await description.click();
  await expect(refused).toBeVisible();
  await expect(order).toHaveValue(text);
  await close();

  // the same order by keyboard: typed, arrow, Enter
  ({ dialog, order } = await open());
  await order.focus();
  await order.pressSequentially(text);
  await expect(page.getByRole('option', { name: text, exact: true })).toBeVisible();
  await order.press('ArrowDown');
  await order.press('Enter');
  await expect(order).toHaveValue(text);
  expect(await filled(dialog)).toEqual(byMouse);
  await page.screenshot({ path: 'test-results/lookups-keyboard-pick.png' });
  await close();
});
