/**
 * Role names in Persian (issue #22): the users, permissions and menu-access screens name the
 * shipped roles by their translations (src/pages/security/roleName.ts), never by their keys
 * (`storekeeper`, `staff`…). User names are identifiers the user typed and keep their Latin letters.
 */
import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

test.use({ viewport: { width: 1366, height: 768 } });

/** The shipped roles as fa.json names them (security.roleNames). */
const ROLES: Record<string, string> = {
  admin: 'مدیر سامانه',
  staff: 'کارمند',
  vendor: 'تأمین‌کننده',
  customer: 'مشتری',
  storekeeper: 'انباردار',
  analyst: 'تحلیلگر',
};
const KEY = /^(admin|staff|vendor|customer|storekeeper|analyst)$/;

test('the users, permissions and menu-access screens show Persian role names, not role keys', async ({
  page,
}) => {
  await signIn(page, 'admin');

  // users: the role column of every demo user, and the role chosen in the user's dialog
  await page.goto('/security/users');
  const users = page.getByRole('table');
  const storekeeper = users.getByRole('row').filter({ hasText: 'storekeeper' });
  await expect(storekeeper).toBeVisible();
  const header = await users.locator('thead th').allTextContents();
  const roleAt = header.indexOf('نقش');
  expect(roleAt).toBeGreaterThanOrEqual(0);
  await expect(storekeeper.getByRole('cell').nth(roleAt)).toHaveText(ROLES.storekeeper!);
  const roles = await users
    .locator('tbody tr')
    .evaluateAll((rows, at) => rows.map((r) => r.querySelectorAll('td')[at]?.textContent ?? ''), roleAt);
  expect(roles.length).toBeGreaterThanOrEqual(6);
  for (const role of roles) expect(role).not.toMatch(KEY);
  expect(roles).toEqual(expect.arrayContaining(Object.values(ROLES)));
  await page.getByRole('button', { name: 'ویرایش storekeeper', exact: true }).click();
  const dialog = page.getByRole('dialog');
  const chosen = dialog.getByRole('combobox', { name: /نقش/ });
  await expect(chosen).toBeVisible();
  const options = await chosen.locator('option').allTextContents();
  for (const option of options) expect(option).not.toMatch(KEY);
  expect(options).toContain(ROLES.storekeeper);
  expect(await chosen.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent)).toBe(
    ROLES.storekeeper,
  );
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // permissions: the role select and the matrix named by the Persian role
  await page.goto('/security/permissions');
  const role = page.getByRole('combobox', { name: 'نقش' });
  await expect(role).toBeVisible();
  const names = await role.locator('option').allTextContents();
  expect(names.length).toBeGreaterThanOrEqual(6);
  for (const name of names) expect(name).not.toMatch(KEY);
  expect(names).toEqual(expect.arrayContaining(Object.values(ROLES)));
  await role.selectOption('storekeeper');
  await expect(page.getByRole('table', { name: `مجوزهای نقش ${ROLES.storekeeper}` })).toBeVisible();

  // menu access: the roles' group of the «نقش یا کاربر» select
  await page.goto('/security/menu');
  await page.getByRole('tab', { name: 'دسترسی تأمین‌کنندگان و مشتریان' }).click();
  const who = page.getByRole('combobox', { name: 'نقش یا کاربر' });
  const groups = await who.locator('optgroup[label="نقش‌ها"] option').allTextContents();
  expect(groups.length).toBeGreaterThan(0);
  for (const name of groups) expect(name).not.toMatch(KEY);
  expect(groups).toEqual(expect.arrayContaining(Object.values(ROLES)));
  // any other is a role another spec made on this shared server, named by its own label when an
  // admin gave one (row-rules.spec.ts) or else by its key (line-permissions.spec.ts)
  await page.screenshot({ path: 'test-results/security-roles.png' });
});
