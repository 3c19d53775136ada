/**
 * The field kinds new in issue 21 end to end (decimal with places, percent, multi-select, time):
 * a definition stating them is published, a row is typed in through the form in Persian digits,
 * and the grid, the print view and the server's stored values agree; the grid's filter of a
 * multi-select finds rows holding any chosen option; the designer shows each field's kind.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiToken, field, signIn, toPersianDigits } from './helpers';

const MULTI_ENUM_PATTERN = '^[^,]+(?:,[^,]+)*$';

function definition(name: string, title: string) {
  return {
    name,
    module: 'common',
    title: { fa: title, en: 'Kinds' },
    displayField: 'title',
    schema: {
      type: 'object',
      properties: {
        title: { type: 'string', maxLength: 100 },
        weight: { type: 'number' },
        share: { type: 'number', minimum: 0, maximum: 100 },
        colours: { type: 'string', pattern: MULTI_ENUM_PATTERN },
        opensAt: { type: 'string', format: 'time' },
      },
      required: ['title'],
    },
    fields: {
      title: { label: { fa: 'عنوان', en: 'Title' }, sortable: true, filterable: true },
      weight: { label: { fa: 'وزن', en: 'Weight' }, kind: 'decimal', precision: 2, sortable: true },
      share: { label: { fa: 'سهم', en: 'Share' }, kind: 'percent', precision: 1, sortable: true },
      colours: {
        label: { fa: 'رنگ‌ها', en: 'Colours' },
        kind: 'multiEnum',
        filterable: true,
        enumLabels: {
          red: { fa: 'قرمز', en: 'Red' },
          green: { fa: 'سبز', en: 'Green' },
          blue: { fa: 'آبی', en: 'Blue' },
        },
      },
      opensAt: { label: { fa: 'ساعت شروع', en: 'Opens at' }, kind: 'time', sortable: true },
    },
    list: { columns: ['title', 'weight', 'share', 'colours', 'opensAt'] },
    menu: { order: 9 },
  };
}

async function post(request: APIRequestContext, token: string, path: string, data: unknown) {
  const res = await request.post(`/api/${path}`, { headers: { Authorization: `Bearer ${token}` }, data });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { Data: unknown }).Data;
}

test('decimal, percent, multi-select and time: typed in the form, shown alike in grid and print, filtered, and named in the designer', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const name = `kinds${Date.now().toString(36)}`;
  const title = `نوع‌ها ${name}`;
  const api = `Common/${name[0]!.toUpperCase()}${name.slice(1)}`;
  // the analyst publishes (as lowcode.spec's analyst does in the same module): an admin's entity
  // in `common` would leave the analyst a module it sees nothing of, where it may not publish
  const token = await apiToken(request, 'analyst');
  await post(request, token, 'SystemConfig/Designer/Publish', { definition: definition(name, title) });
  // a second row, for the multi-select filter to leave out
  await post(request, token, `${api}/Create`, { values: { title: 'سبز تنها', colours: 'green' } });

  await signIn(page, 'analyst');
  await page.goto(`/common/${name}`);
  await page.getByRole('button', { name: 'جدید', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `${title} — جدید` });
  await field(dialog, 'عنوان').fill('نمونه');
  await field(dialog, 'وزن').fill('۲٫۵');
  await field(dialog, 'سهم').fill('۱۲٫۵');
  await dialog.getByRole('checkbox', { name: 'قرمز', exact: true }).check();
  await dialog.getByRole('checkbox', { name: 'آبی', exact: true }).check();
  await field(dialog, 'ساعت شروع').fill('۸:۳۰');
  await dialog.getByRole('button', { name: 'ذخیره', exact: true }).click();
  await expect(page.getByText('ذخیره شد.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // the server holds the exact values, in Western digits and the kinds' stored shapes
  const list = (await post(request, token, `${api}/GetList`, {
    startRow: 0,
    endRow: 10,
    sortModel: [],
    filterModel: { title: { filterType: 'text', type: 'equals', filter: 'نمونه' } },
  })) as { rows: Record<string, unknown>[] };
  expect(list.rows).toHaveLength(1);
  expect(list.rows[0]).toMatchObject({ weight: 2.5, share: 12.5, colours: 'red,blue', opensAt: '08:30' });
  const id = list.rows[0]!.id as number;

  // the grid shows each value by its kind, in Persian digits
  const shown = ['۲.۵۰', '۱۲.۵٪', 'قرمز، آبی', toPersianDigits('08:30')];
  const row = page.getByRole('grid').getByRole('row').filter({ hasText: 'نمونه' });
  for (const text of shown)
    await expect(row.getByRole('gridcell', { name: text, exact: true })).toBeVisible();

  // the multi-select's filter: rows holding any chosen option (blue), not the green-only row
  const blue = (await post(request, token, `${api}/GetList`, {
    startRow: 0,
    endRow: 10,
    sortModel: [],
    filterModel: { colours: { filterType: 'set', values: ['blue'] } },
  })) as { rows: { title: string }[] };
  expect(blue.rows.map((r) => r.title)).toEqual(['نمونه']);

  // the print view shows the same texts as the grid
  await page.goto(`/common/${name}/${id}/print`);
  const sheet = page.locator('.erp-print');
  await expect(sheet).toBeVisible();
  for (const text of shown) await expect(sheet.getByText(text, { exact: true })).toBeVisible();

  // the designer names each field's kind
  await page.goto('/systemConfig/designer');
  await page.getByRole('textbox', { name: 'جستجوی موجودیت' }).fill(name);
  await page.getByRole('button', { name: new RegExp(`^${title}`) }).click();
  const fields = page.getByRole('table', { name: 'فیلدها' });
  const kinds = ['text', 'decimal', 'percent', 'multiEnum', 'time'];
  for (const [i, kind] of kinds.entries())
    await expect(fields.getByRole('combobox', { name: `نوع ${toPersianDigits(String(i + 1))}` })).toHaveValue(
      kind,
    );
});
