/**
 * The form tells the truth (#22): the payable amount a server rule (a promotion) gives shows before
 * saving and is what the save stores; a new document's date is today; the figures sit under the
 * lines, readable, the amount in words in full; a payroll month fills its dates and a leave counts
 * its days; a dirty form asks before it is discarded (close, Escape, back) and a clean one closes
 * at once; a workflow offers only the role's transitions; an unbalanced voucher says so once, with
 * the difference. A new document numbered on finalise says when it gets its number, as a hint.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { typeKeys } from '../../bench/lib/typing';
import { jalaliToIso, todayJalali } from '../../runtime/shared/jalali';
import { apiToken, field, signIn, toPersianDigits } from './helpers';

/** Opens a screen from the menu (client-side) and its new-record form. */
async function openNew(page: Page, menuItem: string, title: string): Promise<Locator> {
  await page
    .getByRole('navigation', { name: 'منو' })
    .getByRole('link', { name: menuItem, exact: true })
    .click();
  await page.getByRole('button', { name: 'جدید', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `${title} — جدید` });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('invoice: the promotion shows before saving and is what the save stores; the figures sit under the lines, in full', async ({
  page,
  request,
}) => {
  // a promotion of its own far month (no other test dates an invoice there): 10% on everything
  const admin = await apiToken(request, 'admin');
  const rule = await request.post('/api/Promotion/DiscountRule/Create', {
    headers: { Authorization: `Bearer ${admin}` },
    data: {
      values: {
        title: 'تخفیف آزمون فرم',
        percent: 10,
        startDate: jalaliToIso('1421/05/01'),
        endDate: jalaliToIso('1421/05/31'),
        active: true,
      },
    },
  });
  expect(rule.status()).toBe(200);

  await signIn(page, 'staff');
  const dialog = await openNew(page, 'فاکتورهای فروش', 'فاکتورهای فروش');
  // a new document is dated today
  await expect(field(dialog, 'تاریخ')).toHaveValue(toPersianDigits(todayJalali()));
  const customer = dialog.getByRole('combobox', { name: /مشتری/ });
  await customer.click();
  await customer.pressSequentially('ا');
  const option = page.getByRole('option', { name: /ا/, disabled: false }).first();
  await option.click();
  await field(dialog, 'تاریخ').fill('۱۴۲۱/۰۵/۱۰');
  await dialog.getByRole('button', { name: 'افزودن سطر' }).click();
  // tea pays the general VAT (sugar is exempt, docs/tax.md)
  await typeKeys(page, 'K-0004\n\n۳\n۱۲۳۴۵۶۷\n', 0);
  await page.keyboard.press('Escape');
  await expect(field(dialog, 'جمع (ریال)')).toHaveValue('۳٬۷۰۳٬۷۰۱');
  // the server's promotion, before saving: 10% off, VAT on the rest
  await expect(field(dialog, 'تخفیف (ریال)')).toHaveValue('۳۷۰٬۳۷۰');
  await expect(dialog.getByRole('textbox', { name: /^مالیات و عوارض ارزش افزوده/ })).toHaveValue('۳۳۳٬۳۳۳');
  await expect(field(dialog, 'مبلغ قابل پرداخت (ریال)')).toHaveValue('۳٬۶۶۶٬۶۶۴');
  const words = field(dialog, 'مبلغ به حروف');
  await expect(words).toHaveValue('سه میلیون و ششصد و شصت و شش هزار و ششصد و شصت و چهار ریال');
  await expect(field(dialog, 'تخفیف‌های اعمال‌شده')).toHaveValue('تخفیف آزمون فرم');

  // the figures sit under the lines; the amount in words is shown in full (no hidden line)
  const grid = await dialog.locator('[data-lines]').first().boundingBox();
  const summary = await dialog.locator('[data-summary]').boundingBox();
  expect(summary!.y).toBeGreaterThanOrEqual(grid!.y + grid!.height);
  expect(await words.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);

  const saved = page.waitForResponse((r) => r.url().endsWith('/Sales/Invoice/Create'));
  await dialog.getByRole('button', { name: 'ذخیره', exact: true }).click();
  const stored = ((await (await saved).json()) as { Data: Record<string, unknown> }).Data;
  expect(stored).toMatchObject({
    total: 3_703_701,
    discount: 370_370,
    tax: 333_333,
    grandTotal: 3_666_664,
    appliedDiscounts: 'تخفیف آزمون فرم',
  });
  await expect(dialog).toBeHidden();
});

test('payroll month fills its dates; leave days come from the dates', async ({ page }) => {
  await signIn(page, 'staff');
  const run = await openNew(page, 'لیست‌های حقوق', 'لیست‌های حقوق');
  await field(run, 'سال').fill('۱۴۰۳');
  await run.getByRole('combobox', { name: 'ماه' }).selectOption({ label: 'اسفند' });
  await expect(field(run, 'از تاریخ')).toHaveValue('۱۴۰۳/۱۲/۰۱');
  // Esfand of a leap year has 30 days
  await expect(field(run, 'تا تاریخ')).toHaveValue('۱۴۰۳/۱۲/۳۰');
  await run.getByRole('button', { name: 'انصراف', exact: true }).click();
  await page.getByRole('button', { name: 'دور ریختن تغییرات', exact: true }).click();
  await expect(run).toBeHidden();

  const leave = await openNew(page, 'مرخصی‌ها', 'مرخصی‌ها');
  const today = toPersianDigits(todayJalali());
  await expect(field(leave, 'از تاریخ')).toHaveValue(today);
  await expect(field(leave, 'تا تاریخ')).toHaveValue(today);
  await expect(field(leave, 'تعداد روز')).toHaveValue('۱');
  await field(leave, 'از تاریخ').fill('۱۴۰۵/۰۶/۳۰');
  await field(leave, 'تا تاریخ').fill('۱۴۰۵/۰۷/۰۲');
  await field(leave, 'تا تاریخ').press('Tab');
  // Shahrivar has 31 days: 30, 31, then Mehr 1 and 2
  await expect(field(leave, 'تعداد روز')).toHaveValue('۴');
});

test('a dirty form asks before it is discarded (Escape, cancel, back); a clean one closes at once', async ({
  page,
}) => {
  await signIn(page, 'staff');
  const menu = page.getByRole('navigation', { name: 'منو' });
  await menu.getByRole('link', { name: 'مشتریان', exact: true }).click();
  await expect(page).toHaveURL(/\/sales\/customer$/);
  const title = 'مشتریان — جدید';
  const question = page.getByRole('dialog', { name: 'تأیید' });

  // clean: Escape closes at once
  await page.getByRole('button', { name: 'جدید', exact: true }).click();
  const clean = page.getByRole('dialog', { name: title });
  await expect(clean).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(clean).toBeHidden();
  await expect(question).toHaveCount(0);

  // dirty: Escape asks; «ادامهٔ ویرایش» keeps what was typed
  await page.getByRole('button', { name: 'جدید', exact: true }).click();
  const form = page.getByRole('dialog', { name: title });
  await field(form, 'نام').fill('بدون ذخیره');
  await field(form, 'نام').press('Tab');
  await page.keyboard.press('Escape');
  await expect(question).toContainText('تغییرات ذخیره نشده از بین می‌رود. ادامه می‌دهید؟');
  await question.getByRole('button', { name: 'ادامهٔ ویرایش', exact: true }).click();
  await expect(question).toHaveCount(0);
  await expect(field(form, 'نام')).toHaveValue('بدون ذخیره');

  // the browser's back asks: keeping on editing stays on the screen, discarding leaves it
  await page.goBack();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'ادامهٔ ویرایش', exact: true }).click();
  await expect(question).toHaveCount(0);
  await expect(page).toHaveURL(/\/sales\/customer$/);
  await expect(field(form, 'نام')).toHaveValue('بدون ذخیره');
  await page.goBack();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'دور ریختن تغییرات', exact: true }).click();
  await expect(form).toBeHidden();
  await expect(page).not.toHaveURL(/\/sales\/customer$/);
});

