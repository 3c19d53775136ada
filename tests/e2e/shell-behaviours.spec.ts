/**
 * Shell behaviours of spec section 2 and 8 seen in Chromium: the splash with its spinner while the
 * app loads, toasts at the bottom centre, open dialogs closed by a navigation (browser back, not
 * the 403 row), scroll positions restored, and the query parameters layout, scheme, primary and
 * rtl applied to the page.
 */
import { expect, test, type Page } from '@playwright/test';
import { field, signIn, submitLogin } from './helpers';

test.use({ viewport: { width: 1366, height: 768 } });

test('a splash with a turning spinner shows until the app has loaded, then goes', async ({ page }) => {
  // hold the app's entry script: the page shows only what index.html draws
  let release: () => void = () => undefined;
  const held = new Promise<void>((done) => (release = done));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'commit' });
  const splash = page.locator('#splash');
  await expect(splash).toBeVisible();
  await expect(splash).toHaveAttribute('role', 'status');
  await expect(splash).toContainText('در حال بارگذاری');
  const spinner = splash.locator('.spinner');
  await expect(spinner).toBeVisible();
  const [name, iterations] = await spinner.evaluate((el) => [
    getComputedStyle(el).animationName,
    getComputedStyle(el).animationIterationCount,
  ]);
  expect(name).toBe('splash-spin');
  expect(iterations).toBe('infinite');
  // it really turns: its transform changes over time
  const at = () => spinner.evaluate((el) => getComputedStyle(el).transform);
  const first = await at();
  await expect.poll(at).not.toBe(first);
  await expect(page.getByRole('button', { name: 'ورود', exact: true })).toHaveCount(0);

  release();
  await expect(page.getByRole('button', { name: 'ورود', exact: true })).toBeVisible();
  await expect(splash).toHaveCount(0);
});

async function expectBottomCentre(page: Page, text: string): Promise<void> {
  const toast = page.getByRole('alert').filter({ hasText: text }).first();
  await expect(toast).toBeVisible();
  const viewport = page.viewportSize();
  if (!viewport) throw new Error('no viewport');
  // once its entry animation is over: the same box twice in a row
  let last = '';
  let steady = '';
  await expect
    .poll(async () => {
      const now = JSON.stringify(await toast.boundingBox({ timeout: 2000 }));
      if (now !== 'null' && now === last) steady = now;
      last = now;
      return steady !== '';
    })
    .toBe(true);
  const { x, y, width, height } = JSON.parse(steady) as {
    x: number;
    y: number;
    width: number;
    height: number;
  };
  expect(Math.abs(x + width / 2 - viewport.width / 2)).toBeLessThan(4);
  expect(viewport.height - (y + height)).toBeLessThan(48);
  expect(viewport.height - (y + height)).toBeGreaterThanOrEqual(0);
}

test('toasts appear at the bottom centre, on a desktop and on a phone', async ({ page }) => {
  await submitLogin(page, 'nobody', 'wrong-password');
  await expectBottomCentre(page, 'نام کاربری یا رمز عبور نادرست است.');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await submitLogin(page, 'nobody', 'wrong-password');
  await expectBottomCentre(page, 'نام کاربری یا رمز عبور نادرست است.');
});

test('an open dialog closes when the user navigates (browser back), without any error answer', async ({
  page,
}) => {
  await signIn(page, 'staff');
  const menu = page.getByRole('navigation', { name: 'منو' });
  await menu.getByRole('link', { name: 'مشتریان', exact: true }).click();
  await expect(page).toHaveURL(/\/sales\/customer$/);
  // a confirmation of the dialog host (mounted once above every route) over the new-row form
  await page.getByRole('button', { name: 'جدید', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'مشتریان — جدید' });
  await expect(form).toBeVisible();
  await field(form, 'نام').fill('بدون ذخیره');
  await field(form, 'نام').press('Tab');
  await form.getByRole('button', { name: 'انصراف', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'تأیید' });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText('تغییرات ذخیره نشده از بین می‌رود. ادامه می‌دهید؟');

  const answers: number[] = [];
  page.on('response', (r) => answers.push(r.status()));
  await page.goBack();
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(modal).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(answers.filter((s) => s >= 400)).toEqual([]);
});

test('scroll positions: a new page opens at the top; back restores where the user was', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 420 });
  await signIn(page, 'staff');
  await expect(page.getByRole('heading', { name: /خوش آمدید/ })).toBeVisible();
  const scrollY = () => page.evaluate(() => Math.round(window.scrollY));
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight))
    .toBeGreaterThan(500);
  await page.evaluate(() => window.scrollTo(0, 400));
  await expect.poll(scrollY).toBe(400);
  // a click that does not scroll first (Playwright would scroll the link into view)
  await page
    .getByRole('navigation', { name: 'منو' })
    .getByRole('link', { name: 'مشتریان', exact: true })
    .evaluate((a: HTMLElement) => a.click());
  await expect(page).toHaveURL(/\/sales\/customer$/);
  await expect(page.getByRole('grid')).toBeVisible();
  // a grid screen is the window's height (its rows scroll in the grid): opened at the top, its
  // content box not scrolled either, the first row in view
  expect(await scrollY()).toBe(0);
  expect(await page.locator('main#content').evaluate((m) => m.scrollTop)).toBe(0);
  await expect(page.locator('[row-index="0"]').first()).toBeInViewport();
  await page.goBack();
  await expect(page.getByRole('heading', { name: /خوش آمدید/ })).toBeVisible();
  await expect.poll(scrollY).toBe(400);
});

test('query parameters set layout, colour scheme, primary colour and direction', async ({ page }) => {
  await page.goto('/login?layout=horizontal&primary=aa0055&rtl=false');
  const login = page.getByRole('button', { name: 'ورود', exact: true });
  await expect(login).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.locator('html')).toHaveAttribute('data-layout', 'horizontal');
  await expect(login).toHaveCSS('background-color', 'rgb(170, 0, 85)');

  // kept for the session: sign in and the shell draws its menu above the content, left to right
  await field(page, 'نام کاربری').fill('staff');
  await field(page, 'رمز عبور').fill(process.env.DEMO_PASSWORD || 'Demo@1405');
  await login.click();
  const nav = page.getByRole('navigation', { name: 'منو' });
  await expect(nav).toBeVisible();
  const navBox = await nav.boundingBox();
  const mainBox = await page.locator('main#content').boundingBox();
  expect(navBox && mainBox && navBox.y + navBox.height <= mainBox.y + 1).toBe(true);
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('button', { name: 'خروج', exact: true })).toHaveCSS(
    'background-color',
    'rgb(170, 0, 85)',
  );

  // the dark scheme (and back to right to left)
  await page.goto('/login?scheme=dark&rtl=true&layout=empty');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const background = await page
    .locator('.fui-FluentProvider')
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);
  const [r, g, b] = (background.match(/\d+/g) ?? []).map(Number);
  expect((r ?? 255) + (g ?? 255) + (b ?? 255)).toBeLessThan(150);
});
