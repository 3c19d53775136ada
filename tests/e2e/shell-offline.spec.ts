/**
 * The offline shell: once the worker controls the page, the built app is answered from the
 * precache (navigation falls back to index.html), while calls to /api, /Token and /revoke are
 * never cached nor answered with the shell.
 */
import { expect, test } from '@playwright/test';
import { field } from './helpers';

test('offline, any route still opens the app; /api and /Token are not answered by the worker', async ({
  page,
  context,
}) => {
  await page.goto('/login');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await context.setOffline(true);
  await page.goto('/forgot-password');
  await expect(
    page.getByRole('button', { name: 'ورود', exact: true }).or(field(page, 'نام کاربری')),
  ).toBeVisible();
  const answers = await page.evaluate(async () => {
    const status = (url: string, init?: RequestInit) =>
      fetch(url, init).then(
        (r) => r.status,
        () => 'network error',
      );
    return {
      api: await status('/api/Security/Menu/GetMenu'),
      token: await status('/Token', { method: 'POST' }),
      revoke: await status('/revoke', { method: 'POST' }),
      translations: await status('/assets/i18n/share/fa.json'),
    };
  });
  expect(answers).toEqual({
    api: 'network error',
    token: 'network error',
    revoke: 'network error',
    translations: 200,
  });
  // Navigations to the server's paths are not answered with the shell either.
  for (const path of ['/api/Security/Menu/GetMenu', '/Token', '/revoke']) {
    const outcome = await page.goto(path).then(
      () => 'answered',
      () => 'network error',
    );
    expect(outcome, path).toBe('network error');
  }
  await context.setOffline(false);
});
