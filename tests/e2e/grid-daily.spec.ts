/**
 * Grids for daily work (issue #22) in the real app against the real server, under fa at
 * 1366×768: the footer's row count and money sums (the server's totals of the filtered rows, in
 * Persian digits), one scroll container (the page itself never scrolls), quick search, the export
 * menu opening on the first click, an invalid Jalali date said at the date filter, ticking rows
 * with a bulk delete that names the row that failed and why, duplicating a record, and saved views
 * (the default one applied when the screen opens again).
 * GRID_SHOTS=<dir> also saves screenshots (desktop and phone) there.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, signIn, toPersianDigits } from './helpers';

test.use({ viewport: { width: 1366, height: 768 } });

const SHOTS = process.env.GRID_SHOTS;

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

interface Totals {
  count: number;
  sums: Record<string, string>;
}

/** The fiscal period the page sends as `selectedYear` (dated lists are scoped to it), if any. */
async function pagePeriod(page: Page): Promise<Record<string, string>> {
  const stored = await page.evaluate(() => localStorage.getItem('currentPeriod'));
  const id = stored ? (JSON.parse(stored) as { Id?: number }).Id : undefined;
  return id ? { selectedYear: String(id) } : {};
}

async function totalsOf(
  request: APIRequestContext,
  token: string,
  path: string,
  body: object = {},
  headers: Record<string, string> = {},
) {
  const answer = await request.post(`/api/${path}/GetList`, {
    headers: { authorization: `Bearer ${token}`, ...headers },
    data: { startRow: 0, endRow: 1, totals: true, ...body },
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { Data: { totals: Totals } }).Data.totals;
}

/** A sum as the footer shows it under fa: grouped with «٬», Persian digits. */
const faMoney = (text: string) => toPersianDigits(text.replace(/\B(?=(\d{3})+(?!\d))/g, '\u066c'));

async function menu(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'منو' }).getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('grid').getByRole('gridcell').first()).toBeVisible();
}

