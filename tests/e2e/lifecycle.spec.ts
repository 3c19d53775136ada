/**
 * The document lifecycle in the real app against the real server under fa (issue #23): staff opens a
 * draft sales invoice, finalises it (after a question), finds the form read-only and an edit refused
 * by the server with its Persian reason, cancels it with a reason (an empty one refused in the
 * dialog), amends it (a new draft with the same lines, linked to the cancelled one); the grid shows
 * the states as coloured tags and filters by them; a vendor is offered no Finalise on its purchase
 * orders and the server refuses it one. One page, reused.
 * LIFECYCLE_SHOTS=<dir> also saves screenshots (desktop 1366x768 and phone 390x844) there.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiToken, signIn } from './helpers';
import { todayIso } from '../../runtime/shared/jalali';

test.use({ viewport: { width: 1366, height: 768 } });

const SHOTS = process.env.LIFECYCLE_SHOTS;

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/**
 * Desktop and phone shots of what is on the page now (the viewport is put back); on the phone,
 * `bottom` (e.g. the form's action bar) is scrolled into view for a second shot.
 */
async function shots(page: Page, name: string, bottom?: Locator): Promise<void> {
  if (!SHOTS) return;
  await shot(page, `${name}-desktop`);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, `${name}-phone`);
  if (bottom) {
    await bottom.scrollIntoViewIfNeeded();
    await shot(page, `${name}-phone-bottom`);
  }
  await page.setViewportSize({ width: 1366, height: 768 });
}

interface Row {
  id: number;
  version: number;
  docState?: string;
  amendedFrom?: number | null;
  cancelReason?: string | null;
  lines?: { item: number; quantity: number; unitPrice: number }[];
}

async function call(request: APIRequestContext, token: string, path: string, data: object) {
  return request.post(`/api/${path}`, { headers: { authorization: `Bearer ${token}` }, data });
}

async function post<T>(request: APIRequestContext, token: string, path: string, data: object): Promise<T> {
  const answer = await call(request, token, path, data);
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { Data: T }).Data;
}

/** The Persian reasons of a 417 answer (its business errors, else its messages). */
async function reasons(answer: { json(): Promise<unknown> }): Promise<string> {
  const body = (await answer.json()) as {
    Data?: { BusinessErrors?: string[] } | null;
    MessageTexts?: string[];
    ServerMessageTexts?: { Message: string }[];
  };
  return [
    ...(body.Data?.BusinessErrors ?? []),
    ...(body.MessageTexts ?? []),
    ...(body.ServerMessageTexts ?? []).map((m) => m.Message),
  ].join(' ');
}

