/**
 * One entity of each operations module, through its generated screen: open it by URL, see the
 * seeded list, create a row, edit it and delete it (inventory, supply chain, planning, HR, salary,
 * transport). Rows are given values that sort first, so they show on the first page. The workflow
 * history is written by the server only: its screen lists rows and offers no new/edit/delete.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiToken, field, signIn } from './helpers';

interface Case {
  route: string;
  /** Entity title (screen heading and dialog titles). */
  title: string;
  /** A text field whose value identifies the row in the grid, before and after the edit. */
  marker: [label: string, created: string, edited: string];
  texts?: Record<string, string>;
  selects?: Record<string, string>;
}

const CASES: Case[] = [
  {
    route: '/inventory/unit',
    title: 'واحدهای سنجش',
    marker: ['عنوان', 'آآ واحد آزمون', 'آآ واحد ویرایش‌شده'],
  },
  {
    route: '/supplyChain/vendor',
    title: 'تأمین‌کنندگان',
    marker: ['نام', 'آزمون تأمین', 'آزمون تأمین ویرایش‌شده'],
    texts: { 'کد تأمین‌کننده': '0-E2E' },
  },
  {
    route: '/planning/plan',
    title: 'برنامه‌ها در برابر عملکرد',
    marker: ['عنوان برنامه', 'برنامه آزمون', 'برنامه آزمون ویرایش‌شده'],
    texts: { 'از تاریخ': '۱۴۰۰/۰۱/۰۱', 'تا تاریخ': '۱۴۰۰/۰۱/۳۱', هدف: '۱۰۰' },
  },
  {
    route: '/HR/employee',
    title: 'کارکنان',
    marker: ['نام و نام خانوادگی', 'کارمند آزمون', 'کارمند آزمون ویرایش‌شده'],
    texts: {
      'کد پرسنلی': '0-E2E',
      'کد ملی': '۰۴۹۹۳۷۰۸۹۹',
      'تاریخ استخدام': '۱۴۰۵/۰۱/۱۵',
      'حقوق پایه ماهانه (ریال)': '۲۰۰۰۰۰۰۰۰',
    },
    selects: { 'واحد سازمانی': 'مالی' },
  },
  {
    route: '/salary/payrollRun',
    title: 'لیست‌های حقوق',
    marker: ['عنوان', 'حقوق آزمون', 'حقوق آزمون ویرایش‌شده'],
    // the month fills its dates (1405/12/01 … 1405/12/30): the newest start inside the selected
    // fiscal period 1405 (payroll runs are dated by endDate: the list shows that period's runs)
    texts: { سال: '۱۴۰۵' },
    selects: { ماه: 'اسفند' },
  },
  { route: '/transport/vehicle', title: 'خودروها', marker: ['پلاک', 'آآ آزمون', 'آآ آزمون ویرایش'] },
];

function gridRow(page: Page, text: string): Locator {
  return page
    .getByRole('grid')
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell', { name: text, exact: true }) });
}

async function save(page: Page, dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'ذخیره', exact: true }).click();
  await expect(page.getByText('ذخیره شد.').last()).toBeVisible();
  await expect(dialog).toBeHidden();
}

async function createEditDelete(page: Page, c: Case): Promise<void> {
  await page.goto(c.route);
  await expect(page.getByRole('heading', { name: c.title, exact: true })).toBeVisible();
  // the seeded rows are listed
  await expect(page.getByRole('grid').getByRole('gridcell').first()).toBeVisible({ timeout: 30_000 });

  await page.getByRole('button', { name: 'جدید', exact: true }).click();
  const created = page.getByRole('dialog', { name: `${c.title} — جدید` });
  await expect(created).toBeVisible();
  const [label, first, second] = c.marker;
  await field(created, label).fill(first);
  for (const [name, value] of Object.entries(c.texts ?? {})) await field(created, name).fill(value);
  for (const [name, option] of Object.entries(c.selects ?? {}))
    await created.getByRole('combobox', { name }).selectOption({ label: option });
  await save(page, created);
  await expect(gridRow(page, first)).toBeVisible();

  await gridRow(page, first).getByRole('gridcell', { name: first, exact: true }).click();
  await page.getByRole('button', { name: 'ویرایش', exact: true }).click();
  const edited = page.getByRole('dialog', { name: `${c.title} — ویرایش` });
  await expect(field(edited, label)).toHaveValue(first);
  await field(edited, label).fill(second);
  await save(page, edited);
  await expect(gridRow(page, second)).toBeVisible();
  await expect(gridRow(page, first)).toHaveCount(0);

  // delete right after the edit: the selected row carries the new version
  await gridRow(page, second).getByRole('gridcell', { name: second, exact: true }).click();
  await page.getByRole('button', { name: 'حذف', exact: true }).click();
  await page.getByRole('button', { name: 'بله', exact: true }).click();
  await expect(page.getByText('حذف شد.').last()).toBeVisible();
  await expect(gridRow(page, second)).toHaveCount(0);
}

