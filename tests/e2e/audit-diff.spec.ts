/**
 * The audit log shows a change as people read it (#22): the audited entity's field labels and
 * display values (Persian digits, option labels), a one-line summary in the grid and a before/after
 * table in the form, never the stored JSON. Desktop and phone screenshots for a look.
 */
import { expect, test } from '@playwright/test';
import { apiToken, signIn } from './helpers';

test('the audit log shows a customer change as a labelled before/after table', async ({ page, request }) => {
  const token = await apiToken(request, 'admin');
  const headers = { Authorization: `Bearer ${token}` };
  const created = await request.post('/api/Sales/Customer/Create', {
    headers,
    data: {
      values: {
        code: 'C-7781',
        name: 'مشتری ممیزی',
        customerType: 'person',
        nationalCode: '0499370899',
        creditLimit: 1000,
      },
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const row = ((await created.json()) as { Data: { id: number; version: number } }).Data;
  const updated = await request.post('/api/Sales/Customer/Update', {
    headers,
    data: {
      id: row.id,
      version: row.version,
      values: {
        code: 'C-7781',
        name: 'مشتری ممیزی ۲',
        customerType: 'company',
        nationalId: '10380284790', // a company carries its national id
        creditLimit: 2500000,
      },
    },
  });
  expect(updated.status(), await updated.text()).toBe(200);

  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, 'admin');
  await page.goto('/management/auditLog');
  const entry = page
    .getByRole('grid')
    .getByRole('row')
    .filter({ hasText: '← مشتری ممیزی ۲' })
    .filter({ hasText: 'مشتریان' });
  // one line: labels and display values of sales.customer, the entity by its title
  await expect(entry).toContainText('سقف اعتبار (ریال): ۱٬۰۰۰ ← ۲٬۵۰۰٬۰۰۰');
  await expect(entry).toContainText('نوع: حقیقی ← حقوقی');
  await expect(entry).toContainText('مشتریان');
  await expect(entry).not.toContainText('creditLimit');
  await expect(entry).not.toContainText('{');
  await page.screenshot({ path: test.info().outputPath('audit-grid-desktop.png') });

  await entry.locator('[role="gridcell"]:not([col-id="ag-Grid-SelectionColumn"])').first().dblclick();
  const dialog = page.getByRole('dialog');
  const table = dialog.locator('table[aria-label="تاریخچه تغییرات"]');
  await expect(table.locator('th')).toHaveText(['فیلد', 'قبل', 'بعد']);
  await expect(table.locator('[data-field="creditLimit"] td')).toHaveText([
    'سقف اعتبار (ریال)',
    '۱٬۰۰۰',
    '۲٬۵۰۰٬۰۰۰',
  ]);
  await expect(table.locator('[data-field="name"] td')).toHaveText(['نام', 'مشتری ممیزی', 'مشتری ممیزی ۲']);
  await expect(dialog).not.toContainText('"creditLimit"');
  await page.screenshot({ path: test.info().outputPath('audit-form-desktop.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(table.locator('[data-field="creditLimit"]')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('audit-form-phone.png') });
});
