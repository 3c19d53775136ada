/**
 * The acceptance scenario: staff signs in, opens «مشتریان» from the side menu, creates a customer
 * with Persian digits, finds it again after a reload, and signs out. Also: an invalid form keeps
 * what was typed and shows the Persian messages inline.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiToken, signIn, toPersianDigits } from './helpers';

async function openCustomers(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'مشتریان', exact: true }).click();
  await expect(page).toHaveURL(/\/sales\/customer$/);
  // the grid has loaded rows from the server (the seed ships customers)
  await expect(page.getByRole('gridcell').first()).toBeVisible();
}

test('staff creates a customer with Persian digits, finds it after a reload, and signs out', async ({
  page,
  request,
}) => {
  const name = 'مریم رضایی‌نژاد';
  await signIn(page, 'staff');
  await openCustomers(page);

  await page.getByRole('button', { name: 'جدید', exact: true }).click();
  await page.getByLabel('کد مشتری').fill('۹۹۰۱');
  await page.getByLabel('نام', { exact: true }).fill(name);
  await page.getByLabel('سقف اعتبار (ریال)').fill('۲۵۰۰۰۰۰');
  await page.getByRole('button', { name: 'ذخیره', exact: true }).click();
  await expect(page.getByText('ذخیره شد.')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('gridcell').first()).toBeVisible();
  // newest code last in the default ascending sort: sort by code descending to bring it to the top
  const codeHeader = page.getByRole('columnheader', { name: 'کد مشتری' });
  await codeHeader.click();
  await expect(codeHeader).toHaveAttribute('aria-sort', 'ascending');
  await codeHeader.click();
  await expect(codeHeader).toHaveAttribute('aria-sort', 'descending');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByRole('gridcell', { name: toPersianDigits('9901'), exact: true })).toBeVisible();
  await expect(row.getByRole('gridcell', { name: 'حقیقی', exact: true })).toBeVisible();

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
  await expect(page.getByLabel('نام کاربری')).toBeVisible();
});

test('an invalid customer form shows Persian messages inline and keeps what was typed', async ({ page }) => {
  await signIn(page, 'staff');
  await openCustomers(page);

  await page.getByRole('button', { name: 'جدید', exact: true }).click();
  await page.getByLabel('کد مشتری').fill('۹۹۰۲');
  await page.getByLabel('کد ملی').fill('۱۲۳۴۵۶۷۸۹۰'); // check digit should be 1
  await page.getByRole('button', { name: 'ذخیره', exact: true }).click();

  await expect(page.getByText('این فیلد الزامی است.')).toBeVisible();
  await expect(page.getByText('کد ملی معتبر نیست.')).toBeVisible();
  await expect(page.getByLabel('کد مشتری')).toHaveValue(/^(۹۹۰۲|9902)$/);
  await expect(page.getByLabel('کد ملی')).toHaveValue(/^(۱۲۳۴۵۶۷۸۹۰|1234567890)$/);
  // still on the form: nothing was saved
  await expect(page.getByRole('button', { name: 'ذخیره', exact: true })).toBeVisible();
  await expect(page.getByText('ذخیره شد.')).toHaveCount(0);
});
