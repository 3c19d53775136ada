/**
 * A customer's credit limit in Chromium (issue #25, docs/credit.md): staff sets a customer's limit
 * low on its form and types an invoice above it; finalising it is refused with the Persian reason
 * naming the customer, the limit, its open balance, the invoice's amount and the excess (Rial grouped
 * with «٬»), and the invoice stays a draft; once admin sets `sales.creditLimit.mode` to `warn` (through
 * the API), the same finalise succeeds and the same text shows as a warning toast.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { typeKeys } from '../../bench/lib/typing';
import { apiToken, field, signIn } from './helpers';

test.use({ viewport: { width: 1366, height: 768 } });

const CUSTOMER = 'C-0033';
const MODE = 'sales.creditLimit.mode';

type Row = { id: number; version: number; key?: string; value?: string };

async function post<T>(request: APIRequestContext, token: string, path: string, data: object): Promise<T> {
  const answer = await request.post(`/api/${path}`, { headers: { authorization: `Bearer ${token}` }, data });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { Data: T }).Data;
}

const eq = (filter: string) => ({ filterType: 'text', type: 'equals', filter });

/** Sets the credit mode setting as admin (only admin writes settings). */
async function setMode(request: APIRequestContext, admin: string, value: string): Promise<void> {
  const [row] = (
    await post<{ rows: Row[] }>(request, admin, 'SystemConfig/Setting/GetList', {
      startRow: 0,
      endRow: 1,
      filterModel: { key: eq(MODE) },
    })
  ).rows;
  expect(row, 'the setting is seeded').toBeDefined();
  await post(request, admin, 'SystemConfig/Setting/Update', {
    id: row!.id,
    version: row!.version,
    values: { key: MODE, value },
  });
}

/** A figure of the message (Persian digits, «٬» between thousands, a minus for an advance). */
function figure(text: string): number {
  const latin = text.replace(/٬/g, '').replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d)));
  return Number(latin);
}

async function pickLookup(page: Page, dialog: Locator, label: string, text: string): Promise<void> {
  const box = dialog.getByRole('combobox', { name: new RegExp(label) });
  await box.click();
  await box.pressSequentially(text);
  await expect(page.getByRole('option', { name: 'در حال جستجو…' })).toHaveCount(0);
  await page
    .getByRole('option', { name: new RegExp(text), disabled: false })
    .first()
    .click();
}

async function finalise(page: Page, form: Locator): Promise<void> {
  await form.getByRole('button', { name: 'قطعی کردن', exact: true }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: 'قطعی شود؟' })
    .getByRole('button', { name: 'بله' })
    .click();
}

/** The message: the customer, limit ۱٬۰۰۰٬۰۰۰, the balance and excess captured, amount ۲٬۲۰۰٬۰۰۰. */
const EXCEEDED =
  /اعتبار مشتری «C-۰۰۳۳ — [^»]+» برای این سند کافی نیست: سقف اعتبار ۱٬۰۰۰٬۰۰۰ ریال، مانده حساب (-?[۰-۹٬]+) ریال و مبلغ این سند ۲٬۲۰۰٬۰۰۰ ریال است؛ ([۰-۹٬]+) ریال بیش از سقف\./;

test('an invoice past the customer’s credit limit is refused with its open balance; under warn it is finalised with a warning', async ({
  page,
  request,
}) => {
  const staff = await apiToken(request, 'staff');
  const admin = await apiToken(request, 'admin');
  const [customer] = (
    await post<{ rows: Row[] }>(request, staff, 'Sales/Customer/GetList', {
      startRow: 0,
      endRow: 1,
      filterModel: { code: eq(CUSTOMER) },
    })
  ).rows;
  expect(customer).toBeDefined();

  // staff sets the customer's limit low on its form
  await signIn(page, 'staff');
  await page.goto(`/sales/customer?open=${customer!.id}`);
  const customerForm = page.getByRole('dialog');
  await field(customerForm, 'سقف اعتبار (ریال)').fill('۱۰۰۰۰۰۰');
  await customerForm.getByRole('button', { name: 'ذخیره', exact: true }).click();
  await expect(page.getByText('ذخیره شد.').last()).toBeVisible();
  await expect(customerForm).toBeHidden();

  // an invoice of 2 × 1,000,000 Rial (with VAT 2,200,000), typed in its form and saved as a draft
  await page.goto('/sales/invoice');
  await expect(page.getByRole('heading', { name: 'فاکتورهای فروش' })).toBeVisible();
  await page.getByRole('button', { name: 'جدید', exact: true }).click();
  const created = page.getByRole('dialog', { name: 'فاکتورهای فروش — جدید' });
  await pickLookup(page, created, 'مشتری', 'C-۰۰۳۳');
  await field(created, 'تاریخ').fill('۱۴۰۵/۰۸/۱۰');
  await created.getByRole('button', { name: 'افزودن سطر' }).click();
  // tea (K-0004): taxed at the general rate (sugar is exempt: docs/tax.md)
  await typeKeys(page, 'K-0004\n\n۲\n۱۰۰۰۰۰۰\n', 0);
  await page.keyboard.press('Escape');
  await expect(field(created, 'مبلغ قابل پرداخت (ریال)')).toHaveValue('۲٬۲۰۰٬۰۰۰');
  const stored = page.waitForResponse((r) => r.url().endsWith('/Sales/Invoice/Create'));
  await created.getByRole('button', { name: 'ذخیره', exact: true }).click();
  const draft = ((await (await stored).json()) as { Data: Row }).Data;
  await expect(page.getByText('ذخیره شد.').last()).toBeVisible();
  await expect(created).toBeHidden();

  // finalising it is refused, naming the customer, the limit, its open balance and the excess
  await page.goto(`/sales/invoice?open=${draft.id}`);
  const form = page.getByRole('dialog').filter({ has: page.locator('[data-state-tag]') });
  await expect(form.locator('[data-state-tag]')).toHaveText('پیش‌نویس');
  await finalise(page, form);
  const refusal = page.getByText(EXCEEDED);
  await expect(refusal.first()).toBeVisible();
  const [, balance = '', excess = ''] = EXCEEDED.exec((await refusal.first().textContent()) ?? '') ?? [];
  expect(figure(excess)).toBe(figure(balance) + 2_200_000 - 1_000_000);
  const error = page.getByRole('dialog', { name: 'خطا' });
  if (await error.isVisible()) await error.getByRole('button', { name: 'بستن', exact: true }).click();
  await expect(form.locator('[data-state-tag]')).toHaveText('پیش‌نویس');

  // under warn the same finalise succeeds, and the same text shows as a warning toast
  await setMode(request, admin, 'warn');
  try {
    await finalise(page, form);
    await expect(page.getByText('سند قطعی شد.')).toBeVisible();
    await expect(form.locator('[data-state-tag]')).toHaveText('قطعی');
    const warning = page.locator('.Toastify__toast--warning').filter({ hasText: EXCEEDED });
    await expect(warning).toBeVisible();
    // the balance it names is the same as the refusal's (nothing was posted in between)
    await expect(warning).toContainText(`مانده حساب ${balance} ریال`);
  } finally {
    await setMode(request, admin, 'refuse');
  }
});
