/**
 * The rest of the shell (issue #22): the user menu with change password and a way back, the
 * styled not-found page under the shell, and — at desktop and at phone size — the report run
 * page's title clear of its back link (its chart legible, its table shown, nothing wider than the
 * screen), chart labels that never overlap and dashboard figures (the cash card) that never clip a
 * digit. One page per size, signed in once, moved by client-side navigation.
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
async function goTo(path: string, on: Page = page): Promise<void> {
  await on.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(on).toHaveURL(new RegExp(`${path.replace(/[/?]/g, '\\$&')}$`));
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

/** The page's width beyond the screen's (0 when nothing scrolls sideways). */
const overflow = (on: Page) =>
  on.evaluate(
    (screen) => Math.max(document.documentElement.scrollWidth, window.innerWidth) - screen,
    on.viewportSize()?.width ?? 0,
  );

/** Checks at one screen size, on `on()` (the page of that size). */
function atSize(size: string, pageOf: () => Page) {
  test(`${size}: the report run page: the title clear of the back link, a legible chart, the table`, async () => {
    const page = pageOf();
    await goTo('/report/savedReport', page);
    await page.getByRole('grid').getByRole('row').filter({ hasText: 'فروش به تفکیک مشتری' }).first().click();
    await page.getByRole('button', { name: 'اجرای گزارش' }).click();
    await expect(page).toHaveURL(/\/report\/savedReport\/\d+\/run$/);
    const title = page.getByRole('heading', { name: 'فروش به تفکیک مشتری' });
    await expect(title).toBeVisible();
    const back = page.getByTestId('report-back');
    await expect(back).toBeVisible();
    expect(overlaps(await box(title), await box(back))).toBe(false);
    // the chart and the table are there, inside the screen's width
    const chart = page.locator('svg[data-chart]').first();
    await expect(chart).toBeVisible();
    const screen = page.viewportSize()!.width;
    const drawn = await box(chart);
    expect(drawn.x).toBeGreaterThanOrEqual(0);
    expect(drawn.x + drawn.width).toBeLessThanOrEqual(screen);
    // its labels at a size a person reads (the drawing is not a wide one scaled down)
    const label = chart.locator('[data-label]').first();
    const px = await label.evaluate((el) => {
      const text = el as SVGTextElement;
      return Number(text.getAttribute('font-size')) * (text.getScreenCTM()?.a ?? 0);
    });
    expect(px).toBeGreaterThanOrEqual(10);
    const table = page.getByRole('table', { name: /جدول/ });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await expect(table.getByRole('row').last()).toContainText('جمع');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/report-run-${size}.png` });
  });

  test(`${size}: chart labels never overlap: many customers become horizontal bars, months are thinned`, async () => {
    const page = pageOf();
    await goTo('/', page);
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

  test(`${size}: the dashboard figures (the cash card too) never clip a digit`, async () => {
    const page = pageOf();
    const figures = page.locator('[data-widget] [data-value]');
    await expect(figures.first()).toBeVisible();
    await expect(page.locator('[data-widget="cashBalance"] [data-value]')).toHaveText(/[۰-۹]/);
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
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page
      .locator('[data-widget="cashBalance"]')
      .screenshot({ path: `test-results/cash-card-${size}.png` });
  });
}

atSize('desktop', () => page);

test.describe('a phone of 390×844', () => {
  let phone: Page;
  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    phone = await context.newPage();
    await signIn(phone, 'staff');
  });
  test.afterAll(async () => {
    await phone.context().close();
  });
  atSize('phone', () => phone);
});
