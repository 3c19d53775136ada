/**
 * Stock as the storekeeper works it (issue #25, docs/inventory.md): an issue of more than the
 * warehouse holds is saved as a draft but refused on finalise, with the item, the warehouse and the
 * quantity available in Persian; the same issue for three units becomes final and takes its number;
 * the item's kardex in that warehouse ends with it, its running quantity and value following each
 * row from the opening one.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { isoToJalali, todayIso } from '../../runtime/shared/jalali';
import { apiToken, field, signIn, toPersianDigits } from './helpers';

test.use({ viewport: { width: 1366, height: 768 } });

const KARDEX = 'کاردکس کالا';

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

/** A quantity or amount as shown (Persian digits, «٬» between thousands, «٫» or «.» before decimals). */
function figure(text: string): number {
  const t = text.trim();
  if (t === '') return 0;
  expect(t, `«${t}» is a figure in Persian digits`).toMatch(/^\(?[۰-۹][۰-۹٬]*([٫.][۰-۹]+)?\)?$/);
  const latin = t
    .replace(/[()٬]/g, '')
    .replace('٫', '.')
    .replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d)));
  return t.startsWith('(') ? -Number(latin) : Number(latin);
}

async function finalise(page: Page, form: Locator): Promise<void> {
  await form.getByRole('button', { name: 'قطعی کردن', exact: true }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: 'قطعی شود؟' })
    .getByRole('button', { name: 'بله' })
    .click();
}

test('an issue beyond what the warehouse holds is refused with what is available; three units go out and end the kardex', async ({
  page,
  request,
}) => {
  const reference = `آزمون-${toPersianDigits(String(Date.now()).slice(-6))}`;
  await signIn(page, 'storekeeper');
  await page.goto('/inventory/stockMove');
  await expect(page.getByRole('heading', { name: 'گردش کالا' })).toBeVisible();
  await page.getByRole('button', { name: 'جدید', exact: true }).click();
  const created = page.getByRole('dialog', { name: 'گردش کالا — جدید' });
  await field(created, 'تاریخ').fill(toPersianDigits(isoToJalali(todayIso())!));
  await created.getByRole('combobox', { name: 'نوع سند' }).selectOption({ label: 'حواله خروج' });
  await pickLookup(page, created, 'انبار', 'مرکزی');
  await field(created, 'سند مرجع').fill(reference);
  // one line: شکر (K-0002), far more than any warehouse holds
  await created.getByRole('button', { name: 'افزودن سطر' }).click();
  await page.keyboard.press('Escape');
  const itemCell = created.locator('[row-index="0"] [col-id="item"]');
  await itemCell.dblclick();
  const editor = page.locator('input.erp-line-lookup');
  await expect(editor).toBeFocused();
  await editor.fill('K-۰۰۰۲');
  await editor.press('Tab');
  await expect(itemCell).toHaveText(/^K-۰۰۰۲ — /);
  const quantity = created.locator('[row-index="0"] [col-id="quantity"]');
  await quantity.dblclick();
  await page.keyboard.type('۹۹۹۹۹۹۹۹\n');
  await page.keyboard.press('Escape');
  await created.getByRole('button', { name: 'ذخیره', exact: true }).click();
  await expect(page.getByText('ذخیره شد.').last()).toBeVisible();
  await expect(created).toBeHidden();

  // the draft: opened from the grid and finalised, refused with what the warehouse has
  const row = page.getByRole('grid').getByRole('row').filter({ hasText: reference });
  await row.first().getByText(reference).dblclick();
  const form = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'قطعی کردن' }) });
  await finalise(page, form);
  const refusal = page.getByText(
    /موجودی کالای «K-۰۰۰۲ — [^»]+» در انبار «[^»]*انبار مرکزی[^»]*» کافی نیست: موجودی [۰-۹٬٫]+، درخواست ۹۹٬۹۹۹٬۹۹۹ \(سطر ۱\)/,
  );
  await expect(refusal.first()).toBeVisible();
  const available = figure(/موجودی ([۰-۹٬٫]+)،/.exec((await refusal.first().textContent()) ?? '')?.[1] ?? '');
  expect(available).toBeGreaterThan(3);
  const error = page.getByRole('dialog', { name: 'خطا' });
  if (await error.isVisible()) await error.getByRole('button', { name: 'بستن', exact: true }).click();

  // three units: final, numbered (the draft's form is still open with what was typed)
  const editQuantity = form.locator('[row-index="0"] [col-id="quantity"]');
  await editQuantity.dblclick();
  await page.keyboard.type('۳\n');
  await page.keyboard.press('Escape');
  await expect(editQuantity).toHaveText(/^۳([.٫]۰+)?$/);
  await form.getByRole('button', { name: 'ذخیره', exact: true }).click();
  await expect(page.getByText('ذخیره شد.').last()).toBeVisible();
  await row.first().getByText(reference).dblclick();
  await finalise(page, form);
  await expect(page.getByText('سند قطعی شد.')).toBeVisible();

  // the kardex of the item in that warehouse (its address runs it) ends with this issue
  const token = await apiToken(request, 'storekeeper');
  const post = async <T>(path: string, data: object) => {
    const answer = await request.post(`/api/${path}`, {
      headers: { authorization: `Bearer ${token}` },
      data,
    });
    expect(answer.ok(), await answer.text()).toBe(true);
    return ((await answer.json()) as { Data: T }).Data;
  };
  const eq = (filter: string) => ({ filterType: 'text', type: 'equals', filter });
  type Rows = { rows: { id: number; number?: string; warehouse?: number; reference?: string }[] };
  const [move] = (
    await post<Rows>('Inventory/StockMove/GetList', {
      startRow: 0,
      endRow: 1,
      filterModel: { reference: eq(reference) },
    })
  ).rows;
  const [item] = (
    await post<Rows>('Inventory/Item/GetList', {
      startRow: 0,
      endRow: 1,
      filterModel: { code: eq('K-0002') },
    })
  ).rows;
  expect(move?.number).toMatch(/^SM-\d{6}$/);
  await page.goto(`/inventory/report/kardex?item=${item!.id}&warehouse=${move!.warehouse}`);
  const table = page.getByRole('table', { name: KARDEX });
  await expect(table).toBeVisible();
  await expect(page.locator('section[aria-busy="true"]')).toHaveCount(0);
  const { headers, cells } = await table.evaluate((t) => ({
    headers: [...t.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? ''),
    cells: [...t.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? ''),
    ),
  }));
  const rows = cells.map((c) => Object.fromEntries(headers.map((h, i) => [h, c[i] ?? ''])));
  const body = rows.filter((r) => Object.values(r)[0] !== 'جمع');
  expect(body.length).toBeGreaterThan(2);
  // from the opening row, each row's running quantity is the one before it plus in minus out
  let running = figure(body[0]!['مانده مقدار']!);
  for (const r of body.slice(1)) {
    running += figure(r['مقدار وارده']!) - figure(r['مقدار صادره']!);
    expect(figure(r['مانده مقدار']!), r['شماره سند']).toBeCloseTo(running, 3);
  }
  const last = body.at(-1)!;
  expect(last['شماره سند']).toContain(toPersianDigits(move!.number!));
  expect(figure(last['مقدار صادره']!)).toBe(3);
  expect(figure(last['مانده مقدار']!)).toBeCloseTo(available - 3, 3);
  await expect(table).not.toContainText(/[0-9]{2}/);
});
