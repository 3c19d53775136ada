/**
 * HTML and script in stored text render as text: rows whose text fields hold `<img onerror>` and
 * `<script>` show those characters literally in the grid and in the form, and nothing runs (no
 * dialog, no global set by the payload, no CSP violation from an injected handler).
 */
import { expect, test } from '@playwright/test';
import { apiToken, signIn } from './helpers';

test.use({ serviceWorkers: 'block' });

// no digits: the display turns them into Persian ones
const IMG = '<img src=x onerror="window.__xss=true;alert()">';
const SCRIPT = '<script>window.__xss=true;alert()</script>';

test('HTML and script in text fields render as text in the grid and the form', async ({ page, request }) => {
  const token = await apiToken(request, 'staff');
  const created = await request.post('/api/Sales/Customer/Create', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      values: { code: 'XSS-A', name: `${IMG} نام`, customerType: 'person', address: SCRIPT, city: IMG },
    },
  });
  expect(created.status(), await created.text()).toBe(200);

  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await signIn(page, 'staff');
  await page.goto('/sales/customer');
  const row = page.getByRole('grid').getByRole('row').filter({ hasText: 'XSS-A' });
  await expect(row).toBeVisible();
  await expect(row.getByText(`${IMG} نام`, { exact: true })).toBeVisible();
  // no element was made from the payload
  expect(await page.locator('img[src="x"]').count()).toBe(0);

  await row.getByText('XSS-A', { exact: true }).dblclick();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'نام', exact: true })).toHaveValue(`${IMG} نام`);
  expect(await page.locator('img[src="x"], script:not([src])').count()).toBe(0);

  expect(await page.evaluate(() => (window as unknown as { __xss?: boolean }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
});
