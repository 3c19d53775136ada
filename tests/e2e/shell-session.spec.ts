/**
 * Session behaviours of the shell (spec section 4): the expiry countdown and logout, the silent
 * refresh of a permanent login, and the cross-tab 'update' channel with two pages.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, field, signIn } from './helpers';

const LOGOUT = { name: 'خروج', exact: true } as const;

async function signInRemembered(page: Page): Promise<void> {
  await page.goto('/login');
  await field(page, 'نام کاربری').fill('staff');
  await field(page, 'رمز عبور').fill(DEMO_PASSWORD);
  await page.getByRole('checkbox', { name: 'مرا به خاطر بسپار' }).check();
  await page.getByRole('button', { name: 'ورود', exact: true }).click();
  await expect(page.getByRole('button', LOGOUT)).toBeVisible();
}

test('under 120 s left a countdown toast ticks each second; at 0 the user is signed out', async ({
  page,
}) => {
  await page.clock.install();
  await signIn(page, 'staff');
  const countdown = page.getByTestId('session-expiry');
  await page.clock.fastForward(700_000);
  await expect(page.getByRole('button', LOGOUT)).toBeVisible();
  await expect(countdown).toHaveCount(0);
  await page.clock.fastForward(90_000);
  // a jump fires each due timer at most once: let a second pass as it does for a user, so a
  // timer the page scheduled while busy (the idle prefetch of the grid chunks) runs too
  await page.clock.runFor(1500);
  await expect(countdown).toHaveText(/نشست شما تا [۰-۹]+ ثانیه دیگر به پایان می‌رسد/);
  const first = await countdown.textContent();
  await page.clock.fastForward(1000);
  await expect(countdown).not.toHaveText(first ?? '');
  await page.clock.fastForward(120_000);
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('a missing token signs the user out at the next tick', async ({ page }) => {
  await page.clock.install();
  await signIn(page, 'staff');
  await page.evaluate(() => {
    sessionStorage.removeItem('access_token');
    localStorage.removeItem('access_token');
  });
  await page.clock.fastForward(1000);
  await expect(page).toHaveURL(/\/login$/);
});

test('a permanent login refreshes silently before the warning and stays signed in', async ({ page }) => {
  await page.clock.install();
  await signInRemembered(page);
  const before = await page.evaluate(() => localStorage.getItem('access_expire_time'));
  const refreshed = page.waitForRequest(
    (r) => r.url().endsWith('/Token') && (r.postData() ?? '').includes('grant_type=refresh_token'),
  );
  await page.clock.fastForward(760_000);
  await refreshed;
  await expect.poll(() => page.evaluate(() => localStorage.getItem('access_expire_time'))).not.toBe(before);
  await page.clock.fastForward(200_000);
  await expect(page.getByTestId('session-expiry')).toHaveCount(0);
  await expect(page.getByRole('button', LOGOUT)).toBeVisible();
  await expect(page).not.toHaveURL(/\/login$/);
});

test("a new tab of a session-only sign-in opens signed in; signing out in one tab logs the other out ('logout' on the update channel)", async ({
  context,
}) => {
  const first = await context.newPage();
  await signIn(first, 'staff'); // «مرا به خاطر بسپار» left unchecked: the tokens are in sessionStorage
  const second = await context.newPage();
  await second.goto('/');
  // the second tab took the session from the first over the 'session' channel: no sign-in asked
  await expect(second.getByRole('button', LOGOUT)).toBeVisible();
  await expect(second).not.toHaveURL(/\/login$/);
  expect(await second.evaluate(() => localStorage.getItem('refresh_token'))).toBeNull();
  expect(await second.evaluate(() => sessionStorage.getItem('refresh_token'))).toBe(
    await first.evaluate(() => sessionStorage.getItem('refresh_token')),
  );
  await first.getByRole('button', LOGOUT).click();
  await expect(first).toHaveURL(/\/login$/);
  await expect(second).toHaveURL(/\/login$/);
  await expect(field(second, 'نام کاربری')).toBeVisible();
});

test("a 'reload' message on the update channel reloads the other tab", async ({ context }) => {
  const first = await context.newPage();
  const second = await context.newPage();
  await first.goto('/login');
  await second.goto('/login');
  await expect(field(second, 'نام کاربری')).toBeVisible();
  await second.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  const reloaded = second.waitForEvent('load');
  await first.evaluate(() => {
    const channel = new BroadcastChannel('update');
    channel.postMessage('reload');
    channel.close();
  });
  await reloaded;
  await expect(field(second, 'نام کاربری')).toBeVisible();
  expect(await second.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined();
});

test('a session-only sign-in leaves no token in localStorage; a new browser session is signed out', async ({
  page,
  browser,
}) => {
  await signIn(page, 'staff'); // «مرا به خاطر بسپار» left unchecked
  const local = () =>
    page.evaluate(() =>
      ['token', 'access_token', 'refresh_token', 'access_expire_time', 'refresh_expire_time'].map((k) =>
        localStorage.getItem(k),
      ),
    );
  expect(await local()).toEqual([null, null, null, null, null]);
  // the spec's `token` (the JWT) lives beside the session's access token, in sessionStorage
  const session = await page.evaluate(() => [
    sessionStorage.getItem('token'),
    sessionStorage.getItem('access_token'),
  ]);
  expect(session[0]).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(session[0]).toBe(session[1]);

  // The browser session ends: what survives it is cookies and localStorage (storageState); a new
  // context started from them is a reopened browser.
  const state = await page.context().storageState();
  const origin = state.origins.find((o) => page.url().startsWith(o.origin));
  const keys = (origin?.localStorage ?? []).map((e) => e.name);
  expect(keys.filter((k) => /token|expire_time/.test(k))).toEqual([]);
  const reopened = await browser.newContext({ storageState: state });
  const again = await reopened.newPage();
  await again.goto('/');
  await expect(again).toHaveURL(/\/login$/);
  expect(
    await again.evaluate(() => Object.keys(localStorage).filter((k) => /token|expire_time/.test(k))),
  ).toEqual([]);
  await reopened.close();
});
