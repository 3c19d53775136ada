/**
 * The report builder and the in-app dashboards (issue #26, docs/api.md "Report builder"): the
 * analyst builds a report of two dimensions (Jalali quarter and customer) summing the invoices,
 * sees it as a chart, saves it and adds it to the staff's dashboard as a card; a staff user then
 * finds the card, its chart drawn, on the landing screen.
 */
import { expect, test } from '@playwright/test';
import { apiToken, signIn, toPersianDigits } from './helpers';

test.use({ viewport: { width: 1366, height: 768 } });

test('an analyst builds a two-dimension chart and puts it on the staff dashboard', async ({
  page,
  browser,
}) => {
  const title = `فروش فصلی ${String(Date.now()).slice(-6)}`;
  await signIn(page, 'analyst');
  await page.getByTestId('open-builder').click();
  await page.getByTestId('builder-entity').selectOption('sales.invoice');
  await page.getByTestId('builder-add-dimension').click();
  await page.getByTestId('builder-dimension-0').selectOption('date');
  await page.getByLabel('دسته‌بندی تاریخ').selectOption('quarter');
  await page.getByTestId('builder-add-dimension').click();
  await page.getByTestId('builder-dimension-1').selectOption('customer');
  await page.getByTestId('builder-op-0').selectOption('sum');
  await page.getByTestId('builder-measure-0').selectOption('grandTotal');
  // the table first: a figure per quarter and customer, in Persian digits
  await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText(/[۰-۹]/);
  await page.getByTestId('builder-view').selectOption('bar');
  await expect(page.locator('svg[data-chart]').first()).toBeVisible();
  await page.getByTestId('builder-title').fill(title);
  await page.getByTestId('builder-save').click();
  await expect(page.getByText(/ذخیره شد/)).toBeVisible();
  await page.getByTestId('builder-board').selectOption({ label: 'نمای فروش' });
  await page.getByTestId('builder-show').selectOption('bar');
  await page.getByTestId('builder-add-card').click();
  await expect(page.getByText(/افزوده شد/)).toBeVisible();

  const staff = await browser.newPage({ viewport: { width: 1366, height: 768 } });
  await signIn(staff, 'staff');
  // the card's title in Persian digits, as every figure shows
  const card = staff.locator('[data-board] [data-card]').filter({ hasText: toPersianDigits(title) });
  await expect(card).toBeVisible();
  await expect(card.locator('svg[data-chart]')).toBeVisible();
  await staff.close();
});

test('a dashboard editor ticks the roles a board is for by their names, and moves a card with the keys', async ({
  page,
  request,
}) => {
  const admin = await apiToken(request, 'admin');
  const api = async <T>(path: string, body: unknown): Promise<T> => {
    const res = await request.post(`/api/${path}`, {
      headers: { authorization: `Bearer ${admin}` },
      data: body,
    });
    expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
    return ((await res.json()) as { Data: T }).Data;
  };
  const title = `برد نقش‌ها ${String(Date.now()).slice(-6)}`;
  const spec = { entity: 'sales.customer', measures: [{ op: 'count' }] };
  const analysis = await api<{ id: number }>('Report/Analysis/Create', {
    values: { title: 'شمار مشتریان', entity: spec.entity, view: 'table', spec: JSON.stringify(spec) },
  });
  const board = await api<{ id: number }>('Report/Board/Create', {
    values: {
      title,
      roles: 'admin',
      order: 90,
      cards: [{ analysis: analysis.id, show: 'number', x: 0, y: 0, w: 3, h: 1 }],
    },
  });

  await signIn(page, 'admin');
  const section = page.locator(`[data-board="${board.id}"]`);
  await section.getByTestId('board-edit').click();
  const roles = section.getByRole('group', { name: `نقش‌های داشبورد ${title}` });
  await expect(roles.getByRole('checkbox', { name: 'مدیر سامانه' })).toBeChecked();
  await roles.getByRole('checkbox', { name: 'مشتری' }).check();
  // the card one column toward the line's end (the left arrow in a right-to-left page)
  const card = section.locator('[data-card]').first();
  await card.focus();
  await card.press('ArrowLeft');
  await section.getByTestId('board-save').click();
  await expect(section.getByTestId('board-edit')).toBeVisible();
  const saved = await api<{ roles: string; cards: { x: number }[] }>('Report/Board/Get', { id: board.id });
  expect(saved.roles).toBe('admin,customer');
  expect(saved.cards[0]!.x).toBe(1);
});
