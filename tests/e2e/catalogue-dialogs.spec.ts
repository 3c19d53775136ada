/**
 * Visible handling of catalogue rows in Chromium, each answer produced by the real server:
 * the table error modal (a bad invoice line), the business modal (an unbalanced voucher), 403
 * (toast, dialogs closed, root), 303 (fetch surfaces the status, no redirect followed) and 401
 * (toast, logout here and in the other tab). A user action (saving the customer form) is
 * re-addressed with page.route to the document call the form cannot compose yet; the answer is
 * the real server's.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiToken, field, signIn } from './helpers';

async function openNewCustomerForm(page: Page) {
  const menu = page.getByRole('navigation', { name: 'منو' });
  await menu.getByRole('link', { name: 'مشتریان', exact: true }).click();
  await expect(page).toHaveURL(/\/sales\/customer$/);
  await page.getByRole('button', { name: 'جدید', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'مشتریان — جدید' });
  await expect(dialog).toBeVisible();
  await field(dialog, 'کد مشتری').fill('۹۸۰۱');
  await field(dialog, 'نام').fill('آزمون کاتالوگ');
  await dialog.getByRole('combobox', { name: 'نوع' }).selectOption({ label: 'حقیقی' });
  // a natural person needs her national code (schemas/sales/customer.json)
  await field(dialog, 'کد ملی').fill('۰۴۹۹۳۷۰۸۹۹');
  return dialog;
}

/** Sends the next customer Create to `path` with `body` instead (same server, same token). */
async function readdressCreate(page: Page, path: string, body: unknown): Promise<void> {
  await page.route('**/api/Sales/Customer/Create', (route) =>
    route.continue({
      url: route.request().url().replace('Sales/Customer/Create', path),
      postData: JSON.stringify(body),
    }),
  );
}

test('a bad line of an invoice (417 TableMessageTexts) opens the table error modal', async ({ page }) => {
  await signIn(page, 'staff');
  const form = await openNewCustomerForm(page);
  await readdressCreate(page, 'Sales/Invoice/Create', {
    values: {
      number: 'F-E2E-1',
      customer: 1,
      date: '2026-05-01',
      lines: [
        { item: 1, quantity: 1, unitPrice: 1000 },
        { item: 2, quantity: 2, unitPrice: 500 },
        { item: 3, quantity: 0, unitPrice: 700 },
      ],
    },
  });
  await form.getByRole('button', { name: 'ذخیره', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'خطا' });
  await expect(modal).toBeVisible();
  const row = modal.getByRole('row').filter({ hasText: 'quantity' });
  await expect(row.getByRole('cell').nth(0)).toHaveText('۳');
  await expect(row.getByRole('cell').nth(2)).toHaveText('مقدار باید دست‌کم ۰٫۰۰۱ باشد.');
  await expect(modal.getByText('مقادیر را به‌درستی وارد نکرده‌اید.')).toBeVisible();
});

test('an unbalanced voucher (417 BusinessErrors) shows its first business error in a modal', async ({
  page,
}) => {
  await signIn(page, 'staff');
  const form = await openNewCustomerForm(page);
  await readdressCreate(page, 'Accounting/Voucher/Create', {
    values: {
      number: 'S-E2E-1',
      date: '2026-05-01',
      description: 'سند نامتوازن',
      lines: [
        { account: 3, debit: 1000, credit: 0 },
        { account: 24, debit: 0, credit: 900 },
      ],
    },
  });
  await form.getByRole('button', { name: 'ذخیره', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'خطا' });
  await expect(modal).toBeVisible();
  // the server's text; the answer pipeline hands its digits on as Western ones (runtime/http/pipeline.ts)
  await expect(
    modal.getByText(/^جمع بدهکار و بستانکار سند برابر نیست؛ اختلاف (100|۱۰۰) ریال$/),
  ).toBeVisible();
});

test('403 from the server: toast, open dialogs closed, root after 300 ms', async ({ page }) => {
  await signIn(page, 'staff');
  const form = await openNewCustomerForm(page);
  // the staff role has no permission on security entities
  await readdressCreate(page, 'Security/PasswordResetRequest/Create', {
    values: { username: 'customer', status: 'pending' },
  });
  await form.getByRole('button', { name: 'ذخیره', exact: true }).click();
  await expect(page.getByText('شما به این بخش دسترسی ندارید.')).toBeVisible();
  await expect(form).toBeHidden();
  await expect(page).toHaveURL(/^[^?#]*:\d+\/$/);
});

test('303 (tenant not accessible): Chromium fetch surfaces the status without following it', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'staff');
  await page.goto('/login');
  const answer = await page.evaluate(async (bearer) => {
    const res = await fetch('/api/Security/Menu/GetMenu', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}`, tenant: 'demo' },
      body: '{}',
    });
    return {
      status: res.status,
      redirected: res.redirected,
      body: (await res.json()) as { MessageTexts: string[] },
    };
  }, token);
  expect(answer).toEqual({
    status: 303,
    redirected: false,
    body: expect.objectContaining({ MessageTexts: ['به این مجموعه دسترسی ندارید.'] }),
  });
});

test('401 (tampered token): TheSessionIsOver, logout, and the other tab logs out too', async ({
  context,
}) => {
  const first = await context.newPage();
  await first.goto('/login');
  await field(first, 'نام کاربری').fill('staff');
  await field(first, 'رمز عبور').fill('Demo@1405');
  await first.getByRole('checkbox', { name: 'مرا به خاطر بسپار' }).check();
  await first.getByRole('button', { name: 'ورود', exact: true }).click();
  await expect(first.getByRole('button', { name: 'خروج', exact: true })).toBeVisible();
  const second = await context.newPage();
  await second.goto('/');
  await expect(second.getByRole('button', { name: 'خروج', exact: true })).toBeVisible();

  await first.evaluate(() => {
    const token = localStorage.getItem('access_token') ?? '';
    localStorage.setItem('access_token', `${token.slice(0, -4)}AAAA`);
  });
  await first
    .getByRole('navigation', { name: 'منو' })
    .getByRole('link', { name: 'مشتریان', exact: true })
    .click();
  await expect(first.getByText('نشست شما به پایان رسیده است؛ لطفاً دوباره وارد شوید.')).toHaveCount(1);
  await expect(first).toHaveURL(/\/login$/);
  await expect(second).toHaveURL(/\/login$/);
});
