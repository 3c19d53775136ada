/**
 * A received cheque through the generated screens (issue #25, docs/treasury.md), as the treasury
 * clerk works: registers it in the cheques' form (number, Sayad id, customer, bank, due date,
 * amount), finalises it, finds it in the due-cheques report, deposits it to a bank account and
 * clears it through the form's state select, and sees it leave the report; the server posted a
 * voucher for the registration and for each move.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { isoToJalali, todayIso } from '../../runtime/shared/jalali';
import { apiToken, field, signIn, toPersianDigits } from './helpers';

test.use({ viewport: { width: 1366, height: 768 } });

const addDays = (iso: string, n: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * Types into a lookup field and takes the first option its list offers (the lookup's own listbox:
 * the form's selects have options too, hidden, e.g. «دریافتی» of the cheque's direction).
 */
async function pickLookup(page: Page, dialog: Locator, label: RegExp, text: string): Promise<void> {
  const box = dialog.getByRole('combobox', { name: label });
  await box.click();
  await box.pressSequentially(text);
  const list = page.getByRole('listbox', { name: label });
  await expect(list.getByRole('option', { name: 'در حال جستجو…' })).toHaveCount(0);
  await list
    .getByRole('option', { name: new RegExp(text), disabled: false })
    .first()
    .click();
}

async function save(page: Page, dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'ذخیره', exact: true }).click();
  await expect(page.getByText('ذخیره شد.').last()).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('a received cheque is registered, deposited and cleared, and leaves the due-cheques report', async ({
  page,
  request,
}) => {
  const stamp = String(Date.now()).slice(-7);
  const number = `88${stamp}`;
  const sayad = `7${stamp}${stamp}1`.slice(0, 16);
  const due = isoToJalali(addDays(todayIso(), 5))!;

  await signIn(page, 'staff');
  await page.goto('/treasury/cheque');
  await expect(page.getByRole('grid').getByRole('gridcell').first()).toBeVisible();
  await page.getByRole('button', { name: 'جدید', exact: true }).click();
  const created = page.getByRole('dialog', { name: 'چک‌ها — جدید' });
  await expect(created).toBeVisible();
  // a new received cheque starts «in hand», which the server sets
  await expect(created.getByRole('combobox', { name: /وضعیت چک/ })).toBeDisabled();
  await field(created, 'شماره (سریال) چک').fill(toPersianDigits(number));
  await field(created, 'شناسه صیادی').fill(toPersianDigits(sayad));
  await pickLookup(page, created, /مشتری/, 'ا');
  await created.getByRole('combobox', { name: 'بانک چک' }).selectOption({ label: 'بانک ملت' });
  await field(created, 'تاریخ سررسید').fill(toPersianDigits(due));
  await field(created, 'مبلغ (ریال)').fill('۷۷۰۰۰۰۰۰');
  await save(page, created);

  const row = page
    .getByRole('grid')
    .getByRole('row')
    .filter({ hasText: toPersianDigits(number) });
  await row.first().locator('[col-id="number"]').dblclick();
  const form = page.getByRole('dialog');
  await form.getByRole('button', { name: 'قطعی کردن', exact: true }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: 'قطعی شود؟' })
    .getByRole('button', { name: 'بله' })
    .click();
  await expect(page.getByText('سند قطعی شد.')).toBeVisible();
  await form.getByRole('button', { name: 'انصراف', exact: true }).click();
  await expect(form).toHaveCount(0);

  // falling due in five days: in the due-cheques report
  const report = async () => {
    await page.goto('/treasury/report/dueCheques');
    await page.getByRole('button', { name: 'اجرای گزارش' }).click();
    await expect(page.locator('[data-report="treasury.dueCheques"]').getByRole('table')).toBeVisible();
    return page.locator('[data-report="treasury.dueCheques"]').getByRole('table');
  };
  await expect((await report()).getByText(toPersianDigits(number), { exact: true })).toBeVisible();

  // deposited to a bank account, then cleared: each through the form's state select
  const move = async (state: string, bank?: string) => {
    await page.goto('/treasury/cheque');
    await row.first().locator('[col-id="number"]').dblclick();
    const edit = page.getByRole('dialog');
    await edit.getByRole('combobox', { name: /وضعیت چک/ }).selectOption({ label: state });
    if (bank) await pickLookup(page, edit, /حساب بانکی/, bank);
    await save(page, edit);
  };
  await move('واگذار به بانک', 'ملت');
  await move('وصول‌شده');

  // cleared: out of the report
  await expect((await report()).getByText(toPersianDigits(number), { exact: true })).toHaveCount(0);

  // the registration and both moves posted their vouchers
  const token = await apiToken(request, 'staff');
  const post = async <T>(path: string, data: object) => {
    const answer = await request.post(`/api/${path}`, {
      headers: { authorization: `Bearer ${token}` },
      data,
    });
    expect(answer.ok(), await answer.text()).toBe(true);
    return ((await answer.json()) as { Data: T }).Data;
  };
  const cheques = await post<{ rows: { id: number; number: string; status: string }[] }>(
    'Treasury/Cheque/GetList',
    {
      startRow: 0,
      endRow: 10,
      filterModel: { number: { filterType: 'text', type: 'equals', filter: number } },
    },
  );
  expect(cheques.rows[0]?.status).toBe('cleared');
  const vouchers = await post<{ rows: unknown[] }>('Accounting/Voucher/GetList', {
    startRow: 0,
    endRow: 10,
    filterModel: {
      sourceEntity: { filterType: 'text', type: 'equals', filter: 'treasury.cheque' },
      sourceId: { filterType: 'number', type: 'equals', filter: cheques.rows[0]!.id },
    },
  });
  expect(vouchers.rows).toHaveLength(3);
});