test('staff finalises, cancels and amends an invoice; a vendor may not finalise', async ({
  page,
  request,
}) => {
  const admin = await apiToken(request, 'admin');
  const staff = await apiToken(request, 'staff');
  const first = <T>(path: string) =>
    post<{ rows: T[] }>(request, admin, `${path}/GetList`, { startRow: 0, endRow: 1 }).then(
      (l) => l.rows[0]!,
    );
  // a demo customer (another spec adds one with a low credit limit, which sorts first)
  const customer = (
    await post<{ rows: { id: number }[] }>(request, admin, 'Sales/Customer/GetList', {
      startRow: 0,
      endRow: 1,
      filterModel: { code: { filterType: 'text', type: 'equals', filter: 'C-0001' } },
    })
  ).rows[0]!.id;
  const item = (await first<{ id: number }>('Inventory/Item')).id;
  const stamp = `LC${String(Date.now()).slice(-7)}`;
  const today = todayIso();
  const values = {
    customer,
    date: today,
    description: `سند آزمون ${stamp}`,
    lines: [
      { item, quantity: 2, unitPrice: 1_500_000 },
      { item, quantity: 1, unitPrice: 700_000 },
    ],
  };
  const draft = await post<Row>(request, staff, 'Sales/Invoice/Create', { values });
  expect(draft.docState).toBe('draft');

  // the grid: the draft's state as a grey tag
  await signIn(page, 'staff');
  await page
    .getByRole('navigation', { name: 'منو' })
    .getByRole('link', { name: 'فاکتورهای فروش', exact: true })
    .click();
  const gridRow = page.locator(`.ag-row[row-id="${draft.id}"] [col-id="date"]`);
  const stateCell = page.locator(`.ag-row[row-id="${draft.id}"] [col-id="docState"] .erp-tag`);
  await expect(stateCell).toHaveText('پیش‌نویس');
  await expect(stateCell).toHaveAttribute('data-color', 'informative');

  // the form of a draft: its state in the title, «قطعی کردن» in the action bar
  await gridRow.dblclick();
  const form = page.getByRole('dialog');
  await expect(form.locator('[data-state-tag]')).toHaveText('پیش‌نویس');
  const finalise = form.getByRole('button', { name: 'قطعی کردن', exact: true });
  await expect(form.getByRole('button', { name: 'ابطال', exact: true })).toHaveCount(0);
  await finalise.click();
  const question = page.getByRole('dialog').filter({ hasText: 'قطعی شود؟' });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'بله' }).click();
  await expect(page.getByText('سند قطعی شد.')).toBeVisible();

  // the final form: read-only (no Save), the tag green, the note says why, Cancel offered
  await expect(form.locator('[data-state-tag]')).toHaveText('قطعی');
  await expect(form.locator('[data-state-tag]')).toHaveAttribute('data-color', 'success');
  await expect(form.locator('[data-lifecycle-note]')).toContainText('این سند قطعی است');
  await expect(form.getByRole('button', { name: 'ذخیره', exact: true })).toHaveCount(0);
  await expect(form.getByRole('textbox', { name: 'شرح', exact: true })).toHaveAttribute('readonly', '');
  await expect(finalise).toHaveCount(0);
  await shots(page, 'lifecycle-final-form', form.locator('[data-form-actions]'));

  // the server refuses an edit of the final document, with its Persian reason
  const final = await post<Row>(request, staff, 'Sales/Invoice/Get', { id: draft.id });
  expect(final.docState).toBe('final');
  const edit = await call(request, staff, 'Sales/Invoice/Update', {
    id: final.id,
    version: final.version,
    values: { ...values, description: 'ویرایش پس از قطعی شدن' },
  });
  expect(edit.status()).toBe(417);
  expect(await reasons(edit)).toMatch(/قطعی/);

  // cancel: the reason is asked; an empty one is refused in Persian and nothing is sent
  await form.getByRole('button', { name: 'ابطال', exact: true }).click();
  const cancel = page.locator('[data-cancel-dialog]');
  await expect(cancel).toBeVisible();
  await cancel.getByRole('button', { name: 'ابطال سند', exact: true }).click();
  await expect(cancel.getByText('دلیل ابطال را بنویسید.')).toBeVisible();
  await shots(page, 'lifecycle-cancel-dialog');
  await cancel.getByRole('textbox').fill('مبلغ سطر دوم اشتباه ثبت شده بود');
  await cancel.getByRole('button', { name: 'ابطال سند', exact: true }).click();
  await expect(page.getByText('سند باطل شد.')).toBeVisible();
  await expect(cancel).toHaveCount(0);
  await expect(form.locator('[data-state-tag]')).toHaveText('باطل‌شده');
  await expect(form.locator('[data-cancel-reason]')).toHaveText(
    'دلیل ابطال: مبلغ سطر دوم اشتباه ثبت شده بود',
  );
  const cancelled = await post<Row>(request, staff, 'Sales/Invoice/Get', { id: draft.id });
  expect(cancelled.docState).toBe('cancelled');

  // amend: a new draft opens, with the same lines, linked to the cancelled document
  await form.getByRole('button', { name: 'اصلاح (نسخهٔ جدید)', exact: true }).click();
  await expect(page.getByText('نسخهٔ جدید سند به‌صورت پیش‌نویس ساخته شد.')).toBeVisible();
  await expect(form.locator('[data-state-tag]')).toHaveText('پیش‌نویس');
  const link = form.locator('[data-amended-from]');
  await expect(link).toHaveAttribute('data-amended-from', String(draft.id));
  await expect(form.getByRole('button', { name: 'ذخیره', exact: true })).toBeVisible();
  await form.getByRole('button', { name: 'انصراف', exact: true }).click();
  await expect(form).toHaveCount(0);

  // the grid: the new draft beside the cancelled one, each state in its colour; filtered by state
  await expect(page.locator(`.ag-row[row-id="${draft.id}"] [col-id="docState"] .erp-tag`)).toHaveAttribute(
    'data-color',
    'danger',
  );
  // the amendment names the cancelled document it replaces
  const listed = await post<{ rows: Row[] }>(request, staff, 'Sales/Invoice/GetList', {
    startRow: 0,
    endRow: 1000,
  });
  const amended = listed.rows.find((r) => r.amendedFrom === draft.id);
  expect(amended, 'the amendment is listed').toBeTruthy();
  const copy = await post<Row>(request, staff, 'Sales/Invoice/Get', { id: amended!.id });
  expect(copy.docState).toBe('draft');
  expect(copy.lines?.map((l) => [l.item, l.quantity, l.unitPrice])).toEqual([
    [item, 2, 1_500_000],
    [item, 1, 700_000],
  ]);
  const amendedTag = page.locator(`.ag-row[row-id="${amended!.id}"] [col-id="docState"] .erp-tag`);
  await expect(amendedTag).toHaveText('پیش‌نویس');
  await shots(page, 'lifecycle-grid');
  const header = page.locator('.ag-header-cell[col-id="docState"]');
  await header.hover();
  await header.locator('.ag-header-cell-filter-button').click();
  await page.locator('.ag-filter').getByRole('combobox').selectOption({ label: 'باطل‌شده' });
  await expect(page.locator(`.ag-row[row-id="${amended!.id}"]`)).toHaveCount(0);
  await expect(page.locator(`.ag-row[row-id="${draft.id}"]`).first()).toBeVisible();
  await page.keyboard.press('Escape');

  // the toolbar: a cancelled row offers Amend and neither Edit nor Delete (shown disabled: the
  // toolbar's buttons stay in place whatever row is selected)
  await page.locator(`.ag-row[row-id="${draft.id}"] [col-id="date"]`).click();
  const toolbar = page.getByRole('toolbar', { name: 'نوار ابزار' });
  await expect(toolbar.getByRole('button', { name: 'اصلاح (نسخهٔ جدید)' })).toBeEnabled();
  await expect(toolbar.getByRole('button', { name: 'قطعی کردن', exact: true })).toBeDisabled();
  await expect(toolbar.getByRole('button', { name: 'ویرایش', exact: true })).toBeDisabled();
  await expect(toolbar.getByRole('button', { name: 'حذف', exact: true })).toBeDisabled();

  // a vendor: its purchase orders offer no Finalise, and the server refuses it one
  await page.getByRole('button', { name: 'خروج', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, 'vendor');
  await page
    .getByRole('navigation', { name: 'منو' })
    .getByRole('link', { name: 'سفارش‌های خرید', exact: true })
    .click();
  const vendor = await apiToken(request, 'vendor');
  const orders = await post<{ rows: Row[] }>(request, vendor, 'SupplyChain/PurchaseOrder/GetList', {
    startRow: 0,
    endRow: 50,
  });
  const order = orders.rows.find((r) => r.docState === 'draft') ?? orders.rows[0]!;
  expect(order.docState).toBe('draft');
  await page.locator(`.ag-row[row-id="${order.id}"] [col-id="date"]`).dblclick();
  await expect(form.locator('[data-state-tag]')).toHaveText('پیش‌نویس');
  await expect(form.getByRole('button', { name: 'قطعی کردن', exact: true })).toHaveCount(0);
  await expect(
    page.getByRole('toolbar', { name: 'نوار ابزار' }).getByRole('button', { name: 'قطعی کردن' }),
  ).toHaveCount(0);
  const refused = await call(request, vendor, 'SupplyChain/PurchaseOrder/Finalise', {
    id: order.id,
    version: order.version,
  });
  expect(refused.status()).toBe(403);
});
