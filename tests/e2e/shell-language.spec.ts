/**
 * Languages (spec section 2): Persian by default (right-to-left); switching to English reloads the
 * current route in English, left-to-right everywhere (html, Fluent, grid, menu, title); and back.
 */
import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

test('switching to English flips direction, menu, grid and title; switching back restores Persian', async ({
  page,
}) => {
  await signIn(page, 'staff');
  await page.goto('/sales/customer');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('.ag-rtl').first()).toBeVisible();
  await expect(page).toHaveTitle(/^مشتریان \| /);

  await page.getByRole('combobox', { name: 'زبان' }).selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page).toHaveURL(/\/sales\/customer$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('.fui-FluentProvider').first()).toHaveAttribute('dir', 'ltr');
  const nav = page.getByRole('navigation', { name: 'Menu' });
  await expect(nav.getByRole('link', { name: 'Customers', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out', exact: true })).toBeVisible();
  await expect(page.locator('.ag-ltr').first()).toBeVisible();
  await expect(page.locator('.ag-rtl')).toHaveCount(0);
  await expect(page).toHaveTitle(/^Customers \| /);

  await nav.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page).toHaveTitle(/^Dashboard \| /);

  await page.getByRole('combobox', { name: 'Language' }).selectOption('fa');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page).toHaveTitle(/^داشبورد \| /);
  await expect(
    page.getByRole('navigation', { name: 'منو' }).getByRole('link', { name: 'مشتریان' }),
  ).toBeVisible();
});