test('footer totals, one scroll container, quick search, first-click export and the invalid date', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'admin');
  await signIn(page, 'admin');
  await menu(page, 'فاکتورهای فروش');
  // the export menu opens on the first click, even before the browser was idle to prefetch it
  await page.getByRole('button', { name: 'خروجی', exact: true }).click();
  await expect(page.getByRole('menuitem', { name: 'خروجی CSV' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem', { name: 'خروجی CSV' })).toHaveCount(0);
  const footer = page.locator('[data-grid-footer]');
  // the same period as the grid's
  const totals = await totalsOf(request, token, 'Sales/Invoice', {}, await pagePeriod(page));
  await expect(footer.locator('[data-total="count"]')).toHaveText(
    `${toPersianDigits(String(totals.count))} ردیف`,
  );
  await expect(footer.locator('[data-total="grandTotal"]')).toContainText(faMoney(totals.sums.grandTotal!));
  await expect(footer).not.toContainText(/[0-9]/);
  // the page does not scroll: the grid (its header and the toolbar above it) fits the window
  const overflow = await page.evaluate(
    () => document.scrollingElement!.scrollHeight - document.scrollingElement!.clientHeight,
  );
  expect(overflow).toBeLessThanOrEqual(1);
  await shot(page, 'invoice-footer-desktop');

  // quick search on the customers: the rows the server finds, counted in the footer
  await menu(page, 'مشتریان');
  const search = page.getByRole('searchbox', { name: 'جست‌وجو' });
  const all = await totalsOf(request, token, 'Sales/Customer');
  await expect(page.locator('[data-total="count"]')).toHaveText(`${toPersianDigits(String(all.count))} ردیف`);
  const firstName = (await page.locator('.ag-row[row-index="0"] [col-id="name"]').textContent())!;
  const word = firstName.split(' ').at(-1)!;
  await search.fill(word.replace(/ی/g, 'ي'));
  const found = await totalsOf(request, token, 'Sales/Customer', { q: word });
  expect(found.count).toBeLessThan(all.count);
  await expect(page.locator('[data-total="count"]')).toHaveText(
    `${toPersianDigits(String(found.count))} ردیف`,
  );
  const names = page.locator('.ag-row .ag-cell[col-id="name"]');
  await expect(names).toHaveCount(found.count);
  for (const name of await names.allTextContents()) expect(name).toContain(word);
  await shot(page, 'customer-search-desktop');

  // and again on the first click, a second time
  await page.getByRole('button', { name: 'خروجی', exact: true }).click();
  await expect(page.getByRole('menuitem', { name: 'خروجی CSV' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem', { name: 'خروجی CSV' })).toHaveCount(0);
  await search.fill('');
  await expect(page.locator('[data-total="count"]')).toHaveText(`${toPersianDigits(String(all.count))} ردیف`);

  // an invalid Jalali date in a filter is said at the filter
  const header = page.locator('.ag-header-cell[col-id="registeredOn"]');
  await header.hover();
  await header.locator('.ag-header-cell-filter-button').click();
  const input = page.locator('.ag-filter').getByRole('textbox', { name: 'تاریخ (سال/ماه/روز)' }).first();
  await input.fill('۱۴۰۵/۱۳/۴۰');
  const alert = page.locator('.ag-filter').getByRole('alert');
  await expect(alert).toHaveText(/تاریخ نامعتبر است/);
  await expect(input).toHaveAccessibleDescription(/تاریخ نامعتبر است/);
  await shot(page, 'date-invalid-desktop');
  await input.fill('۱۴۰۵/۰۱/۳۱');
  await expect(alert).toBeHidden();
  await page.keyboard.press('Escape');
});

test('ticked rows: bulk delete names the row that failed and why; duplicate prefills a new form', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'admin');
  const create = async (code: string, name: string) => {
    const answer = await request.post('/api/Sales/Customer/Create', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        values: { code, name, customerType: 'person', nationalCode: '0499370899', city: 'قم', active: true },
      },
    });
    expect(answer.ok(), await answer.text()).toBe(true);
    return ((await answer.json()) as { Data: { id: number } }).Data.id;
  };
  const stamp = String(Date.now()).slice(-6);
  const a = await create(`Z-${stamp}-1`, 'گروهی یک');
  const b = await create(`Z-${stamp}-2`, 'گروهی دو');
  await signIn(page, 'admin');
  await menu(page, 'مشتریان');
  // C-0001 has invoices: its delete is refused by the server
  await page.getByRole('searchbox', { name: 'جست‌وجو' }).fill('گروهی');
  await expect(page.locator(`.ag-row[row-id="${a}"]`)).toBeVisible();
  await page.locator(`.ag-row[row-id="${a}"] .ag-selection-checkbox input`).check();
  await page.locator(`.ag-row[row-id="${b}"] .ag-selection-checkbox input`).check();
  const bar = page.locator('[data-bulk-bar]');
  await expect(bar).toContainText('۲ ردیف انتخاب شده');
  await shot(page, 'bulk-bar-desktop');

  // duplicate needs exactly one ticked row
  await expect(bar.getByRole('button', { name: 'رونوشت' })).toHaveCount(0);
  await page.locator(`.ag-row[row-id="${b}"] .ag-selection-checkbox input`).uncheck();
  await bar.getByRole('button', { name: 'رونوشت' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('جدید');
  await expect(dialog.getByRole('textbox', { name: /^نام/ })).toHaveValue('گروهی یک');
  await expect(dialog.getByRole('textbox', { name: /^کد مشتری/ })).toHaveValue('');
  await dialog.getByRole('button', { name: 'انصراف' }).click();
  await expect(dialog).toHaveCount(0);

  // bulk delete: two fresh customers and C-0001 (which invoices use)
  await page.getByRole('searchbox', { name: 'جست‌وجو' }).fill('');
  await expect(page.locator('.ag-row[row-id="1"]')).toBeVisible();
  await page.locator(`.ag-row[row-id="1"] .ag-selection-checkbox input`).check();
  await page.getByRole('searchbox', { name: 'جست‌وجو' }).fill('گروهی');
  await expect(page.locator(`.ag-row[row-id="${b}"]`)).toBeVisible();
  await page.locator(`.ag-row[row-id="${b}"] .ag-selection-checkbox input`).check();
  await expect(bar).toContainText('۳ ردیف انتخاب شده');
  await bar.getByRole('button', { name: 'حذف انتخاب‌شده‌ها' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'بله' }).click();
  const report = page.getByRole('dialog');
  await expect(report).toContainText('۱ رکورد انجام نشد');
  await expect(report).toContainText(/ردیف .*C-0001|ردیف .*شیرین/);
  await shot(page, 'bulk-report-desktop');
  await report.getByRole('button').first().click();
  await expect(page.locator(`.ag-row[row-id="${a}"]`)).toHaveCount(0);
  await expect(page.locator(`.ag-row[row-id="${b}"]`)).toHaveCount(0);
  await expect(bar).toHaveCount(0);
  if (SHOTS) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('searchbox', { name: 'جست‌وجو' }).fill('');
    await menu(page, 'فاکتورهای فروش').catch(() => undefined);
    await shot(page, 'invoice-footer-phone');
  }
});

test('saved views: save the current search and sort as the default, reopen with it, delete it', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'staff');
  await signIn(page, 'staff');
  await menu(page, 'مشتریان');
  const city = (await page.locator('.ag-row[row-index="0"] [col-id="city"]').textContent())!;
  const found = await totalsOf(request, token, 'Sales/Customer', { q: city });
  await page.getByRole('searchbox', { name: 'جست‌وجو' }).fill(city);
  const count = page.locator('[data-total="count"]');
  await expect(count).toHaveText(`${toPersianDigits(String(found.count))} ردیف`);
  // sort by name, descending (two clicks on the header)
  const nameHeader = page.locator('.ag-header-cell[col-id="name"] .ag-header-cell-label');
  await nameHeader.click();
  await nameHeader.click();
  await expect(page.locator('.ag-header-cell[col-id="name"]')).toHaveAttribute('aria-sort', 'descending');

  await page.getByRole('button', { name: 'نماها' }).click();
  const views = page.locator('[data-saved-views]');
  await expect(views).toContainText('نمایی ذخیره نشده است.');
  await views.getByRole('textbox', { name: 'نام نما' }).fill(`شهر ${city}`);
  await views.getByRole('checkbox', { name: 'نمای پیش‌فرض' }).check();
  await views.getByRole('button', { name: 'ذخیره نمای فعلی' }).click();
  await expect(views).toHaveCount(0); // saved: the popover closes
  await page.getByRole('button', { name: 'نماها' }).click();
  await expect(views.getByRole('button', { name: new RegExp(`شهر ${city}.*پیش‌فرض`) })).toBeVisible();
  await shot(page, 'saved-views-desktop');
  await page.keyboard.press('Escape');
  await expect(views).toHaveCount(0);

  // another screen and back: the default view is applied again
  await menu(page, 'فاکتورهای فروش');
  await menu(page, 'مشتریان');
  await expect(page.getByRole('searchbox', { name: 'جست‌وجو' })).toHaveValue(city);
  await expect(count).toHaveText(`${toPersianDigits(String(found.count))} ردیف`);
  await expect(page.locator('.ag-header-cell[col-id="name"]')).toHaveAttribute('aria-sort', 'descending');
  if (SHOTS) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'نماها' }).click();
    await shot(page, 'saved-views-phone');
    await page.keyboard.press('Escape');
    await expect(views).toHaveCount(0);
    await page.setViewportSize({ width: 1366, height: 768 });
  }

  // deleted: the server has none left for this user
  await page.getByRole('button', { name: 'نماها' }).click();
  await views.getByRole('button', { name: `حذف نمای شهر ${city}` }).click();
  await expect(views).toContainText('نمایی ذخیره نشده است.');
  const left = await request.post('/api/Grid/View/List', {
    headers: { authorization: `Bearer ${token}` },
    data: { entity: 'sales.customer' },
  });
  expect(((await left.json()) as { Data: unknown[] }).Data).toEqual([]);
});

