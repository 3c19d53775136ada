/**
 * The tenant selector (docs/api.md "Licence, branches, stock-taking, tenants"): shown when the
 * user has more than one tenant; the choice is sent as the `tenant` header on every business call.
 * A stored tenant the user lost (removed from user_tenants behind the server's back) makes the
 * next call answer 303: the Persian toast shows and the selection falls back to 'main'.
 */
import Database from 'better-sqlite3';
import { expect, test, type Page, type Request } from '@playwright/test';
import { signIn } from './helpers';

const SELECTOR = { name: 'مجموعه', exact: true } as const;
/** The server keeps user_tenants answers at most this long after a write by another process. */
const SERVER_CACHE_TTL_MS = 3000;

/** Tenant headers of the business calls the page sends from now on. */
function tenantHeaders(page: Page): Array<{ path: string; tenant: string | undefined }> {
  const seen: Array<{ path: string; tenant: string | undefined }> = [];
  page.on('request', (r: Request) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/')) seen.push({ path, tenant: r.headers()['tenant'] });
  });
  return seen;
}

function database(): Database.Database {
  const file = process.env.E2E_DATABASE_FILE;
  if (!file) throw new Error('E2E_DATABASE_FILE is set by tests/e2e/globalSetup.ts');
  const db = new Database(file);
  db.pragma('busy_timeout = 5000');
  return db;
}

async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png` });
}

test('admin (main and demo) picks a tenant; every business call carries it; staff (one tenant) has no selector', async ({
  page,
  browser,
}) => {
  const seen = tenantHeaders(page);
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, 'admin');
  const selector = page.getByRole('combobox', SELECTOR);
  await expect(selector).toBeVisible();
  await expect(selector).toHaveValue('main');
  await expect(selector.locator('option')).toHaveText(['مجموعه اصلی', 'مجموعه نمونه']);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('tenant'))).toBe('main');
  await expect(page.getByRole('heading', { name: /خوش آمدید/ })).toBeVisible();
  await shoot(page, 'tenant-selector-desktop-1366');

  await Promise.all([page.waitForEvent('load'), selector.selectOption('demo')]);
  await expect(page.getByRole('combobox', SELECTOR)).toHaveValue('demo');
  expect(await page.evaluate(() => localStorage.getItem('tenant'))).toBe('demo');
  seen.length = 0;
  await page
    .getByRole('navigation', { name: 'منو' })
    .getByRole('link', { name: 'مشتریان', exact: true })
    .click();
  await expect(page.getByRole('grid')).toBeVisible();
  const after = seen.filter((s) => !s.path.endsWith('/GetTenants'));
  expect(after.length).toBeGreaterThan(0);
  expect(after.filter((s) => s.tenant !== 'demo')).toEqual([]);

  // a phone (its own context: the size from the start, as a phone opens the app)
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const small = await phone.newPage();
  await signIn(small, 'admin');
  await expect(small.getByRole('heading', { name: /خوش آمدید/ })).toBeVisible();
  // on a phone the selector sits in the navigation drawer, behind the header's menu button
  await small.getByRole('button', { name: 'باز کردن منو', exact: true }).tap();
  await expect(small.getByRole('combobox', SELECTOR)).toHaveValue('main');
  await shoot(small, 'tenant-selector-phone-390');
  await phone.close();

  // signing out forgets the tenant; staff has one tenant: no selector, 'main' sent
  await page.getByRole('button', { name: 'خروج', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('tenant'))).toBeNull();
  const other = await browser.newPage();
  const staffSeen = tenantHeaders(other);
  await signIn(other, 'staff');
  await expect.poll(() => other.evaluate(() => localStorage.getItem('tenant'))).toBe('main');
  await expect(other.getByRole('combobox', SELECTOR)).toHaveCount(0);
  await other
    .getByRole('navigation', { name: 'منو' })
    .getByRole('link', { name: 'مشتریان', exact: true })
    .click();
  await expect(other.getByRole('grid')).toBeVisible();
  expect(staffSeen.filter((s) => s.path.endsWith('/GetList')).map((s) => s.tenant)).toContain('main');
  await other.close();
});

test('a tenant removed from the user server-side: the next call answers 303, the Persian toast shows, the selection falls back to main', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const db = database();
  const admin = db.prepare("select id from users where username = 'admin'").get() as { id: number };
  db.prepare('insert into user_tenants (user_id, tenant) values (?, ?)').run(admin.id, 'e2e-lost');
  try {
    await signIn(page, 'admin');
    const selector = page.getByRole('combobox', SELECTOR);
    await expect(selector.locator('option[value="e2e-lost"]')).toHaveCount(1);
    await Promise.all([page.waitForEvent('load'), selector.selectOption('e2e-lost')]);
    await expect(page.getByRole('combobox', SELECTOR)).toHaveValue('e2e-lost');

    // the admin loses the tenant behind the server's back (another process, as an operator would)
    db.prepare('delete from user_tenants where user_id = ? and tenant = ?').run(admin.id, 'e2e-lost');
    await page.waitForTimeout(SERVER_CACHE_TTL_MS + 500);

    const answers: number[] = [];
    page.on('response', (r) => {
      if (r.request().headers()['tenant'] === 'e2e-lost') answers.push(r.status());
    });
    await page
      .getByRole('navigation', { name: 'منو' })
      .getByRole('link', { name: 'مشتریان', exact: true })
      .click();
    await expect(page.getByText('به این مجموعه دسترسی ندارید.').first()).toBeVisible();
    expect(answers).toContain(303);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('tenant'))).toBe('main');
    await expect(page.getByRole('combobox', SELECTOR)).toHaveValue('main');
    await expect(page.getByRole('combobox', SELECTOR).locator('option[value="e2e-lost"]')).toHaveCount(0);
    // the screen is drawn again under main: its calls carry main and work
    await expect(page.getByRole('grid')).toBeVisible();
    await expect(page.getByRole('grid')).toContainText('۱');
    await shoot(page, 'tenant-lost-toast-desktop-1366');
    const ok = page.waitForResponse(
      (r) => r.url().endsWith('/GetList') && r.request().headers()['tenant'] === 'main',
    );
    await page.reload();
    expect((await ok).status()).toBe(200);
    await expect(page.getByRole('grid')).toBeVisible();
  } finally {
    db.prepare('delete from user_tenants where user_id = ? and tenant = ?').run(admin.id, 'e2e-lost');
    db.close();
  }
});
