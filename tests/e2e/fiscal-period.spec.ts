/**
 * The fiscal period is real (#23): picking a period in the header reloads the open invoice grid
 * with that period's rows only (the GetList carries the period as `selectedYear`), the grid and
 * the page title say which period is in force, «همهٔ دوره‌ها» sends no header and lists every
 * row, and a new invoice's date defaults into the picked period (a past period: its last day).
 * One page, signed in once. PERIOD_SHOTS=<dir> also saves screenshots (desktop and phone).
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { apiToken, field, signIn, toPersianDigits } from './helpers';
import { todayJalali } from '../../runtime/shared/jalali';

test.describe.configure({ mode: 'serial' });

const SHOTS = process.env.PERIOD_SHOTS;
const Y1404 = 'سال مالی ۱۴۰۴';
const Y1405 = 'سال مالی ۱۴۰۵';
const ALL = 'همهٔ دوره‌ها';

let page: Page;
/** The invoice GetList requests the page sent, newest last. */
const lists: Request[] = [];
/** The dashboard requests the page sent, newest last. */
const dashboards: Request[] = [];
const periodIds: Record<string, number> = {};
/** The invoices in each period, and in all, as the server counts them. */
let counts: Record<string, number> = {};

test.beforeAll(async ({ browser, request }) => {
  const token = await apiToken(request, 'staff');
  const post = async (path: string, headers: Record<string, string> = {}) => {
    const answer = await request.post(`/api/${path}/GetList`, {
      headers: { authorization: `Bearer ${token}`, ...headers },
      data: { startRow: 0, endRow: 100, totals: true },
    });
    expect(answer.ok(), await answer.text()).toBe(true);
    return ((await answer.json()) as { Data: { rows: { id: number; title: string }[]; lastRow: number } })
      .Data;
  };
  for (const p of (await post('Accounting/FiscalPeriod')).rows) periodIds[p.title] = p.id;
  expect(Object.keys(periodIds)).toEqual(expect.arrayContaining([Y1404, Y1405]));
  counts = {
    [Y1404]: (await post('Sales/Invoice', { selectedYear: String(periodIds[Y1404]) })).lastRow,
    [Y1405]: (await post('Sales/Invoice', { selectedYear: String(periodIds[Y1405]) })).lastRow,
    [ALL]: (await post('Sales/Invoice')).lastRow,
  };
  // the demo's invoices are of 1405 (1404 is closed and empty)
  expect(counts[Y1405]).toBeGreaterThan(0);
  expect(counts[Y1404]).toBe(0);

  page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
  page.on('request', (r) => {
    if (r.url().endsWith('/api/Sales/Invoice/GetList')) lists.push(r);
    if (r.url().endsWith('/api/Report/Dashboard')) dashboards.push(r);
  });
  await signIn(page, 'staff');
});

test.afterAll(async () => {
  await page.close();
});

/** The header's period selector. */
const selector = () => page.getByRole('combobox', { name: 'دوره مالی' });

/** Picks a period in the header; what is open (the grid, or the dashboard) asks again at once. */
async function pick(name: string, asked: Request[] = lists): Promise<void> {
  const before = asked.length;
  const option = page.getByRole('option', { name, exact: true });
  // a click while the screen is still settling may not open the list: open until it shows
  await expect(async () => {
    if (!(await option.isVisible())) await selector().click();
    await expect(option).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await option.click();
  await expect(selector()).toHaveText(name);
  await expect.poll(() => asked.length).toBeGreaterThan(before);
}

/** The footer's row count as the grid shows it. */
async function expectCount(n: number): Promise<void> {
  const shown = page.locator('[data-grid-footer] [data-total="count"]');
  if (n > 0) await expect(shown).toHaveText(`${toPersianDigits(String(n))} ردیف`);
  else await expect(page.getByText('رکوردی یافت نشد.')).toBeVisible();
}

async function shot(name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, animations: 'disabled' });
}

/** Opens a new invoice and answers its date field's text; the form is closed again. */
async function newInvoiceDate(): Promise<string> {
  await page.getByRole('button', { name: 'جدید', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'فاکتورهای فروش — جدید' });
  await expect(dialog).toBeVisible();
  const date = field(dialog, 'تاریخ');
  await expect(date).not.toHaveValue('');
  const value = await date.inputValue();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  return value;
}

test('the dashboard follows the picked period', async () => {
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => dashboards.length).toBeGreaterThan(0);
  expect(dashboards.at(-1)!.headers().selectedyear).toBe(String(periodIds[Y1405]));
  await pick(Y1404, dashboards);
  expect(dashboards.at(-1)!.headers().selectedyear).toBe(String(periodIds[Y1404]));
  await pick(Y1405, dashboards);
});

test('a picked period scopes the open invoice grid, the title and tag say it, new invoices are dated in it', async () => {
  await page.getByRole('navigation', { name: 'منو' }).getByRole('link', { name: 'فاکتورهای فروش' }).click();
  await expect(page).toHaveURL(/\/sales\/invoice$/);
  // the period in force after sign-in is the one containing today
  await expect(selector()).toHaveText(Y1405);
  await expect(page.getByTestId('period-tag')).toHaveText(`دوره: ${Y1405}`);
  await expectCount(counts[Y1405]!);
  await expect(page).toHaveTitle(new RegExp(`\\| ${Y1405}$`));
  expect(lists.at(-1)!.headers().selectedyear).toBe(String(periodIds[Y1405]));
  await shot('period-1405-desktop');

  await pick(Y1404);
  expect(lists.at(-1)!.headers().selectedyear).toBe(String(periodIds[Y1404]));
  await expectCount(0);
  await expect(page.getByTestId('period-tag')).toHaveText(`دوره: ${Y1404}`);
  await expect(page).toHaveTitle(new RegExp(`\\| ${Y1404}$`));
  // a new invoice of the past period 1404 is dated on its last day
  expect(await newInvoiceDate()).toBe('۱۴۰۴/۱۲/۲۹');
});

test('«همهٔ دوره‌ها» sends no period: every invoice, and a new one dated today', async () => {
  await pick(ALL);
  expect(lists.at(-1)!.headers().selectedyear).toBeUndefined();
  await expectCount(counts[ALL]!);
  await expect(page.getByTestId('period-tag')).toHaveText(`دوره: ${ALL}`);
  await expect(page).toHaveTitle(new RegExp(`\\| ${ALL}$`));
  expect(await newInvoiceDate()).toBe(toPersianDigits(todayJalali()));
  // the choice is kept over a reload (not replaced by the period of today)
  await page.reload();
  await expect(selector()).toHaveText(ALL);
  await expectCount(counts[ALL]!);
  await shot('period-all-desktop');

  await pick(Y1405);
  await expectCount(counts[Y1405]!);
  expect(await newInvoiceDate()).toBe(toPersianDigits(todayJalali()));

  // on a phone the scoped grid says its period too
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId('period-tag')).toHaveText(`دوره: ${Y1405}`);
  await expectCount(counts[Y1405]!);
  await shot('period-1405-phone');
  // the phone's menu drawer holds the period selector
  await page.getByRole('button', { name: 'باز کردن منو' }).click();
  await expect(selector()).toHaveText(Y1405);
  await shot('period-drawer-phone');
});
