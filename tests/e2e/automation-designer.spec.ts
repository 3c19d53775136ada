/**
 * The designer's automations tab (docs/automations.md «The automations tab»): an analyst makes a
 * document type, adds the automation «on created, when amount > 1000, notify role staff» by labels
 * and a formula in words, publishes; a staff user creates a row of more than 1000 and the bell
 * shows the notification. The tab is pictured at 1366 and 390 px under fa with SHOTS_AUTOMATIONS=1
 * (docs/screenshots/automations-designer-{desktop,phone}.png).
 */
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { PROJECT_ROOT } from '../support/e2eServer';
import { apiToken, field, signIn, toPersianDigits } from './helpers';

const menu = (page: Page) => page.getByRole('navigation', { name: 'منو' });

test('an analyst adds an automation in the designer; a staff user saving a big row is told in the bell', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const name = `auto${Date.now().toString(36)}`;
  // no digits: the notification shows a value's digits in Persian
  const mark = name.slice(-4).replace(/[0-9]/g, 'x');
  const title = `درخواست ${name}`;
  await signIn(page, 'analyst');
  await menu(page).getByRole('link', { name: 'طراح فرم‌ها', exact: true }).click();
  await expect(page).toHaveURL(/\/systemConfig\/designer$/);

  // a document type of two fields: title (given) and amount
  await page.getByRole('button', { name: 'موجودیت جدید', exact: true }).click();
  await page.getByRole('textbox', { name: /^نام فنی/ }).fill(name);
  await page.getByRole('textbox', { name: /^عنوان فارسی/ }).fill(title);
  const fields = page.getByRole('table', { name: 'فیلدها' });
  await page.getByRole('button', { name: 'افزودن فیلد', exact: true }).click();
  await fields.getByRole('textbox', { name: 'نام فیلد ۲' }).fill('amount');
  await fields.getByRole('combobox', { name: 'نوع ۲' }).selectOption('integer');
  await fields.getByRole('textbox', { name: 'برچسب فارسی ۲' }).fill('مبلغ');

  // the automations tab: add one, name it, the condition in words, a notification to a role
  await page.getByRole('tab', { name: 'اتوماسیون‌ها' }).click();
  await expect(page.getByText('این موجودیت اتوماسیونی ندارد.')).toBeVisible();
  await page.getByRole('button', { name: 'افزودن اتوماسیون', exact: true }).click();
  const card = page.getByRole('group', { name: 'اتوماسیون automation1' });
  await card.getByRole('textbox', { name: /^نام فنی/ }).fill('bigRequest');
  const automation = page.getByRole('group', { name: 'اتوماسیون bigRequest' });
  // not publishable yet: an automation needs an action (told in Persian next to it)
  await expect(automation.getByText('دست‌کم یک کار بیفزایید.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'بررسی و انتشار', exact: true })).toBeDisabled();
  await expect(automation.getByRole('combobox', { name: 'رویداد' })).toHaveValue('created');
  const condition = automation.getByRole('combobox', { name: 'شرط (خالی: همیشه)' });
  await condition.fill('[مبلغ] > ۱۰۰۰');
  await condition.press('Escape');
  await automation.getByRole('combobox', { name: 'نوع کار تازه' }).selectOption('notify');
  await automation.getByRole('button', { name: 'افزودن کار', exact: true }).click();
  const action = automation.getByRole('group', { name: 'کار ۱: فرستادن اعلان' });
  await expect(action.getByText('نقش گیرندهٔ اعلان را برگزینید.')).toBeVisible();
  // roles are offered by their labels (the demo's roles are named by their keys)
  await action.getByRole('combobox', { name: 'نقش (کار ۱)' }).selectOption('staff');
  const text = action.getByRole('textbox', { name: 'متن فارسی اعلان (کار ۱)' });
  await text.fill(`درخواست بزرگ ${mark}: `);
  // a field put into the text from the list, shown by its label
  await action.getByRole('combobox', { name: 'افزودن فیلد به متن فارسی' }).selectOption({ label: 'مبلغ' });
  await expect(text).toHaveValue(`درخواست بزرگ ${mark}: {مبلغ}`);
  await expect(automation.getByRole('alert')).toHaveCount(0);
  await expect(automation.getByRole('radio', { name: /پس از ثبت سند/ })).toBeChecked();

  await page.setViewportSize({ width: 1366, height: 768 });
  await shoot(page, 'desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(automation).toBeVisible();
  await shoot(page, 'phone');
  await page.setViewportSize({ width: 1366, height: 768 });

  await page.getByRole('button', { name: 'بررسی و انتشار', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'بررسی تغییرات و انتشار' });
  await dialog.getByRole('button', { name: 'انتشار', exact: true }).click();
  await expect(page.getByText(`نسخه ${toPersianDigits('1')} منتشر شد.`)).toBeVisible();

  // what was published is the declaration, with the keys
  const admin = await apiToken(request, 'admin');
  const got = await request.post('/api/SystemConfig/Designer/Get', {
    headers: { authorization: `Bearer ${admin}` },
    data: { key: `common.${name}` },
  });
  const definition = ((await got.json()) as { Data: { definition: { automations: unknown } } }).Data
    .definition;
  expect(definition.automations).toEqual([
    {
      name: 'bigRequest',
      on: 'created',
      when: { '>': [{ var: 'amount' }, 1000] },
      actions: [{ notify: { role: 'staff', text: { fa: `درخواست بزرگ ${mark}: {amount}` } } }],
    },
  ]);
  await page.getByRole('button', { name: 'خروج', exact: true }).click();

  // the staff role may work with the new document type (an admin grants it)
  const granted = await request.post('/api/Security/Permission/Save', {
    headers: { authorization: `Bearer ${admin}` },
    data: {
      role: 'staff',
      entities: [{ key: `common.${name}`, permissions: { view: true, create: true, edit: true } }],
    },
  });
  expect(granted.status(), await granted.text()).toBe(200);

  // a staff user saves a row of more than 1000 and one of less: only the big one rings the bell
  await signIn(page, 'staff');
  await page.goto(`/common/${name}`);
  for (const [label, amount] of [
    ['کوچک', '۵۰۰'],
    ['بزرگ', '۲۵۰۰'],
  ] as const) {
    await page.getByRole('button', { name: 'جدید', exact: true }).click();
    const form = page.getByRole('dialog', { name: `${title} — جدید` });
    await field(form, 'عنوان').fill(`${label} ${mark}`);
    await field(form, 'مبلغ').fill(amount);
    await form.getByRole('button', { name: 'ذخیره', exact: true }).click();
    await expect(page.getByText('ذخیره شد.').first()).toBeVisible();
    await expect(form).toBeHidden();
  }
  await page.reload();
  await expect(page.getByRole('grid').getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByTestId('notification-badge')).toHaveText(/^[۰-۹]+\+?$/);
  await page.getByTestId('notification-bell').click();
  const items = page.locator('li button', { hasText: mark });
  await expect(items).toHaveCount(1);
  // the amount as the notification writes a number: grouped, in Persian digits
  await expect(items).toContainText(new RegExp(`درخواست بزرگ ${mark}: ۲.?۵۰۰`));
});

async function shoot(page: Page, size: 'desktop' | 'phone') {
  const path = process.env.SHOTS_AUTOMATIONS
    ? join(PROJECT_ROOT, 'docs', 'screenshots', `automations-designer-${size}.png`)
    : join(PROJECT_ROOT, 'test-results', `automations-designer-${size}.png`);
  await page.screenshot({ path, fullPage: true });
}
