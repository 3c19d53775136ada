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
