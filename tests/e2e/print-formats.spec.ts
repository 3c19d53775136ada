/**
 * The shipped print formats and the list print (issue #27) in the real app against the real server
 * under fa: a receipt prints as «رسید دریافت وجه» with the company logo uploaded in the settings,
 * its number and amount in Persian digits and the amount in words; a goods receipt as «رسید انبار»
 * with item code, unit and quantity columns and the storekeeper's signature box; the customers'
 * grid's «چاپ فهرست» prints the rows its search selects as one table with Persian digits.
 * PRINT_SHOTS=<dir> also saves screenshots (1366 and 390 px wide) there.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, signIn, toPersianDigits } from './helpers';
import { formatMoney } from '../../runtime/shared/fieldKind';

test.use({ viewport: { width: 1366, height: 768 } });

const SHOTS = process.env.PRINT_SHOTS;

async function shots(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  await page.setViewportSize({ width: 1366, height: 1000 });
  await page.screenshot({ path: `${SHOTS}/${name}-1366.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/${name}-390.png` });
  await page.setViewportSize({ width: 1366, height: 768 });
}

type Row = Record<string, unknown> & { id: number };

async function post<T>(request: APIRequestContext, token: string, path: string, data: object): Promise<T> {
  const answer = await request.post(`/api/${path}`, { headers: { authorization: `Bearer ${token}` }, data });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { Data: T }).Data;
}

/** A small logo drawn by the browser (a PNG), uploaded to the settings' image field as `company.logo`. */
async function uploadLogo(page: Page, request: APIRequestContext, token: string): Promise<void> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 80;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#0f6cbd';
    g.beginPath();
    g.arc(40, 40, 34, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = '#fff';
    g.font = 'bold 28px sans-serif';
    g.fillText('P', 30, 50);
    g.fillStyle = '#0f6cbd';
    g.fillText('PARS', 80, 50);
    return canvas.toDataURL('image/png').split(',')[1]!;
  });
  const answer = await request.post('/api/Attachments/Upload/SystemConfig/Setting/image', {
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/octet-stream',
      'x-file-name': 'logo.png',
      'x-file-type': 'image/png',
    },
    data: Buffer.from(base64, 'base64'),
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  const id = ((await answer.json()) as { Data: { id: number } }).Data.id;
  await post(request, token, 'SystemConfig/Setting/Create', {
    values: { key: 'company.logo', image: String(id) },
  });
}

test('a receipt and a goods receipt print in their formats, with the logo; the customers print as a list', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'admin');
  await signIn(page, 'admin');
  await uploadLogo(page, request, token);

  // a receipt: its own format, the company logo, Persian digits, the amount in words
  const receipts = await post<{ rows: Row[] }>(request, token, 'Treasury/Receipt/GetList', {
    startRow: 0,
    endRow: 5,
    filterModel: { amount: { filterType: 'number', type: 'greaterThan', filter: 0 } },
  });
  const receipt = receipts.rows[0]!;
  await page.goto(`/treasury/receipt/${receipt.id}/print`);
  const sheet = page.locator('article.ps');
  await expect(sheet.getByRole('heading', { name: 'رسید دریافت وجه' })).toBeVisible();
  await expect(sheet.locator('img[data-logo]')).toBeVisible();
  await expect(sheet).toContainText(toPersianDigits(String(receipt.number)));
  await expect(sheet).toContainText(formatMoney(receipt.amount, 'fa'));
  await expect(sheet).toContainText('دریافت از');
  await expect(sheet).toContainText('مبلغ به حروف');
  await expect(sheet).toContainText('صندوقدار / دریافت‌کنندهٔ وجه');
  expect(await sheet.innerText()).not.toMatch(/[0-9]{3}/);
  await shots(page, 'print-receipt');

  // a goods receipt: item code, name, unit, quantity; the storekeeper's box
  const goods = await post<{ rows: Row[] }>(request, token, 'SupplyChain/GoodsReceipt/GetList', {
    startRow: 0,
    endRow: 1,
  });
  const gr = goods.rows[0]!;
  await page.goto(`/supplyChain/goodsReceipt/${gr.id}/print`);
  await expect(sheet.getByRole('heading', { name: 'رسید انبار (رسید کالا)' })).toBeVisible();
  const table = sheet.locator('table[data-block="lines"]');
  for (const label of ['کد کالا', 'نام کالا', 'واحد', 'مقدار'])
    await expect(table.locator('thead th').filter({ hasText: new RegExp(`^${label}$`) })).toBeVisible();
  await expect(table.locator('tbody tr').first()).toContainText('۱');
  await expect(sheet).toContainText(toPersianDigits(String(gr.number)));
  await expect(sheet).toContainText('انباردار (تحویل‌گیرنده)');
  expect(await sheet.innerText()).not.toMatch(/[0-9]{3}/);

  // the customers' list print: the grid's search, one table, Persian digits
  const customers = await post<{ rows: Row[]; lastRow: number }>(request, token, 'Sales/Customer/GetList', {
    startRow: 0,
    endRow: 500,
  });
  await page.goto('/sales/customer');
  await expect(page.locator('.ag-row').first()).toBeVisible();
  await page.getByRole('button', { name: 'چاپ فهرست' }).click();
  await expect(page).toHaveURL(/\/sales\/customer\/list\/print\?list=/);
  const list = page.locator('article[data-list-print]');
  await expect(list.getByRole('heading', { name: 'مشتریان' })).toBeVisible();
  await expect(list.locator('[data-count]')).toHaveText(`${toPersianDigits(String(customers.lastRow))} ردیف`);
  await expect(list.locator('tbody tr')).toHaveCount(customers.lastRow);
  const first = customers.rows.find((r) => typeof r.code === 'string')!;
  await expect(list).toContainText(toPersianDigits(String(first.code)));
  expect(await list.innerText()).not.toMatch(/[0-9]{3}/);
  await shots(page, 'print-list-customers');

  // with the grid's quick search: only the rows it selects
  await page.getByRole('button', { name: 'بازگشت' }).click();
  await expect(page.locator('.ag-row').first()).toBeVisible();
  await page.getByRole('searchbox', { name: 'جست‌وجو' }).fill(String(first.code));
  await expect(page.locator('.ag-row')).toHaveCount(1);
  await page.getByRole('button', { name: 'چاپ فهرست' }).click();
  await expect(list.locator('tbody tr')).toHaveCount(1);
  await expect(list.locator('[data-count]')).toHaveText('۱ ردیف');
});
