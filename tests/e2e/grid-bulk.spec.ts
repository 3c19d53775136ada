/**
 * The grid's ticked rows (issue #22), the last two bulk actions, in the real app against the real
 * server under fa: «تغییر وضعیت» offers only the transitions of the user's role, applies each row's
 * own Update (the server checks each) and names the row that failed with the server's Persian
 * reason; «چاپ انتخاب‌شده‌ها» prints the ticked records one after another on the print route.
 * GRID_SHOTS=<dir> also saves screenshots (desktop and phone) there.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, signIn, toPersianDigits } from './helpers';
import { todayIso } from '../../runtime/shared/businessDay';

test.use({ viewport: { width: 1366, height: 768 } });

const SHOTS = process.env.GRID_SHOTS;

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

interface Row {
  id: number;
  version: number;
  number: string;
  status: string;
}

async function post<T>(request: APIRequestContext, token: string, path: string, data: object): Promise<T> {
  const answer = await request.post(`/api/${path}`, { headers: { authorization: `Bearer ${token}` }, data });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { Data: T }).Data;
}

test('ticked rows: workflow transition of the role, partial failure named; print of the ticked rows', async ({
  page,
  request,
}) => {
  const admin = await apiToken(request, 'admin');
  const first = <T>(path: string) =>
    post<{ rows: T[] }>(request, admin, `${path}/GetList`, { startRow: 0, endRow: 1 }).then(
      (l) => l.rows[0]!,
    );
  const vendor = (await first<{ id: number }>('SupplyChain/Vendor')).id;
  const item = (await first<{ id: number }>('Inventory/Item')).id;
  const stamp = String(Date.now()).slice(-6);
  // the number is the server's (given on finalise): drafts are found by their description
  const values = (n: number) => ({
    description: `PO-B${stamp}-${n}`,
    vendor,
    // today: the newest, so on the grid's first page (newest date first) beside the demo's orders
    date: todayIso(),
    lines: [{ item, quantity: 2, unitPrice: 1_500_000 }],
  });
  const create = (n: number) =>
    post<Row>(request, admin, 'SupplyChain/PurchaseOrder/Create', { values: values(n) });
  const move = (row: Row, n: number, status: string) =>
    post<Row>(request, admin, 'SupplyChain/PurchaseOrder/Update', {
      id: row.id,
      version: row.version,
      values: { ...values(n), status },
    });
  const draft = await create(1);
  // the second order is approved already: no transition leads from it back to «submitted»
  const approved = await move(await move(await create(2), 2, 'submitted'), 2, 'approved');

  await signIn(page, 'staff');
  await page
    .getByRole('navigation', { name: 'منو' })
    .getByRole('link', { name: 'سفارش‌های خرید', exact: true })
    .click();
  // dated today, these two are on the first page (newest date first)
  const tick = (row: Row) => page.locator(`.ag-row[row-id="${row.id}"] .ag-selection-checkbox input`);
  await expect(page.locator(`.ag-row[row-id="${approved.id}"]`)).toBeVisible();
  await tick(draft).check();
  await tick(approved).check();
  const bar = page.locator('[data-bulk-bar]');
  await expect(bar).toContainText('۲ ردیف انتخاب شده');
  await bar.getByRole('button', { name: 'تغییر وضعیت' }).click();
  // staff: draft → submitted and draft → cancelled; approved → received is the storekeeper's and admin's
  await expect(page.getByRole('menuitem', { name: 'به «ارسال‌شده برای تأیید»' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /تأییدشده|دریافت/ })).toHaveCount(0);
  await shot(page, 'bulk-transition-desktop');
  await page.getByRole('menuitem', { name: 'به «ارسال‌شده برای تأیید»' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'بله' }).click();
  const report = page.getByRole('dialog');
  await expect(report).toContainText('۱ رکورد انجام نشد');
  await expect(report).toContainText(
    // a draft without a number is named by its row id
    `ردیف ${toPersianDigits(String(approved.id))}: تغییر وضعیت از «تأییدشده» به «ارسال‌شده برای تأیید» در گردش کار تعریف نشده است.`,
  );
  await shot(page, 'bulk-transition-report-desktop');
  await report.getByRole('button').first().click();
  const stored = await post<Row>(request, admin, 'SupplyChain/PurchaseOrder/Get', { id: draft.id });
  expect(stored.status).toBe('submitted');
  expect((await post<Row>(request, admin, 'SupplyChain/PurchaseOrder/Get', { id: approved.id })).status).toBe(
    'approved',
  );

  // print of the ticked rows: both documents, one after the other, one Print button
  await expect(page.locator(`.ag-row[row-id="${draft.id}"]`)).toBeVisible();
  await tick(draft).check();
  await tick(approved).check();
  await bar.getByRole('button', { name: 'چاپ انتخاب‌شده‌ها' }).click();
  await expect(page).toHaveURL(new RegExp(`/supplyChain/purchaseOrder/${draft.id},${approved.id}/print$`));
  const docs = page.locator('[data-print-id]');
  await expect(docs).toHaveCount(2);
  // the print sheet shows each document (its description) in Persian digits
  await expect(docs.nth(0)).toContainText(toPersianDigits(`PO-B${stamp}-1`));
  await expect(docs.nth(1)).toContainText(toPersianDigits(`PO-B${stamp}-2`));
  await expect(page.getByRole('button', { name: 'چاپ', exact: true })).toHaveCount(1);
  // a page break before the second document's sheet
  expect(
    await docs
      .nth(1)
      .locator('article')
      .evaluate((el) => getComputedStyle(el).breakBefore),
  ).toBe('page');
  await shot(page, 'bulk-print-desktop');
  if (SHOTS) {
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'bulk-print-phone');
    await page.getByRole('button', { name: 'بازگشت' }).click();
    // dated today, these two are on the first page (newest date first)
    await expect(page.locator(`.ag-row[row-id="${draft.id}"]`).first()).toBeVisible();
  }
});
