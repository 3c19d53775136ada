/** A vendor user sees only the vendor's entities; a customer route is refused in the client and the API. */
import { expect, test } from '@playwright/test';
import { apiToken, signIn } from './helpers';

test('a vendor sees only its entities and is refused the customers screen', async ({ page }) => {
  await signIn(page, 'vendor');
  const menu = page.getByRole('navigation', { name: 'منو' });
  await expect(menu.getByRole('link', { name: 'تأمین‌کنندگان', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'مشتریان', exact: true })).toHaveCount(0);

  await page.goto('/sales/customer');
  await expect(page.getByText('شما به این بخش دسترسی ندارید.')).toBeVisible();
  await expect(page).toHaveURL(/^[^?#]*:\d+\/$/);
  await expect(page.getByRole('grid')).toHaveCount(0);
});

test('a vendor opening any path under a module outside its menu, even one no screen matches, is refused to the root', async ({
  page,
}) => {
  await signIn(page, 'vendor');
  // (treasury is in the vendor's menu since its cheques are: docs/treasury.md; HR is not)
  for (const path of ['/accounting/anything/1', '/sales/customer/7/edit/x', '/HR/nothing']) {
    await page.goto(path);
    await expect(page.getByText('شما به این بخش دسترسی ندارید.').first()).toBeVisible();
    await expect(page).toHaveURL(/^[^?#]*:\d+\/$/);
    await expect(page.getByText('۴۰۴')).toHaveCount(0);
  }
});

test('staff opening a module path no screen matches sees the page-not-found screen', async ({ page }) => {
  await signIn(page, 'staff');
  await page.goto('/accounting/anything/1');
  await expect(page.getByRole('heading', { name: '۴۰۴' })).toBeVisible();
  await expect(page).toHaveURL(/\/accounting\/anything\/1$/);
});

test('the API answers 403 to a vendor asking for customers', async ({ request }) => {
  const token = await apiToken(request, 'vendor');
  const response = await request.post('/api/Sales/Customer/GetList', {
    headers: { Authorization: `Bearer ${token}` },
    data: { startRow: 0, endRow: 10, sortModel: [], filterModel: {} },
  });
  expect(response.status()).toBe(403);
});
