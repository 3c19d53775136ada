/**
 * A read-only line field (field permission `lines.unitPrice`) through the generic screen: the lines
 * grid does not edit that column, the user changes another cell of a stored line and saves, and
 * the server keeps the stored price of that line (the grid sends the line's id back) and computes
 * the amount and total from it. Its own role and user, so other specs' staff screens are untouched.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, apiToken, field, submitLogin } from './helpers';

const ROLE = 'lineClerk';
const USER = 'lineclerk';
const PASSWORD = 'Clerk@14051';

type Line = { id: number; item: number; quantity: number; unitPrice: number; amount: number };
type Invoice = { id: number; version: number; total: number; lines: Line[] };

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

test('a read-only line price is not editable, and a save keeps the stored price of that line', async ({
  page,
  request,
}) => {
  const admin = await apiToken(request, 'admin');
  const view = { view: true, create: false, edit: false, delete: false, export: false, print: false };
  await api(request, admin, 'Security/Permission/Save', {
    role: ROLE,
    entities: [
      {
        key: 'sales.invoice',
        permissions: { ...view, create: true, edit: true },
        fields: { 'lines.unitPrice': 'readOnly' },
      },
      { key: 'sales.customer', permissions: view, fields: {} },
      { key: 'inventory.item', permissions: view, fields: {} },
    ],
  });
  await api(request, admin, 'Security/User/Save', {
    username: USER,
    displayName: 'کارمند اقلام',
    role: ROLE,
    isVendor: false,
    isCustomer: false,
    partyId: null,
    disabled: false,
    password: DEMO_PASSWORD,
  });
  await api(request, null, 'Security/Account/ChangePassword', {
    username: USER,
    currentPassword: DEMO_PASSWORD,
    newPassword: PASSWORD,
  });
  const first = async (path: string) =>
    (await api<{ rows: { id: number }[] }>(request, admin, path, { startRow: 0, endRow: 1 })).rows[0]!.id;
  const invoice = await api<Invoice>(request, admin, 'Sales/Invoice/Create', {
    values: {
      customer: await first('Sales/Customer/GetList'),
      date: '2026-11-22',
      lines: [{ item: await first('Inventory/Item/GetList'), quantity: 2, unitPrice: 1500 }],
    },
  });

  await submitLogin(page, USER, PASSWORD);
  await expect(page.getByRole('button', { name: 'خروج', exact: true })).toBeVisible();
  await page.goto('/sales/invoice');
  // the number is the server's (given on finalise): the draft is found by its row
  await page.locator(`.ag-row[row-id="${invoice.id}"] [col-id="date"]`).dblclick();
  const dialog = page.getByRole('dialog');
  const price = dialog.locator('[row-index="0"] [col-id="unitPrice"]');
  await expect(price).toHaveText('۱٬۵۰۰');
  await expect(price).toHaveClass(/erp-line-cell-readonly/);
  await price.dblclick();
  await page.keyboard.type('9');
  await page.keyboard.press('Enter');
  await expect(price).toHaveText('۱٬۵۰۰');

  await dialog.locator('[row-index="0"] [col-id="quantity"]').click();
  await page.keyboard.type('3');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(dialog.locator('[row-index="0"] [col-id="amount"]')).toHaveText('۴٬۵۰۰');
  await expect(field(dialog, 'جمع (ریال)')).toHaveValue('۴٬۵۰۰');
  const saved = page.waitForResponse((r) => r.url().endsWith('/Sales/Invoice/Update'));
  await dialog.getByRole('button', { name: 'ذخیره', exact: true }).click();
  const sent = JSON.parse((await saved).request().postData() ?? '{}') as { values: { lines: Line[] } };
  expect(sent.values.lines[0]?.id).toBe(invoice.lines[0]!.id);
  await expect(page.getByText('ذخیره شد.')).toBeVisible();

  const stored = await api<Invoice>(request, admin, 'Sales/Invoice/Get', { id: invoice.id });
  expect(stored.lines).toEqual([
    expect.objectContaining({ id: invoice.lines[0]!.id, quantity: 3, unitPrice: 1500, amount: 4500 }),
  ]);
  expect(stored.total).toBe(4500);
});
