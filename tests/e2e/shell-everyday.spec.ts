/**
 * The rest of the shell (issue #22): the user menu with change password and a way back, the
 * styled not-found page under the shell, the report run page's title clear of its back link, and
 * chart labels that never overlap. One page, signed in once, moved by client-side navigation.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './helpers';

test.describe.configure({ mode: 'serial' });

let page: Page;

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
  await signIn(page, 'staff');
});

test.afterAll(async () => {
  await page.close();
});

/** Clicks a link of the shell without reloading the page. */
async function goTo(path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[/?]/g, '\\$&')}$`));
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b).not.toBeNull();
  return b!;
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test('the user menu opens by keyboard, leads to change password, and «بازگشت» returns to the screen', async () => {
  await goTo('/sales/customer');
  await expect(page.getByRole('grid')).toBeVisible();
  const trigger = page.getByTestId('user-name');
  await expect(trigger).toContainText(/\S/);
  await trigger.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'خروج' })).toBeVisible();
  const change = menu.getByRole('menuitem', { name: 'تغییر رمز عبور' });
  await expect(change).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/security\/changePassword$/);
  await expect(page.getByRole('textbox', { name: 'رمز عبور فعلی', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'بازگشت', exact: true }).click();
  await expect(page).toHaveURL(/\/sales\/customer$/);
  await expect(page.getByRole('grid')).toBeVisible();
});

test('an unknown path shows the styled not-found page under the shell with a way home', async () => {
  await goTo('/no/such/page');
  const notFound = page.getByTestId('not-found');
  await expect(notFound.getByRole('heading', { name: '۴۰۴' })).toBeVisible();
  await expect(notFound).toContainText('صفحه مورد نظر پیدا نشد.');
  // under the shell: the header's menu and sign-out stay at hand
  await expect(page.getByRole('button', { name: 'خروج', exact: true })).toBeVisible();
  await notFound.getByRole('link', { name: 'بازگشت به صفحه اصلی' }).click();
  await expect(page).toHaveURL(/:\d+\/$/);
});

test('the report run page: the title and the back link do not overlap', async () => {
  await goTo('/report/savedReport');
  await page.getByRole('grid').getByRole('row').filter({ hasText: 'فروش به تفکیک مشتری' }).first().click();
  await page.getByRole('button', { name: 'اجرای گزارش' }).click();
  await expect(page).toHaveURL(/\/report\/savedReport\/\d+\/run$/);
  const title = page.getByRole('heading', { name: 'فروش به تفکیک مشتری' });
  await expect(title).toBeVisible();
  const back = page.getByTestId('report-back');
  expect(overlaps(await box(title), await box(back))).toBe(false);
});

test('chart labels never overlap: many customers become horizontal bars, months are thinned', async () => {
  await goTo('/');
  const charts = page.locator('[data-widget] svg[data-chart="bar"], [data-widget] svg[data-chart="line"]');
  await expect(charts.first()).toBeVisible();
  await expect(page.locator('[data-widget] svg [data-label]').first()).toBeVisible();
  for (const chart of await charts.all()) {
    const labels = await chart.locator('[data-label]').all();
    const boxes = await Promise.all(labels.map((l) => box(l)));
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) expect(overlaps(boxes[i]!, boxes[j]!)).toBe(false);
  }
});

test('the dashboard figures never clip a digit', async () => {
  const figures = page.locator('[data-widget] [data-value]');
  await expect(figures.first()).toBeVisible();
  for (const figure of await figures.all()) {
    const clipped = await figure.evaluate((el) => {
      const card = el.closest('[data-widget]')!.getBoundingClientRect();
      const own = el.getBoundingClientRect();
      return (
        el.scrollWidth > el.clientWidth + 1 || own.right > card.right + 0.5 || own.left < card.left - 0.5
      );
    });
    expect(clipped).toBe(false);
  }
});
