/**
 * Low-code end to end (issue 7): an analyst designs an entity (a computed field and a condition
 * written as formulas, issue 26), publishes it, finds it in the menu,
 * enters a row, changes a label and rolls the change back; an admin takes a menu item away from
 * the vendor, who then neither sees it nor reaches it by URL or API.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiToken, field, signIn, toPersianDigits } from './helpers';

// the two scenarios touch different data: let both workers take one each
test.describe.configure({ mode: 'parallel' });

const menu = (page: Page) => page.getByRole('navigation', { name: 'منو' });

async function openDesigner(page: Page): Promise<void> {
  await menu(page).getByRole('link', { name: 'طراح فرم‌ها', exact: true }).click();
  await expect(page).toHaveURL(/\/systemConfig\/designer$/);
}

/** «بررسی و انتشار», the plan is shown, «انتشار»; waits for the published version's toast. */
async function publish(page: Page, version: number, planKind: string): Promise<void> {
  await page.getByRole('button', { name: 'بررسی و انتشار', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'بررسی تغییرات و انتشار' });
  await expect(dialog.getByRole('cell', { name: planKind })).toBeVisible();
  await dialog.getByRole('button', { name: 'انتشار', exact: true }).click();
  await expect(page.getByText(`نسخه ${toPersianDigits(String(version))} منتشر شد.`)).toBeVisible();
  await expect(dialog).toBeHidden();
}

async function openEntity(page: Page, title: string, name: string): Promise<void> {
  await menu(page).getByRole('link', { name: title, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/common/${name}$`));
}

async function selectInDesigner(page: Page, name: string, title: string): Promise<void> {
  await openDesigner(page);
  await page.getByRole('textbox', { name: 'جستجوی موجودیت' }).fill(name);
  await page.getByRole('button', { name: new RegExp(`^${title}`) }).click();
  await expect(page.getByRole('textbox', { name: /^نام فنی/ })).toHaveValue(name);
}

test('an analyst creates an entity, publishes, finds it in the menu, enters data, changes a label and rolls back', async ({
  page,
}) => {
  // three publishes rebuild the registry on the server; room for a loaded 2-core machine (load 20+
  // stretched this to ~2.5 min while eight helpers shared it)
  test.setTimeout(240_000);
  const name = `note${Date.now().toString(36)}`;
  const title = `یادداشت ${name}`;
  await signIn(page, 'analyst');
  await openDesigner(page);

  // design: a title field (given) and a money field, both in the grid
  await page.getByRole('button', { name: 'موجودیت جدید', exact: true }).click();
  await page.getByRole('textbox', { name: /^نام فنی/ }).fill(name);
  await page.getByRole('textbox', { name: /^عنوان فارسی/ }).fill(title);
  await page.getByRole('textbox', { name: /^عنوان انگلیسی/ }).fill('Notes');
  await page.getByRole('button', { name: 'افزودن فیلد', exact: true }).click();
  const fields = page.getByRole('table', { name: 'فیلدها' });
  await fields.getByRole('textbox', { name: 'نام فیلد ۲' }).fill('amount');
  await fields.getByRole('combobox', { name: 'نوع ۲' }).selectOption('integer');
  await fields.getByRole('checkbox', { name: 'مبلغ (ریال) ۲' }).check();
  await fields.getByRole('textbox', { name: 'برچسب فارسی ۲' }).fill('مبلغ');
  await page.getByRole('checkbox', { name: 'مبلغ', exact: true }).check();

  // a computed tax and a condition, written as formulas (docs/formulas.md): a name completed from
  // the list, a problem shown at its place, then the condition made with the builder
  await page.getByRole('button', { name: 'افزودن فیلد', exact: true }).click();
  await fields.getByRole('textbox', { name: 'نام فیلد ۳' }).fill('tax');
  await fields.getByRole('combobox', { name: 'نوع ۳' }).selectOption('integer');
  await fields.getByRole('checkbox', { name: 'مبلغ (ریال) ۳' }).check();
  await fields.getByRole('textbox', { name: 'برچسب فارسی ۳' }).fill('مالیات');
  const rules = page.getByRole('group', { name: 'فیلدهای محاسباتی و قواعد' });
  await rules.getByRole('button', { name: 'افزودن فیلد محاسباتی' }).click();
  await rules.getByRole('combobox', { name: /^فیلد محاسباتی ۱/ }).selectOption('tax');
  const total = rules.getByRole('combobox', { name: /^فرمول ۱/ });
  await total.pressSequentially('گرد(مب');
  await expect(rules.getByRole('listbox').getByRole('option', { name: /^مبلغ/ })).toBeVisible();
  await total.press('Enter');
  await total.pressSequentially(' * ۰٫۰۹ +');
  await expect(rules.getByText('فرمول ناتمام است. (در نویسهٔ ۱۸)')).toBeVisible();
  await total.fill('گرد(مبلغ * ۰٫۰۹)');
  await expect(rules.getByText(/فرمول ناتمام است/)).toHaveCount(0);
  await rules.getByRole('button', { name: 'افزودن شرط' }).click();
  await rules.getByRole('combobox', { name: /^فیلد ۱/ }).selectOption('tax');
  await rules.getByRole('button', { name: 'سازندهٔ شرط' }).click();
  const builder = rules.getByRole('group', { name: 'سازندهٔ شرط ۱' });
  await builder.getByRole('button', { name: 'افزودن مقایسه' }).click();
  await builder.getByRole('combobox', { name: /^فیلد ۱/ }).selectOption('amount');
  await builder.getByRole('combobox', { name: /^عملگر ۱/ }).selectOption('>');
  await builder.getByRole('textbox', { name: /^مقدار ۱/ }).fill('۰');
  await expect(rules.getByRole('combobox', { name: /^هنگامی که ۱/ })).toHaveValue('مبلغ > ۰');

  // live preview of the form (validators precompiled by the server for the draft, none compiled here)
  await page.getByRole('tab', { name: 'پیش‌نمایش فرم' }).click();
  const preview = page.getByRole('region', { name: 'پیش‌نمایش فرم' });
  await field(preview, 'مبلغ').fill('۵۰۰');
  await field(preview, 'عنوان').fill('پیش‌نمایش');
  await preview.getByRole('button', { name: 'ذخیره', exact: true }).click();
  await expect(page.getByText('مقادیر پیش‌نمایش معتبر است (ذخیره نمی‌شود).')).toBeVisible();
  await page.getByRole('tab', { name: 'ویرایشگر' }).click();

  await publish(page, 1, 'موجودیت جدید');

  // published: in the menu at once, data can be entered
  await openEntity(page, title, name);
  await page.getByRole('button', { name: 'جدید', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `${title} — جدید` });
  await field(dialog, 'عنوان').fill('نخستین یادداشت');
  // the tax is shown once there is an amount, computed by the formula
  await expect(field(dialog, 'مالیات')).toHaveCount(0);
  await field(dialog, 'مبلغ').fill('۱۲۰۰۰');
  await expect(field(dialog, 'مالیات')).toHaveValue(/۱[,٬]?۰۸۰/);
  await dialog.getByRole('button', { name: 'ذخیره', exact: true }).click();
  await expect(page.getByText('ذخیره شد.')).toBeVisible();
  await expect(page.getByRole('grid').getByRole('row').filter({ hasText: 'نخستین یادداشت' })).toBeVisible();

  // a label changes in version 2
  await selectInDesigner(page, name, title);
  await page
    .getByRole('table', { name: 'فیلدها' })
    .getByRole('textbox', { name: 'برچسب فارسی ۲' })
    .fill('مبلغ کل');
  await publish(page, 2, 'تغییر برچسب');
  await openEntity(page, title, name);
  await expect(page.getByRole('columnheader', { name: 'مبلغ کل' })).toBeVisible();

  // roll back to version 1 (as version 3): the old label, the row kept
  await selectInDesigner(page, name, title);
  await page.getByRole('tab', { name: 'تاریخچه نسخه‌ها' }).click();
  await page.getByRole('button', { name: `بازگشت به نسخه ${toPersianDigits('1')}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'بله', exact: true }).click();
  await expect(page.getByText(`بازگشت انجام شد؛ نسخه فعال: ${toPersianDigits('3')}.`)).toBeVisible();
  await openEntity(page, title, name);
  await expect(page.getByRole('columnheader', { name: 'مبلغ', exact: true })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'مبلغ کل' })).toHaveCount(0);
  await expect(page.getByRole('grid').getByRole('row').filter({ hasText: 'نخستین یادداشت' })).toBeVisible();
});