test('the workflow history is read-only, for admin too: listed, no new, edit or delete', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/workFlow/transitionLog');
  await expect(page.getByRole('heading', { name: 'تاریخچه گردش کار', exact: true })).toBeVisible();
  await expect(page.getByRole('grid').getByRole('gridcell').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'بازخوانی', exact: true })).toBeVisible();
  for (const name of ['جدید', 'ویرایش', 'حذف'])
    await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
});

test('one entity of each operations module: list, create, edit, delete', async ({ page }) => {
  // six screens in one signed-in session (a loaded 2-core machine needs the room)
  test.setTimeout(240_000);
  await signIn(page, 'admin');
  for (const c of CASES) await test.step(c.route, () => createEditDelete(page, c));
});

test('a payroll run is computed from its toolbar button (definition.rowActions): confirm, toast, totals filled', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'staff');
  const title = 'آآ حقوق محاسبه آزمون';
  // dated after every seeded run, so it sorts first (newest start date), and inside the selected
  // fiscal period 1405 the list is scoped to
  const created = await request.post('/api/Salary/PayrollRun/Create', {
    headers: { Authorization: `Bearer ${token}` },
    data: { values: { title, year: 1405, month: 12, startDate: '2027-02-20', endDate: '2027-03-20' } },
  });
  expect(created.status(), await created.text()).toBe(200);

  await signIn(page, 'staff');
  await page.goto('/salary/payrollRun');
  const row = gridRow(page, title);
  const cell = (col: string) => row.locator(`[col-id="${col}"]`);
  await expect(row).toBeVisible();
  await expect(cell('totalGross')).toHaveText('');
  await expect(cell('employees')).toHaveText('');
  const compute = page.getByRole('button', { name: 'محاسبه حقوق', exact: true });
  await expect(compute).toBeDisabled();
  await row.getByRole('gridcell', { name: title, exact: true }).click();
  await compute.click();
  const ask = page.getByRole('dialog');
  await expect(ask).toContainText('فیش‌های این لیست از روی اطلاعات کارکنان و مرخصی‌ها دوباره محاسبه');
  const answered = page.waitForResponse((r) => r.url().endsWith('/Salary/PayrollRun/Compute'));
  await ask.getByRole('button', { name: 'بله', exact: true }).click();
  expect((await answered).status()).toBe(200);
  await expect(page.getByText('لیست حقوق محاسبه شد.')).toBeVisible();

  // the grid was refreshed: the run is computed, with its employees and totals
  await expect(cell('status')).toHaveText('محاسبه‌شده');
  await expect(cell('employees')).toHaveText(/^[۱-۹][۰-۹]*$/);
  await expect(cell('totalGross')).toHaveText(/^[۱-۹][۰-۹٬]*$/);
  await expect(cell('totalNet')).toHaveText(/^[۱-۹][۰-۹٬]*$/);

  // computing again is allowed right away: the selected row carries the new version
  await compute.click();
  await page.getByRole('dialog').getByRole('button', { name: 'بله', exact: true }).click();
  await expect(page.getByText('لیست حقوق محاسبه شد.')).toHaveCount(2);
});

test('the compute button is not drawn for a user who may not edit payroll runs', async ({ page }) => {
  await signIn(page, 'analyst');
  await page.goto('/salary/payrollRun');
  await expect(page.getByRole('grid').getByRole('gridcell').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'بازخوانی', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'محاسبه حقوق', exact: true })).toHaveCount(0);
});
