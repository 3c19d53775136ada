/**
 * Roles and row rules through the app (docs/security.md): the admin makes a role on the
 * permissions screen, lets it view the stock moves, holds it there to «warehouse = the user's
 * warehouse attribute», and a user of that role sees the moves of its warehouse only. With
 * SCREENSHOTS=1 the editing screen is pictured at 1366 and 390 px (docs/screenshots/rowRules-*.png,
 * roles-*.png); otherwise the files in the repository are left alone.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { join } from 'node:path';
import { DEMO_PASSWORD, apiToken, signIn, submitLogin } from './helpers';

const ROLE = 'whClerk';
const USER = 'whclerk';
const PASSWORD = 'Clerk@14052';
const SHOTS = join(import.meta.dirname, '..', '..', 'docs', 'screenshots');
const shoot = async (page: Page, name: string) => {
  if (process.env.SCREENSHOTS === '1') await page.screenshot({ path: join(SHOTS, name) });
};

async function api<T>(
  request: APIRequestContext,
  token: string | null,
  path: string,
  body: unknown,
): Promise<T> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const res = await request.post(`/api/${path}`, { headers, data: body });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { Data: T }).Data;
}

async function openRules(page: Page): Promise<void> {
  const row = page.locator('[data-entity="inventory.stockMove"]');
  await row.getByRole('button', { name: 'همهٔ ردیف‌ها' }).click();
  await expect(page.locator('[data-row-rules="inventory.stockMove"]')).toBeVisible();
}

test('the admin makes a role held to the user’s warehouse; its user sees only that warehouse’s moves', async ({
  page,
  request,
}) => {
  const admin = await apiToken(request, 'admin');
  const warehouses = await api<{ rows: { id: number; name?: string; title?: string }[] }>(
    request,
    admin,
    'Inventory/Warehouse/GetList',
    { startRow: 0, endRow: 10 },
  );
  const warehouse = warehouses.rows[0]!.id;

  // the role, made on the screen
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, 'admin');
  await page.goto('/security/permissions');
  await page.getByRole('button', { name: 'نقش تازه' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'کلید نقش' }).fill(ROLE);
  await dialog.getByRole('textbox', { name: 'نام فارسی' }).fill('انباردار یک انبار');
  await dialog.getByRole('textbox', { name: 'نام انگلیسی' }).fill('Warehouse clerk');
  await dialog.getByRole('button', { name: 'ذخیره' }).click();
  await expect(dialog).toBeHidden();
  // selected, by its label
  await expect(page.getByRole('combobox', { name: 'نقش' })).toHaveValue(ROLE);
  await expect(page.getByRole('option', { name: 'انباردار یک انبار' })).toBeAttached();
  for (const entity of ['گردش کالا', 'انبارها'])
    await page.getByRole('checkbox', { name: `${entity} — مشاهده`, exact: true }).check();
  await page.getByRole('button', { name: 'ذخیره', exact: true }).click();
  await expect(page.getByText('تغییرات ذخیره شد.').first()).toBeVisible();

  // the row rule: warehouse = the user's `warehouse`
  await openRules(page);
  const editor = page.locator('[data-row-rules="inventory.stockMove"]');
  await editor.getByRole('button', { name: 'افزودن قاعده' }).click();
  await editor.getByRole('combobox', { name: 'قاعده' }).selectOption('userAttribute');
  await editor.getByRole('combobox', { name: 'فیلد' }).selectOption('warehouse');
  await editor.getByRole('combobox', { name: 'ویژگی کاربر' }).fill('warehouse');
  await editor.getByRole('button', { name: 'ذخیرهٔ قاعده‌ها' }).click();
  await expect(
    page.locator('[data-entity="inventory.stockMove"]').getByRole('button', { name: '۱ قاعده' }),
  ).toBeVisible();
  await page.mouse.move(0, 0);
  for (const [size, viewport] of [
    ['desktop', { width: 1366, height: 768 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await editor.evaluate((box) => box.scrollIntoView({ block: 'center' }));
    await shoot(page, `rowRules-${size}.png`);
    // the role bar: the role by its label, new / edit / delete, its users and description
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator('main').evaluate((m) => m.scrollTo?.(0, 0));
    await page.getByRole('button', { name: 'نقش تازه' }).scrollIntoViewIfNeeded();
    await shoot(page, `roles-${size}.png`);
  }
  await page.setViewportSize({ width: 1366, height: 768 });

  // its user, with the warehouse attribute
  await api(request, admin, 'Security/User/Save', {
    username: USER,
    displayName: 'انباردار یک انبار',
    role: ROLE,
    isVendor: false,
    isCustomer: false,
    partyId: null,
    disabled: false,
    password: DEMO_PASSWORD,
    attributes: { warehouse: String(warehouse) },
  });
  await api(request, null, 'Security/Account/ChangePassword', {
    username: USER,
    currentPassword: DEMO_PASSWORD,
    newPassword: PASSWORD,
  });
  const all = await api<{ rows: { warehouse: number }[]; lastRow: number }>(
    request,
    admin,
    'Inventory/StockMove/GetList',
    {
      startRow: 0,
      endRow: 1,
      filterModel: { warehouse: { filterType: 'number', type: 'equals', filter: warehouse } },
    },
  );
  expect(all.lastRow).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'خروج', exact: true }).click();
  await submitLogin(page, USER, PASSWORD);
  await expect(page.getByRole('button', { name: 'خروج', exact: true })).toBeVisible();
  // the server answers only its warehouse's moves, as many as the admin's filter finds
  const listed = page.waitForResponse((r) => r.url().endsWith('/api/Inventory/StockMove/GetList'));
  await page.goto('/inventory/stockMove');
  const answer = (await (await listed).json()) as {
    Data: { rows: { warehouse: number }[]; lastRow: number };
  };
  expect(answer.Data.lastRow).toBe(all.lastRow);
  expect(new Set(answer.Data.rows.map((r) => r.warehouse))).toEqual(new Set([warehouse]));
  await expect(page.getByRole('grid').getByRole('row').nth(1)).toBeVisible();
});
