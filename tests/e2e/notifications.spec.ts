/**
 * The notification bell (docs/automations.md): a document type with an automation notifying the
 * admins on Create; a row made through the API rings the admin's bell (the badge in Persian
 * digits), the panel lists the text, choosing it marks it read and opens the document. The panel
 * is pictured at 1366 and 390 px (docs/screenshots/notifications-{desktop,phone}.png).
 */
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { PROJECT_ROOT } from '../support/e2eServer';
import { apiToken, signIn } from './helpers';

const name = `bell${Date.now().toString(36)}`;
// no digits: the notification shows a value's digits in Persian
const token = name.slice(-4).replace(/[0-9]/g, 'x');
const title = `پیگیری قرارداد ${token}`;

test('the bell shows a notification, its panel opens the document and clears the badge', async ({
  page,
  request,
}) => {
  const admin = await apiToken(request, 'admin');
  const auth = { authorization: `Bearer ${admin}` };
  const definition = {
    name,
    module: 'sales',
    title: { fa: 'یادآور آزمون', en: 'Reminder (test)' },
    displayField: 'title',
    schema: { type: 'object', properties: { title: { type: 'string', maxLength: 60 } }, required: ['title'] },
    fields: { title: { label: { fa: 'عنوان' } } },
    list: { columns: ['title'] },
    automations: [
      {
        name: 'ring',
        on: 'created',
        actions: [
          { notify: { role: 'admin', text: { fa: 'سند «{title}» ثبت شد.', en: '«{title}» was saved.' } } },
        ],
      },
    ],
  };
  const published = await request.post('/api/SystemConfig/Designer/Publish', {
    headers: auth,
    data: { definition },
  });
  expect(published.status(), await published.text()).toBe(200);
  const entity = name.charAt(0).toUpperCase() + name.slice(1);
  const made = await request.post(`/api/Sales/${entity}/Create`, {
    headers: auth,
    data: { values: { title } },
  });
  expect(made.status(), await made.text()).toBe(200);
  const id = ((await made.json()) as { Data: { id: number } }).Data.id;

  await signIn(page, 'admin');
  await page.goto('/sales/customer');
  await expect(page.getByRole('grid').getByRole('row').nth(2)).toBeVisible();
  const bell = page.getByTestId('notification-bell');
  await expect(page.getByTestId('notification-badge')).toHaveText(/^[۰-۹]+\+?$/);
  await bell.click();
  const item = page.locator('li button', { hasText: token });
  await expect(item).toBeVisible();
  await shoot(page, 'desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(item).toBeVisible();
  await shoot(page, 'phone');
  await page.setViewportSize({ width: 1366, height: 768 });
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/sales/${name}`));
  await expect(page.getByRole('dialog')).toBeVisible();
  const mine = await request.post('/api/Notifications/GetMine', { headers: auth, data: {} });
  const rows = ((await mine.json()) as { Data: { rows: { text: string; read: boolean; rowId: number }[] } })
    .Data.rows;
  expect(rows.find((r) => r.rowId === id)?.read).toBe(true);
});

async function shoot(page: Page, size: 'desktop' | 'phone') {
  if (!process.env.SHOTS_BELL) return;
  await page.screenshot({ path: join(PROJECT_ROOT, 'docs', 'screenshots', `notifications-${size}.png`) });
}
