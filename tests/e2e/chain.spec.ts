/**
 * The purchase chain through the generated screens (issue #25, docs/chain.md), as the storekeeper
 * works: opens a final purchase order, presses «ایجاد رسید کالا», finds the goods receipt's form
 * prefilled with the order's lines, receives less of the first line, saves and finalises the
 * receipt, and sees on the order the quantity received.
 */
import { expect, test } from '@playwright/test';
import { apiToken, signIn } from './helpers';

test.use({ viewport: { width: 1366, height: 768 } });

test('a goods receipt made from a final purchase order takes its quantity off the order', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'staff');
  const post = async <T>(path: string, data: object) => {
    const answer = await request.post(`/api/${path}`, {
      headers: { authorization: `Bearer ${token}` },
      data,
    });
    expect(answer.ok(), await answer.text()).toBe(true);
    return ((await answer.json()) as { Data: T }).Data;
  };
  type Rows = { rows: { id: number }[] };
  const vendor = (await post<Rows>('SupplyChain/Vendor/GetList', { startRow: 0, endRow: 1 })).rows[0]!.id;
  const item = (await post<Rows>('Inventory/Item/GetList', { startRow: 0, endRow: 1 })).rows[0]!.id;
  const warehouse = (await post<Rows>('Inventory/Warehouse/GetList', { startRow: 0, endRow: 1 })).rows[0]!.id;
  const draft = await post<{ id: number; version: number }>('SupplyChain/PurchaseOrder/Create', {
    values: {
      vendor,
      date: '2026-06-01',
      warehouse,
      lines: [
        { item, quantity: 10, unitPrice: 500_000 },
        { item, quantity: 3, unitPrice: 700_000 },
      ],
    },
  });
  const order = await post<{ id: number }>('SupplyChain/PurchaseOrder/Finalise', {
    id: draft.id,
    version: draft.version,
  });

  await signIn(page, 'staff');
  await page.goto(`/supplyChain/purchaseOrder?open=${order.id}`);
  const source = page.getByRole('dialog');
  const button = source.getByRole('button', { name: 'ایجاد رسید کالا', exact: true });
  await button.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/chain-order-button.png' });
  await button.click();

  // the goods receipts' screen opens a new receipt made from the order
  await expect(page).toHaveURL(/\/supplyChain\/goodsReceipt/);
  const form = page.getByRole('dialog', { name: /رسید کالای خریداری‌شده — جدید/ });
  await expect(form).toBeVisible();
  await expect(form.locator('[row-index="0"] [col-id="quantity"]')).toHaveText('۱۰');
  await expect(form.locator('[row-index="1"] [col-id="quantity"]')).toHaveText('۳');
  await form.locator('[row-index="0"] [col-id="quantity"]').click();
  await page.keyboard.type('4');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(form.locator('[row-index="0"] [col-id="quantity"]')).toHaveText('۴');
  const created = page.waitForResponse((r) => r.url().endsWith('/SupplyChain/GoodsReceipt/Create'));
  await form.getByRole('button', { name: 'ذخیره', exact: true }).click();
  const receipt = ((await (await created).json()) as { Data: { id: number } }).Data;
  await expect(page.getByText('ذخیره شد.').last()).toBeVisible();

  await page.goto(`/supplyChain/goodsReceipt?open=${receipt.id}`);
  const saved = page.getByRole('dialog');
  await saved.getByRole('button', { name: 'قطعی کردن', exact: true }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: 'قطعی شود؟' })
    .getByRole('button', { name: 'بله' })
    .click();
  await expect(page.getByText('سند قطعی شد.')).toBeVisible();

  // the order shows what was received of each line
  await page.goto(`/supplyChain/purchaseOrder?open=${order.id}`);
  const reopened = page.getByRole('dialog');
  await expect(reopened.locator('[row-index="0"] [col-id="receivedQuantity"]')).toHaveText('۴');
  await expect(reopened.locator('[row-index="1"] [col-id="receivedQuantity"]')).toHaveText('۳');
  await page.screenshot({ path: 'test-results/chain-order-received.png' });
  // on a phone the button is there too, under the lines
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/supplyChain/purchaseOrder?open=${order.id}`);
  const phone = page.getByRole('dialog').getByRole('button', { name: 'ایجاد رسید کالا', exact: true });
  await expect(phone).toBeVisible();
});