test('an unbalanced voucher says so once, with the difference; the workflow offers the role its own transitions only', async ({
  page,
  request,
}) => {
  // a submitted voucher of the staff: staff may take it back to draft; approving is the admin's
  const staff = await apiToken(request, 'staff');
  const post = async (path: string, data: object) => {
    const res = await request.post(`/api/${path}`, { headers: { Authorization: `Bearer ${staff}` }, data });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { Data: Record<string, unknown> & { rows?: { id: number }[] } }).Data;
  };
  const account = async (code: string) =>
    (
      await post('Accounting/Account/GetList', {
        startRow: 0,
        endRow: 1,
        filterModel: { code: { filterType: 'text', type: 'equals', filter: code } },
      })
    ).rows![0]!.id;
  const [cash, sales] = [await account('8201'), await account('6101')];
  const values = {
    date: jalaliToIso(todayJalali()),
    description: 'سند گردش کار آزمون',
    lines: [
      { account: cash, debit: 5000, credit: 0 },
      { account: sales, debit: 0, credit: 5000 },
    ],
  };
  const created = await post('Accounting/Voucher/Create', { values });
  await post('Accounting/Voucher/Update', {
    id: created.id,
    version: created.version,
    values: { ...values, status: 'submitted' },
  });

  await signIn(page, 'staff');
  const dialog = await openNew(page, 'اسناد حسابداری', 'اسناد حسابداری');
  await expect(field(dialog, 'تاریخ')).toHaveValue(toPersianDigits(todayJalali()));
  await field(dialog, 'شرح').fill('سند نامتوازن آزمون');
  await dialog.getByRole('button', { name: 'افزودن سطر' }).click();
  for (const [name, debit, credit] of [
    ['تنخواه‌گردان', '۱۲۵۰۰۰۰', '۰'],
    ['فروش کالا', '۰', '۹۰۰'],
  ] as const) {
    await typeKeys(page, name, 0);
    await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
    await typeKeys(page, `\n\n\n\n${debit}\n${credit}\n`, 0);
  }
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'ذخیره', exact: true }).click();
  const message = 'جمع بدهکار و بستانکار سند برابر نیست؛ اختلاف ۱٬۲۴۹٬۱۰۰ ریال';
  // once: under the lines, at the row it blames; the cell carries it too
  await expect(dialog.getByText(message)).toHaveCount(1);
  await expect(dialog.getByText(message)).toBeVisible();
  await expect(dialog.locator('[row-index="1"] [col-id="credit"] [aria-description]')).toHaveAttribute(
    'aria-description',
    message,
  );
  await dialog.getByRole('button', { name: 'انصراف', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'تأیید' })
    .getByRole('button', { name: 'دور ریختن تغییرات' })
    .click();
  await expect(dialog).toBeHidden();

  // the number is the server's (given on finalise): the draft is found by its row
  await page.locator(`.ag-row[row-id="${created.id}"] [col-id="date"]`).dblclick();
  const edit = page.getByRole('dialog', { name: 'اسناد حسابداری — ویرایش' });
  const status = edit.getByRole('combobox', { name: 'وضعیت' });
  await expect(status).toBeVisible();
  const offered = (await status.locator('option').allTextContents()).filter((o) => o.trim() !== '');
  expect(offered).toEqual(['یادداشت', 'ارسال\u200cشده برای تأیید']);
});

test('a new document numbered on finalise says when it gets its number, as a hint and not as a value', async ({
  page,
}) => {
  await signIn(page, 'staff');
  const dialog = await openNew(page, 'فاکتورهای فروش', 'فاکتورهای فروش');
  const number = dialog.getByRole('textbox', { name: 'شماره فاکتور' });
  await expect(number).toHaveValue('');
  await expect(number).toHaveAttribute('placeholder', 'پس از قطعی شدن شماره می‌گیرد');
  await expect(number).not.toHaveAttribute('aria-required', 'true');
  // the hint reads as a hint: lighter and not as bold as the figures beside it
  const hint = await number.evaluate((el) => {
    const placeholder = getComputedStyle(el, '::placeholder');
    const value = getComputedStyle(el);
    return {
      hint: placeholder.webkitTextFillColor || placeholder.color,
      value: value.webkitTextFillColor || value.color,
      weight: Number(placeholder.fontWeight),
    };
  });
  expect(hint.hint).not.toBe(hint.value);
  expect(hint.weight).toBeLessThan(600);
  await number.screenshot({ path: 'test-results/number-hint.png' });
});
