/**
 * The acceptance scenario: staff signs in, opens «مشتریان» from the side menu, creates a customer
 * with Persian digits, finds it again after a reload, and signs out. Also: an invalid form keeps
 * what was typed and shows the Persian messages inline.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiToken, field, signIn, toPersianDigits } from './helpers';

async function openCustomers(page: Page): Promise<void> {
  const menu = page.getByRole('navigation', { name: 'منو' });
  await menu.getByRole('link', { name: 'مشتریان', exact: true }).click();
  await expect(page).toHaveURL(/\/sales\/customer$/);
  // the grid has loaded rows from the server (the seed ships customers)
  await expect(page.getByRole('grid').getByRole('gridcell').first()).toBeVisible();
}

/** Opens the «جدید» form; returns its dialog. */
async function openNewForm(page: Page) {
  await page.getByRole('button', { name: 'جدید', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'مشتریان — جدید' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('staff creates a customer with Persian digits, finds it after a reload, and signs out', async ({
  page,
  request,
}) => {
  const name = 'مریم رضایی‌نژاد';
  await signIn(page, 'staff');
  await openCustomers(page);

  const dialog = await openNewForm(page);
  await field(dialog, 'کد مشتری').fill('۹۹۰۱');
  await field(dialog, 'نام').fill(name);
  await dialog.getByRole('combobox', { name: 'نوع' }).selectOption({ label: 'حقیقی' });
  // a natural person needs her national code (schemas/sales/customer.json)
  await field(dialog, 'کد ملی').fill('۰۴۹۹۳۷۰۸۹۹');
  await field(dialog, 'سقف اعتبار (ریال)').fill('۲۵۰۰۰۰۰');
  await dialog.getByRole('button', { name: 'ذخیره', exact: true }).click();
  await expect(page.getByText('ذخیره شد.')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.reload();
  // default sort is by code, ascending: «9901» sorts before the seeded «C-0001…» codes
  const row = page.getByRole('grid').getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByRole('gridcell', { name: toPersianDigits('9901'), exact: true })).toBeVisible();
  await expect(row.getByRole('gridcell', { name: 'حقیقی', exact: true })).toBeVisible();
  await expect(
    row.getByRole('gridcell', { name: toPersianDigits('2,500,000').replace(/,/g, '٬') }),
  ).toBeVisible();

  // the server stored Western digits and a number
  const token = await apiToken(request, 'staff');
  const list = await request.post('/api/Sales/Customer/GetList', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      startRow: 0,
      endRow: 10,
      sortModel: [],
      filterModel: { code: { filterType: 'text', type: 'equals', filter: '9901' } },
    },
  });
  expect(list.status()).toBe(200);
  const envelope = (await list.json()) as { Data: { rows: Array<Record<string, unknown>> } };
  expect(envelope.Data.rows).toHaveLength(1);
  expect(envelope.Data.rows[0]).toMatchObject({
    code: '9901',
    name,
    customerType: 'person',
    creditLimit: 2500000,
  });

  await page.getByRole('button', { name: 'خروج', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(field(page, 'نام کاربری')).toBeVisible();
});

test('an invalid customer form shows Persian messages inline and keeps what was typed', async ({ page }) => {
  await signIn(page, 'staff');
  await openCustomers(page);

  const dialog = await openNewForm(page);
  await field(dialog, 'کد مشتری').fill('۹۹۰۲');
  await field(dialog, 'کد ملی').fill('۱۲۳۴۵۶۷۸۹۰'); // the check digit should be 1
  await dialog.getByRole('button', { name: 'ذخیره', exact: true }).click();

  const inline = dialog.getByRole('alert');
  await expect(inline.filter({ hasText: 'این فیلد الزامی است.' })).toBeVisible(); // the empty name
  await expect(inline.filter({ hasText: 'کد ملی معتبر نیست.' })).toBeVisible();
  await expect(field(dialog, 'کد مشتری')).toHaveValue('۹۹۰۲');
  await expect(field(dialog, 'کد ملی')).toHaveValue('۱۲۳۴۵۶۷۸۹۰');
  // still on the form: nothing was saved
  await expect(dialog).toBeVisible();
  await expect(page.getByText('ذخیره شد.')).toHaveCount(0);
});
