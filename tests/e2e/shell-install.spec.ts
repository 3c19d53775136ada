/**
 * The install bottom sheet (spec sections 2 and 9): iOS 3000 ms after start with the three Persian
 * steps, Android 3000 ms after the browser's install event with an install button; "do not show
 * again" sets the pwa cookie for 999 days. Also the web app manifest it relies on.
 */
import { expect, test, type Page } from '@playwright/test';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Fake timers, paused: time moves only when the test says so. */
async function pauseClock(page: Page): Promise<void> {
  const time = Date.now();
  await page.clock.install({ time });
  await page.clock.pauseAt(time + 5000);
}

const sheet = (page: Page) => page.getByRole('dialog', { name: 'نصب برنامه' });

async function expectMaxHeight80vh(page: Page): Promise<void> {
  const [maxHeight, viewport] = await sheet(page).evaluate((el) => [
    parseFloat(getComputedStyle(el).maxHeight),
    window.innerHeight,
  ]);
  expect(Math.abs(maxHeight - viewport * 0.8)).toBeLessThan(1);
}

test.describe('on an iPhone', () => {
  test.use({ userAgent: IPHONE });

  test('the sheet shows the three steps 3000 ms after start; «دیگر نمایش داده نشود» hides it for good', async ({
    page,
    context,
  }) => {
    // Record what the page writes to document.cookie (Chromium caps stored lifetimes at 400 days).
    await page.addInitScript(() => {
      const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
      const writes: string[] = [];
      (window as unknown as { cookieWrites: string[] }).cookieWrites = writes;
      Object.defineProperty(document, 'cookie', {
        get: () => descriptor?.get?.call(document) as string,
        set: (value: string) => {
          writes.push(value);
          descriptor?.set?.call(document, value);
        },
      });
    });
    await pauseClock(page);
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'ورود', exact: true })).toBeVisible();
    await page.clock.runFor(2999);
    await expect(sheet(page)).toHaveCount(0);
    await page.clock.runFor(1);
    await expect(sheet(page)).toBeVisible();
    await expect(sheet(page).getByText('روی دکمه «اشتراک‌گذاری» (Share) بزنید.')).toBeVisible();
    await expect(sheet(page).getByText('گزینه «افزودن به صفحه اصلی» را انتخاب کنید.')).toBeVisible();
    await expect(sheet(page).getByText('روی «افزودن» بزنید.')).toBeVisible();
    await expect(sheet(page).getByRole('button', { name: 'نصب', exact: true })).toHaveCount(0);
    await expectMaxHeight80vh(page);

    await sheet(page).getByRole('button', { name: 'دیگر نمایش داده نشود' }).click();
    await expect(sheet(page)).toHaveCount(0);
    const cookie = (await context.cookies()).find((c) => c.name === 'pwa');
    expect(cookie).toBeDefined();
    const writes = await page.evaluate(() => (window as unknown as { cookieWrites: string[] }).cookieWrites);
    expect(writes.some((w) => /^pwa=1; max-age=86313600; path=\//.test(w))).toBe(true); // 999 days
    expect(((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000).toBeGreaterThan(399);

    await page.reload();
    await expect(page.getByRole('button', { name: 'ورود', exact: true })).toBeVisible();
    await page.clock.runFor(10_000);
    await expect(sheet(page)).toHaveCount(0);
  });
});

/** iPadOS 13+ Safari sends a desktop Macintosh user agent; only its touch points tell it from a Mac. */
const IPAD_DESKTOP_UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

test.describe('on an iPad (iPadOS: Macintosh user agent with touch)', () => {
  test.use({ userAgent: IPAD_DESKTOP_UA, hasTouch: true });

  test('the sheet shows the iOS steps 3000 ms after start', async ({ page }) => {
    // Chromium with hasTouch reports touch points; make them an iPad's (5) whatever the default.
    await page.addInitScript(() => Object.defineProperty(navigator, 'maxTouchPoints', { get: () => 5 }));
    await pauseClock(page);
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'ورود', exact: true })).toBeVisible();
    expect(
      await page.evaluate(() => [navigator.userAgent.includes('Macintosh'), navigator.maxTouchPoints]),
    ).toEqual([true, 5]);
    await page.clock.runFor(2999);
    await expect(sheet(page)).toHaveCount(0);
    await page.clock.runFor(1);
    await expect(sheet(page)).toBeVisible();
    await expect(sheet(page).getByText('روی دکمه «اشتراک‌گذاری» (Share) بزنید.')).toBeVisible();
    await expect(sheet(page).getByRole('button', { name: 'نصب', exact: true })).toHaveCount(0);
  });
});

test.describe('on a Mac (Macintosh user agent, no touch)', () => {
  test.use({ userAgent: IPAD_DESKTOP_UA });

  test('no install sheet', async ({ page }) => {
    await page.addInitScript(() => Object.defineProperty(navigator, 'maxTouchPoints', { get: () => 0 }));
    await pauseClock(page);
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'ورود', exact: true })).toBeVisible();
    await page.clock.runFor(10_000);
    await expect(sheet(page)).toHaveCount(0);
  });
});

test('Android: 3000 ms after beforeinstallprompt the sheet offers an install button that calls prompt()', async ({
  page,
}) => {
  await pauseClock(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'ورود', exact: true })).toBeVisible();
  await page.clock.runFor(5000);
  // A desktop browser without the event: no sheet.
  await expect(sheet(page)).toHaveCount(0);
  const prevented = await page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
      prompt: () => Promise<void>;
      userChoice: Promise<{ outcome: string }>;
    };
    event.prompt = () => {
      (window as unknown as { prompted: number }).prompted = 1;
      return Promise.resolve();
    };
    event.userChoice = Promise.resolve({ outcome: 'accepted' });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });
  expect(prevented).toBe(true);
  await page.clock.runFor(2999);
  await expect(sheet(page)).toHaveCount(0);
  await page.clock.runFor(1);
  await expect(sheet(page)).toBeVisible();
  await expectMaxHeight80vh(page);
  await sheet(page).getByRole('button', { name: 'نصب', exact: true }).click();
  await expect(sheet(page)).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { prompted?: number }).prompted)).toBe(1);
});

test('the web app manifest is Persian, right-to-left and standalone, with 192 and 512 icons', async ({
  page,
  request,
}) => {
  await page.goto('/login');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const manifest = (await (await request.get(href ?? '')).json()) as Record<string, unknown>;
  expect(manifest).toMatchObject({
    lang: 'fa',
    dir: 'rtl',
    display: 'standalone',
    name: 'سامانه یکپارچه پرسیس',
  });
  const icons = manifest.icons as Array<{ src: string; sizes: string }>;
  for (const size of ['192x192', '512x512']) {
    const icon = icons.find((i) => i.sizes === size);
    expect(icon).toBeDefined();
    const png = await request.get(icon?.src ?? '');
    expect(png.status()).toBe(200);
    expect(png.headers()['content-type']).toContain('image/png');
  }
});
