/**
 * Export from the grid toolbar: staff filters the customers grid by code, picks «خروجی CSV» from
 * the «خروجی» menu, and the downloaded file (UTF-8 with BOM, Persian headers) holds exactly the
 * rows the filter selects — all of them, as the server reads them, not only the loaded page. The
 * ticked rows' bar exports exactly the ticked rows (an XLSX workbook).
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { apiToken, signIn } from './helpers';
import { unzip } from '../support/zip';

const FILTER = { code: { filterType: 'text', type: 'contains', filter: 'C-000' } };

test('staff exports the filtered customers to CSV from the toolbar', async ({ page, request }) => {
  await signIn(page, 'staff');
  await page
    .getByRole('navigation', { name: 'منو' })
    .getByRole('link', { name: 'مشتریان', exact: true })
    .click();
  await expect(page).toHaveURL(/\/sales\/customer$/);
  const grid = page.getByRole('grid');
  await expect(grid.getByRole('gridcell').first()).toBeVisible();

  // filter «کد مشتری» (contains «C-000») through the column's filter popup
  const header = page.locator('.ag-header-cell[col-id="code"]');
  await header.hover();
  await header.locator('.ag-header-cell-filter-button').click();
  const popup = page.locator('.ag-filter');
  await popup.getByRole('textbox', { name: 'مقدار فیلتر' }).first().fill('C-000');
  await popup.getByRole('button', { name: 'اعمال' }).click();
  await expect(grid.getByRole('row').filter({ hasText: 'C-0010' })).toHaveCount(0);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'خروجی', exact: true }).click();
  await page.getByRole('menuitem', { name: 'خروجی CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^مشتریان-1[34]\d\d-\d\d-\d\d\.csv$/);
  const bytes = await readFile((await file.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
  expect(lines[0]!.split(',').slice(0, 3)).toEqual(['کد مشتری', 'نام', 'نوع']);

  // the same filter asked of GetList: the file holds exactly those rows, in the grid's order
  const token = await apiToken(request, 'staff');
  const list = await request.post('/api/Sales/Customer/GetList', {
    headers: { Authorization: `Bearer ${token}` },
    data: { startRow: 0, endRow: 1000, sortModel: [], filterModel: FILTER },
  });
  const rows = ((await list.json()) as { Data: { rows: { code: string }[] } }).Data.rows;
  expect(rows.length).toBe(9);
  expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(rows.map((r) => r.code));
});

test('staff ticks two customers and «خروجی انتخاب‌شده‌ها» downloads exactly those rows', async ({
  page,
  request,
}) => {
  // two customers far apart in the grid's order (the first page holds both)
  const token = await apiToken(request, 'staff');
  const list = await request.post('/api/Sales/Customer/GetList', {
    headers: { Authorization: `Bearer ${token}` },
    data: { startRow: 0, endRow: 8, sortModel: [{ colId: 'code', sort: 'asc' }], filterModel: {} },
  });
  const rows = ((await list.json()) as { Data: { rows: { id: number; code: string }[] } }).Data.rows;
  const picked = [rows[1]!, rows[6]!];

  await signIn(page, 'staff');
  await page
    .getByRole('navigation', { name: 'منو' })
    .getByRole('link', { name: 'مشتریان', exact: true })
    .click();
  for (const row of picked) {
    await expect(page.locator(`.ag-row[row-id="${row.id}"]`)).toBeVisible();
    await page.locator(`.ag-row[row-id="${row.id}"] .ag-selection-checkbox input`).check();
  }
  const bar = page.locator('[data-bulk-bar]');
  await expect(bar).toContainText('۲ ردیف انتخاب شده');
  const download = page.waitForEvent('download');
  await bar.getByRole('button', { name: 'خروجی انتخاب‌شده‌ها' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^مشتریان-1[34]\d\d-\d\d-\d\d\.xlsx$/);
  const sheet = unzip(await readFile((await file.path())!)).get('xl/worksheets/sheet1.xml')!;
  // the header row, then one row per ticked customer: their codes (column A), nothing else
  expect(sheet).toContain('<t xml:space="preserve">کد مشتری</t>');
  const codes = [...sheet.matchAll(/<c r="A(\d+)"[^>]*><is><t xml:space="preserve">([^<]*)</g)]
    .filter((m) => m[1] !== '1')
    .map((m) => m[2]);
  expect(codes.sort()).toEqual(picked.map((r) => r.code).sort());
  expect([...sheet.matchAll(/<row /g)]).toHaveLength(3);
});
