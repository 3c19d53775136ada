/** Sign-in failure, route guards and the not-found page. */
import { expect, test } from '@playwright/test';
import { field, signIn, submitLogin } from './helpers';

test('a wrong password shows the Persian toast and stays on /login', async ({ page }) => {
  await submitLogin(page, 'staff', 'not-the-password');
  await expect(page.getByText('نام کاربری یا رمز عبور نادرست است.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'ورود', exact: true })).toBeVisible();
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/dashboard-does-not-exist/x/y');
  await expect(page.getByText('صفحه مورد نظر پیدا نشد.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard-does-not-exist\/x\/y$/);
});

test('a signed-out visit to the root goes to /login', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(field(page, 'نام کاربری')).toBeVisible();
});

test('the change-password page opens without a token', async ({ page }) => {
  await page.goto('/security/changePassword');
  await expect(page).toHaveURL(/\/security\/changePassword$/);
  await expect(field(page, 'رمز عبور فعلی')).toBeVisible();
  await expect(field(page, 'رمز عبور جدید')).toBeVisible();
});

test('a signed-in user who opens /login is sent to the root', async ({ page }) => {
  await signIn(page, 'staff');
  await page.goto('/login');
  await expect(page).toHaveURL(/^[^?#]*:\d+\/$/);
  await expect(page.getByRole('button', { name: 'خروج', exact: true })).toBeVisible();
});

test('after sign-in the grid screen loads when the shell is idle, a link its definition on hover, before a click', async ({
  page,
}) => {
  const paths: string[] = [];
  page.on('request', (r) => paths.push(new URL(r.url()).pathname));
  const gridChunk = () => paths.some((p) => /^\/assets\/EntityGrid-[\w-]+\.js$/.test(p));
  // the grid warm-up (src/prefetch.ts): a hidden grid drawn and removed once the chunks have loaded
  await page.addInitScript(() => {
    const w = window as unknown as { warmUp?: { seen: boolean; hidden: boolean } };
    new MutationObserver(() => {
      const el = document.querySelector('[data-grid-warm-up]');
      if (el && !w.warmUp) w.warmUp = { seen: true, hidden: el.getAttribute('aria-hidden') === 'true' };
    }).observe(document, { childList: true, subtree: true });
  });
  const warmUp = () => page.evaluate(() => (window as unknown as { warmUp?: object }).warmUp ?? null);
  await page.goto('/login');
  await page.waitForLoadState('networkidle');
  expect(gridChunk()).toBe(false);
  await signIn(page, 'staff');
  // no click yet: the shell fetched the chunk of the generated screens when the browser was idle
  await expect.poll(gridChunk).toBe(true);
  await expect(page).toHaveURL(/^[^?#]*:\d+\/$/);
  // then the warm-up: drawn hidden, gone afterwards, without a request of rows
  await expect.poll(warmUp).toEqual({ seen: true, hidden: true });
  await expect.poll(() => page.locator('[data-grid-warm-up], .ag-root-wrapper').count()).toBe(0);
  // (the header's period selector lists the fiscal periods; no other list is asked for)
  expect(paths.filter((p) => /\/GetList$/.test(p) && p !== '/api/Accounting/FiscalPeriod/GetList')).toEqual(
    [],
  );
  expect(paths).not.toContain('/api/Meta/Entity/GetDefinition');
  // (the period selector asked whether the user may read fiscal periods: before the hover)
  const beforeHover = paths.length;
  await page.locator('nav a[href="/sales/customer"]').hover();
  await expect
    .poll(() => paths.slice(beforeHover).filter((p) => /GetDefinition|GetEntityPermissions/.test(p)))
    .toEqual(['/api/Meta/Entity/GetDefinition', '/api/Security/Permission/GetEntityPermissions']);
  // the click finds both in the cache and the chunk loaded: it asks only for the rows
  const before = paths.length;
  await page.locator('nav a[href="/sales/customer"]').click();
  await expect(page.getByRole('grid').getByRole('gridcell').first()).toBeVisible();
  const after = paths.slice(before);
  expect(after.filter((p) => /GetDefinition|GetEntityPermissions|EntityGrid-/.test(p))).toEqual([]);
  expect(after).toContain('/api/Sales/Customer/GetList');
});
