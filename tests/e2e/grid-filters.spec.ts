/**
 * The grid's own filters against the real server: the choice filter of an enum column (picked from
 * its labels, applied at once, «همه» clears it) and the Jalali date filter (typed in Persian
 * digits, sent to the server as Gregorian). The rows shown are those GetList answers for the same
 * filter model.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { isoToJalali } from '../../runtime/shared/jalali';
import { apiToken, signIn, toPersianDigits } from './helpers';

interface Row {
  code: string;
  registeredOn?: string;
}

async function listCodes(request: APIRequestContext, token: string, filterModel: object): Promise<Row[]> {
  const answer = await request.post('/api/Sales/Customer/GetList', {
    headers: { authorization: `Bearer ${token}` },
    data: { startRow: 0, endRow: 1000, sortModel: [{ colId: 'code', sort: 'asc' }], filterModel },
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { Data: { rows: Row[] } }).Data.rows;
}

/** The codes of the rows the grid draws, in order. */
async function shownCodes(page: Page): Promise<string[]> {
  const rows = page.getByRole('grid').locator('.ag-row[row-index]');
  const indexed = await rows.evaluateAll((els) =>
    els.map((el) => ({
      index: Number(el.getAttribute('row-index')),
      code: el.querySelector('[col-id="code"]')?.textContent ?? '',
    })),
  );
  return indexed.sort((a, b) => a.index - b.index).map((r) => r.code);
}

async function openFilter(page: Page, colId: string) {
  const header = page.locator(`.ag-header-cell[col-id="${colId}"]`);
  await header.hover();
  await header.locator('.ag-header-cell-filter-button').click();
  return page.locator('.ag-filter');
}

test('the enum choice filter and the Jalali date filter show what the server selects', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'staff');
  await signIn(page, 'staff');
  await page.goto('/sales/customer');
  const grid = page.getByRole('grid');
  await expect(grid.getByRole('gridcell').first()).toBeVisible();

  // «نوع» = «حقوقی»: the companies only (every fourth seeded customer is one)
  const typeFilter = await openFilter(page, 'customerType');
  await typeFilter.getByRole('combobox', { name: 'نوع' }).selectOption({ label: 'حقوقی' });
  const typeCells = grid.locator('.ag-cell[col-id="customerType"]');
  await expect(typeCells.filter({ hasText: 'حقیقی' })).toHaveCount(0);
  await expect.poll(() => shownCodes(page)).toEqual(expect.arrayContaining(['C-۰۰۰۴', 'C-۰۰۰۸']));
  expect(await shownCodes(page)).not.toContain('C-۰۰۰۱');
  expect(new Set(await typeCells.allTextContents())).toEqual(new Set(['حقوقی']));
  // «همه» clears it: people are listed again
  await typeFilter.getByRole('combobox', { name: 'نوع' }).selectOption({ label: 'همه' });
  await expect(typeCells.filter({ hasText: 'حقیقی' }).first()).toBeVisible();
  await page.keyboard.press('Escape');

  // «تاریخ ثبت» equals the registration day of C-0001, typed in Jalali with Persian digits
  const [first] = await listCodes(request, token, {
    code: { filterType: 'text', type: 'equals', filter: 'C-0001' },
  });
  const iso = first?.registeredOn;
  expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  const sameDay = await listCodes(request, token, {
    registeredOn: { filterType: 'date', type: 'equals', dateFrom: `${iso} 00:00:00`, dateTo: null },
  });
  expect(sameDay.map((r) => r.code)).toContain('C-0001');
  const dateFilter = await openFilter(page, 'registeredOn');
  const input = dateFilter.getByRole('textbox', { name: 'تاریخ (سال/ماه/روز)' }).first();
  await expect(input).toHaveAttribute('placeholder', '۱۴۰۵/۰۱/۰۱');
  await input.fill(toPersianDigits(isoToJalali(iso!)!));
  await dateFilter.getByRole('button', { name: 'اعمال' }).click();
  await expect.poll(() => shownCodes(page)).toEqual(sameDay.map((r) => toPersianDigits(r.code)));
});
