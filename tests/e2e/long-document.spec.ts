/**
 * A line added to a long stored document (more lines than the lines grid shows): the grid jumps to
 * its end, the new line is in view and takes what is typed at once, and the rows above the view
 * are drawn again after that frame, so scrolling back shows drawn lines.
 */
import { expect, test } from '@playwright/test';
import { typeKeys } from '../../bench/lib/typing';
import { apiToken, field, signIn, toPersianDigits } from './helpers';

const LINES = 60;

test('adding a line to a 60-line invoice shows it in view, types into it, and keeps the rows above drawn', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'staff');
  const post = async <T>(path: string, data: unknown): Promise<T> => {
    const res = await request.post(`/api/${path}`, { headers: { authorization: `Bearer ${token}` }, data });
    expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
    return ((await res.json()) as { Data: T }).Data;
  };
  const firstId = async (path: string) =>
    (await post<{ rows: { id: number }[] }>(path, { startRow: 0, endRow: 1 })).rows[0]!.id;
  const item = await firstId('Inventory/Item/GetList');
  const lines = Array.from({ length: LINES }, (_, i) => ({
    item,
    description: `سطر ${i + 1}`,
    quantity: 1,
    unitPrice: 100,
  }));
  // the number is the server's (given on finalise): the draft is found by its row
  const invoice = await post<{ id: number }>('Sales/Invoice/Create', {
    values: {
      customer: await firstId('Sales/Customer/GetList'),
      date: '2026-11-24',
      lines,
    },
  });

  await signIn(page, 'staff');
  await page.goto('/sales/invoice');
  await page.locator(`.ag-row[row-id="${invoice.id}"] [col-id="date"]`).dblclick();
  const dialog = page.getByRole('dialog');
  const grid = dialog.locator('[data-lines] .ag-root-wrapper');
  await expect(field(dialog, 'جمع (ریال)')).toHaveValue('۶٬۰۰۰');
  await expect(dialog.locator(`[data-lines] [row-index="${LINES - 1}"]`)).toHaveCount(0);

  // the first add jumps to the end; keys typed at once (before its editor has started, and while
  // the rows above are drawn again) land in the new line's cells
  await dialog.getByRole('button', { name: 'افزودن سطر' }).click();
  await typeKeys(page, 'شکر\n\n۴\n۵۰۰\n', 0);
  const added = dialog.locator(`[data-lines] [row-index="${LINES}"]`);
  await expect(added.locator('[col-id="#"]')).toHaveText(toPersianDigits(String(LINES + 1)));
  await expect(added.locator('[col-id="amount"]')).toHaveText('۲٬۰۰۰');
  await expect(added.locator('[col-id="item"]')).toHaveText(/^K-[۰-۹]+ — شکر$/); // «code — name»
  // Enter after its last cell added the next line, in view, its first cell editing
  const next = dialog.locator(`[data-lines] [row-index="${LINES + 1}"]`);
  await expect(next).toBeInViewport();
  await expect(next.locator('[col-id="item"] input')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(field(dialog, 'جمع (ریال)')).toHaveValue('۸٬۰۰۰');

  // rows above the first one in view are drawn again (kept for scrolling)
  const drawn = async () =>
    grid.evaluate((root) => {
      const top = root.querySelector('.ag-header')!.getBoundingClientRect().bottom;
      const rows = [...root.querySelectorAll<HTMLElement>('.ag-row[row-index]')];
      const index = (r: HTMLElement) => Number(r.getAttribute('row-index'));
      const inView = rows.filter((r) => r.getBoundingClientRect().bottom > top + 1).map(index);
      return { first: Math.min(...rows.map(index)), firstInView: Math.min(...inView) };
    });
  await expect
    .poll(async () => {
      const d = await drawn();
      return d.firstInView - d.first;
    })
    .toBeGreaterThanOrEqual(4);
  const { first } = await drawn();
  // a text shows as the grid shows it (runtime/shared fieldKind displayValue): Persian digits under fa
  await expect(dialog.locator(`[data-lines] [row-index="${first}"] [col-id="description"]`)).toHaveText(
    toPersianDigits(`سطر ${first + 1}`),
  );
});