test('saved views: hidden and reordered columns and a column filter come back; another user never sees the view', async ({
  page,
  browser,
  request,
}) => {
  const staff = await apiToken(request, 'staff');
  const viewName = `کدهای C-000 ${String(Date.now()).slice(-5)}`;
  const viewsOf = async (token: string) => {
    const answer = await request.post('/api/Grid/View/List', {
      headers: { authorization: `Bearer ${token}` },
      data: { entity: 'sales.customer' },
    });
    return ((await answer.json()) as { Data: { name: string }[] }).Data.map((v) => v.name);
  };
  // the header's columns in the order they are shown (AG Grid moves cells without reordering its DOM)
  const columnsOf = (p: Page) =>
    p.locator('.ag-header-cell').evaluateAll((cells) =>
      cells
        .map((c) => ({ id: c.getAttribute('col-id'), at: Number(c.getAttribute('aria-colindex')) }))
        .sort((a, b) => a.at - b.at)
        .map((c) => c.id)
        .filter((id) => id !== 'ag-Grid-SelectionColumn'),
    );
  const codeFilter = async (text: string) => {
    const header = page.locator('.ag-header-cell[col-id="code"]');
    await header.hover();
    await header.locator('.ag-header-cell-filter-button').click();
    const popup = page.locator('.ag-filter');
    await popup.getByRole('textbox', { name: 'مقدار فیلتر' }).first().fill(text);
    await popup.getByRole('button', { name: 'اعمال' }).click();
    await page.keyboard.press('Escape');
    await expect(popup).toHaveCount(0);
  };
  try {
    await signIn(page, 'staff');
    await menu(page, 'مشتریان');
    const count = page.locator('[data-total="count"]');
    const all = await totalsOf(request, staff, 'Sales/Customer');
    await expect(count).toHaveText(`${toPersianDigits(String(all.count))} ردیف`);
    const laidOut = await columnsOf(page);
    expect(laidOut.slice(0, 4)).toEqual(['code', 'name', 'customerType', 'city']);
    const filtered = await totalsOf(request, staff, 'Sales/Customer', {
      filterModel: { code: { filterType: 'text', type: 'contains', filter: 'C-000' } },
    });
    expect(filtered.count).toBeLessThan(all.count);

    // «نماها» lists the columns: «شهر» hidden, «نام» moved before «کد مشتری»
    const views = page.locator('[data-saved-views]');
    await page.getByRole('button', { name: 'نماها' }).click();
    const columns = views.getByRole('group', { name: 'ستون‌ها' });
    await columns.getByRole('checkbox', { name: 'شهر' }).uncheck();
    await columns.getByRole('button', { name: 'بردن ستون «نام» به جلو' }).click();
    const arranged = ['name', 'code', ...laidOut.slice(2).filter((c) => c !== 'city')];
    await expect.poll(() => columnsOf(page)).toEqual(arranged);
    await shot(page, 'saved-views-columns-desktop');
    await page.keyboard.press('Escape');
    await expect(views).toHaveCount(0);
    // a filter of the code column
    await codeFilter('C-000');
    await expect(count).toHaveText(`${toPersianDigits(String(filtered.count))} ردیف`);

    // saved under a name (not the default)
    await page.getByRole('button', { name: 'نماها' }).click();
    await views.getByRole('textbox', { name: 'نام نما' }).fill(viewName);
    await views.getByRole('button', { name: 'ذخیره نمای فعلی' }).click();
    await expect(views).toHaveCount(0);

    // the grid put back as it was: every column in its place, no filter
    await page.getByRole('button', { name: 'نماها' }).click();
    await columns.getByRole('checkbox', { name: 'شهر' }).check();
    await columns.getByRole('button', { name: 'بردن ستون «نام» به عقب' }).click();
    await page.keyboard.press('Escape');
    await codeFilter('');
    await expect(count).toHaveText(`${toPersianDigits(String(all.count))} ردیف`);
    expect(await columnsOf(page)).toEqual(laidOut);

    // the view applied: the columns hidden and moved, the filter again
    await page.getByRole('button', { name: 'نماها' }).click();
    await views.getByRole('button', { name: viewName, exact: true }).click();
    await expect.poll(() => columnsOf(page)).toEqual(arranged);
    await expect(count).toHaveText(`${toPersianDigits(String(filtered.count))} ردیف`);
    const codes = page.locator('.ag-row .ag-cell[col-id="code"]');
    await expect(codes.first()).toBeVisible();
    for (const code of await codes.allTextContents()) expect(code).toContain('C-۰۰۰');
    // the popover lists the columns as the view laid them out
    await page.getByRole('button', { name: 'نماها' }).click();
    await expect(columns.getByRole('checkbox', { name: 'شهر' })).not.toBeChecked();
    await expect(columns.locator('[data-col-id]').first()).toHaveAttribute('data-col-id', 'name');
    await page.keyboard.press('Escape');

    // another user: no such view, in the popover or from the server; the grid as laid out
    expect(await viewsOf(staff)).toContain(viewName);
    const other = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    try {
      await signIn(other, 'admin');
      await menu(other, 'مشتریان');
      await other.getByRole('button', { name: 'نماها' }).click();
      const theirs = other.locator('[data-saved-views]');
      await expect(theirs.getByRole('group', { name: 'ستون‌ها' })).toBeVisible();
      await expect(theirs.getByRole('button', { name: viewName, exact: true })).toHaveCount(0);
      await expect(theirs).not.toContainText(viewName);
      expect(await columnsOf(other)).toContain('city');
      expect(await viewsOf(await apiToken(request, 'admin'))).not.toContain(viewName);
    } finally {
      await other.close();
    }
  } finally {
    // staff's views as they were, for the other saved-views test
    await request.post('/api/Grid/View/Delete', {
      headers: { authorization: `Bearer ${staff}` },
      data: { entity: 'sales.customer', name: viewName },
    });
  }
});
