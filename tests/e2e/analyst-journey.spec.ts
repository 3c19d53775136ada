/**
 * The analyst's whole journey of issue 26 in one run: a new document type with two tabs, a total
 * computed by a formula in words and a condition made with the builder, published; an admin grants
 * the staff role its rights in the permissions screen; a staff user enters a document and sees the
 * formula's total; the analyst builds a report over the new type and puts it on the staff's
 * dashboard as a card; the staff user finds the card with the document's figure on the landing.
 */
import { expect, test, type Page } from '@playwright/test';
import { field, signIn, toPersianDigits } from './helpers';

test.use({ viewport: { width: 1366, height: 768 } });

const menu = (page: Page) => page.getByRole('navigation', { name: 'منو' });

test('an analyst designs a document type with tabs, a formula total, a rule, a report and a dashboard card; staff uses it', async ({
  page,
  browser,
}) => {
  // a publish rebuilds the registry and three users sign in: room for a loaded 2-core machine
  test.setTimeout(300_000);
  const stamp = Date.now().toString(36);
  const name = `trip${stamp}`;
  const title = `مأموریت ${name}`;

  // ---- the analyst designs: title (given), amount, a computed total, a note on its own tab ----
  await signIn(page, 'analyst');
  await menu(page).getByRole('link', { name: 'طراح فرم‌ها', exact: true }).click();
  await page.getByRole('button', { name: 'موجودیت جدید', exact: true }).click();
  await page.getByRole('textbox', { name: /^نام فنی/ }).fill(name);
  await page.getByRole('textbox', { name: /^عنوان فارسی/ }).fill(title);
  const fields = page.getByRole('table', { name: 'فیلدها' });
  const addField = async (n: number, key: string, label: string, money: boolean) => {
    await page.getByRole('button', { name: 'افزودن فیلد', exact: true }).click();
    const at = toPersianDigits(String(n));
    await fields.getByRole('textbox', { name: `نام فیلد ${at}` }).fill(key);
    if (money) {
      await fields.getByRole('combobox', { name: `نوع ${at}` }).selectOption('integer');
      await fields.getByRole('checkbox', { name: `مبلغ (ریال) ${at}` }).check();
    }
    await fields.getByRole('textbox', { name: `برچسب فارسی ${at}` }).fill(label);
  };
  await addField(2, 'amount', 'هزینه', true);
  await addField(3, 'total', 'جمع با مالیات', true);
  await addField(4, 'note', 'شرح سفر', false);
  await page.getByRole('checkbox', { name: 'هزینه', exact: true }).check();
  await page.getByRole('checkbox', { name: 'جمع با مالیات', exact: true }).check();

  // the total as a formula in words; shown only when there is a cost (a condition from the builder)
  const rules = page.getByRole('group', { name: 'فیلدهای محاسباتی و قواعد' });
  await rules.getByRole('button', { name: 'افزودن فیلد محاسباتی' }).click();
  await rules.getByRole('combobox', { name: /^فیلد محاسباتی ۱/ }).selectOption('total');
  await rules.getByRole('combobox', { name: /^فرمول ۱/ }).fill('گرد(هزینه * ۱٫۱)');
  await expect(rules.getByText(/فرمول ناتمام است/)).toHaveCount(0);
  await rules.getByRole('button', { name: 'افزودن شرط' }).click();
  await rules.getByRole('combobox', { name: /^فیلد ۱/ }).selectOption('total');
  await rules.getByRole('button', { name: 'سازندهٔ شرط' }).click();
  const builder = rules.getByRole('group', { name: 'سازندهٔ شرط ۱' });
  await builder.getByRole('button', { name: 'افزودن مقایسه' }).click();
  await builder.getByRole('combobox', { name: /^فیلد ۱/ }).selectOption('amount');
  await builder.getByRole('combobox', { name: /^عملگر ۱/ }).selectOption('>');
  await builder.getByRole('textbox', { name: /^مقدار ۱/ }).fill('۰');
  await expect(rules.getByRole('combobox', { name: /^هنگامی که ۱/ })).toHaveValue('هزینه > ۰');

  // two tabs: «اصلی» keeps the title, cost and total; «جزئیات» the note, in a titled section
  await page.getByRole('tab', { name: 'چیدمان فرم' }).click();
  await page.getByRole('button', { name: 'ساختن چیدمان', exact: true }).click();
  await page.getByRole('button', { name: 'افزودن زبانه', exact: true }).click();
  await page
    .getByRole('region', { name: 'زبانه زبانه تازه' })
    .getByRole('textbox', { name: 'عنوان فارسی زبانه' })
    .fill('جزئیات');
  const details = page.getByRole('region', { name: 'زبانه جزئیات' });
  await details.getByRole('textbox', { name: 'عنوان فارسی بخش' }).fill('گزارش سفر');
  await page
    .getByRole('combobox', { name: 'جابه‌جایی شرح سفر' })
    .selectOption({ label: 'جزئیات › گزارش سفر' });
  await expect(details.locator('[data-layout-chip="note"]')).toBeVisible();
  const preview = page.getByRole('region', { name: 'پیش‌نمایش چیدمان' });
  await expect(preview.getByRole('tab', { name: 'جزئیات' })).toBeVisible();

  await page.getByRole('button', { name: 'بررسی و انتشار', exact: true }).click();
  const plan = page.getByRole('dialog', { name: 'بررسی تغییرات و انتشار' });
  await expect(plan.getByRole('cell', { name: 'موجودیت جدید' })).toBeVisible();
  await plan.getByRole('button', { name: 'انتشار', exact: true }).click();
  await expect(page.getByText(`نسخه ${toPersianDigits('1')} منتشر شد.`)).toBeVisible();

  // ---- an admin gives the staff role view, create and edit on it ----
  const admin = await browser.newPage({ viewport: { width: 1366, height: 768 } });
  await signIn(admin, 'admin');
  await admin.goto('/security/permissions');
  await admin.getByRole('combobox', { name: 'نقش' }).selectOption('staff');
  const matrix = admin.getByRole('table', { name: 'مجوزهای نقش کارمند' });
  for (const action of ['مشاهده', 'ایجاد', 'ویرایش'])
    await matrix.getByRole('checkbox', { name: `${title} — ${action}`, exact: true }).check();
  await admin.getByRole('button', { name: 'ذخیره', exact: true }).click();
  await expect(admin.getByText('تغییرات ذخیره شد.')).toBeVisible();
  await admin.close();

  // ---- a staff user enters a document: the tabs, the total computed as the cost is typed ----
  const staff = await browser.newPage({ viewport: { width: 1366, height: 768 } });
  await signIn(staff, 'staff');
  await menu(staff).getByRole('link', { name: title, exact: true }).click();
  await expect(staff).toHaveURL(new RegExp(`/common/${name}$`));
  await staff.getByRole('button', { name: 'جدید', exact: true }).click();
  const form = staff.getByRole('dialog', { name: `${title} — جدید` });
  await expect(form.getByRole('tab', { name: 'اصلی' })).toHaveAttribute('aria-selected', 'true');
  await field(form, 'عنوان').fill('سفر کرمان');
  await expect(field(form, 'جمع با مالیات')).toHaveCount(0);
  await field(form, 'هزینه').fill('۲۰۰۰۰۰');
  await expect(field(form, 'جمع با مالیات')).toHaveValue(/۲۲۰[,٬]?۰۰۰/);
  await form.getByRole('tab', { name: 'جزئیات' }).click();
  await field(form, 'شرح سفر').fill('بازدید از نمایندگی');
  await form.getByRole('button', { name: 'ذخیره', exact: true }).click();
  await expect(staff.getByText('ذخیره شد.')).toBeVisible();
  const row = staff.getByRole('grid').getByRole('row').filter({ hasText: 'سفر کرمان' });
  // the server computed the same total (the form's figure is not trusted)
  await expect(row.locator('[col-id="total"]')).toHaveText(/^۲۲۰[,٬]۰۰۰$/);

  // ---- the analyst reports the costs by title and puts the card on the staff's dashboard ----
  const report = `هزینهٔ مأموریت‌ها ${stamp}`;
  await page.goto('/');
  await page.getByTestId('open-builder').click();
  await page.getByTestId('builder-entity').selectOption(`common.${name}`);
  await page.getByTestId('builder-add-dimension').click();
  await page.getByTestId('builder-dimension-0').selectOption('title');
  await page.getByTestId('builder-op-0').selectOption('sum');
  await page.getByTestId('builder-measure-0').selectOption('total');
  await expect(page.getByRole('table').getByRole('row').filter({ hasText: 'سفر کرمان' })).toContainText(
    '۲۲۰',
  );
  await page.getByTestId('builder-title').fill(report);
  await page.getByTestId('builder-save').click();
  await expect(page.getByText(/ذخیره شد/)).toBeVisible();
  await page.getByTestId('builder-board').selectOption({ label: 'نمای فروش' });
  await page.getByTestId('builder-show').selectOption('table');
  await page.getByTestId('builder-add-card').click();
  await expect(page.getByText(/افزوده شد/)).toBeVisible();

  // ---- the staff user's landing shows the card with the document's figure ----
  await staff.goto('/');
  const card = staff.locator('[data-board] [data-card]').filter({ hasText: toPersianDigits(report) });
  await expect(card).toBeVisible();
  await expect(card).toContainText('سفر کرمان');
  await expect(card).toContainText(/۲۲۰[,٬]?۰۰۰/);
  await staff.close();
});