test('an admin hides a menu item from the vendor, who neither sees it nor reaches it by URL or API', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const item = 'سفارش‌های خرید';
  const adminToken = await apiToken(request, 'admin');
  const before = await request.post('/api/Security/MenuAccess/Get', {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: { who: 'vendor' },
  });
  const granted = ((await before.json()) as { Data: { entities: string[] } }).Data.entities;
  expect(granted).toContain('supplyChain.purchaseOrder');
  try {
    await signIn(page, 'admin');
    await menu(page).getByRole('link', { name: 'چیدمان و دسترسی منو', exact: true }).click();
    await page.getByRole('tab', { name: 'دسترسی تأمین‌کنندگان و مشتریان' }).click();
    await page.getByRole('combobox', { name: 'نقش یا کاربر' }).selectOption('vendor');
    const box = page.getByRole('checkbox', { name: item, exact: true });
    await expect(box).toBeChecked();
    await box.uncheck();
    await page.getByRole('button', { name: 'ذخیره دسترسی', exact: true }).click();
    await expect(page.getByText('تغییرات ذخیره شد.')).toBeVisible();
    await page.getByRole('button', { name: 'خروج', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);

    await signIn(page, 'vendor');
    await expect(menu(page).getByRole('link', { name: 'تأمین‌کنندگان', exact: true })).toBeVisible();
    await expect(menu(page).getByRole('link', { name: item, exact: true })).toHaveCount(0);
    await page.goto('/supplyChain/purchaseOrder');
    await expect(page.getByText('شما به این بخش دسترسی ندارید.')).toBeVisible();
    await expect(page).toHaveURL(/^[^?#]*:\d+\/$/);
    await expect(page.getByRole('grid')).toHaveCount(0);

    const vendorToken = await apiToken(request, 'vendor');
    const list = await request.post('/api/SupplyChain/PurchaseOrder/GetList', {
      headers: { Authorization: `Bearer ${vendorToken}` },
      data: { startRow: 0, endRow: 10, sortModel: [], filterModel: {} },
    });
    expect(list.status()).toBe(403);
  } finally {
    // the vendor's menu as the seed made it, for other specs of this run
    await request.post('/api/Security/MenuAccess/Save', {
      headers: { Authorization: `Bearer ${adminToken}` },
      data: { who: 'vendor', entities: granted },
    });
  }
});
