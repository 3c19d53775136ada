/**
 * The update flow (spec sections 4 and 9) with the real built app and its real service worker.
 * Playwright cannot intercept a worker's script fetch, so the test serves dist/ itself from a tiny
 * static server (the login page needs no API) whose sw.js it can change: a new version. The app's
 * hourly update check (Playwright's clock) finds it, the toasts count down, and at the end this
 * tab reloads and the other tabs are told to reload.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { expect, test } from '@playwright/test';
import { PROJECT_ROOT } from '../support/e2eServer';

// the same build the other specs use (STATIC_DIR, tests/support/e2eServer.ts)
const DIST = process.env.STATIC_DIR || join(PROJECT_ROOT, 'dist');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.svg': 'image/svg+xml',
};

const toPersian = (n: number) => String(n).replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)] ?? d);
/** The countdown's seconds from a toast text (Persian digits). */
function seconds(text: string | null): number {
  const digits = (text ?? '').replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d))).match(/\d+/);
  return Number(digits?.[0]);
}

let server: Server;
let origin = '';
/** next: a new sw.js; broken: that new sw.js fails its install (its install promise rejects). */
const version = { next: false, broken: false };
const BROKEN_INSTALL =
  "\nself.addEventListener('install', (event) => event.waitUntil(Promise.reject(new Error('broken build'))));\n";

test.beforeAll(async () => {
  server = createServer((req, res) => {
    void (async () => {
      const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
      let file = join(DIST, path);
      if (!file.startsWith(DIST) || !extname(path)) file = join(DIST, 'index.html');
      try {
        let body = await readFile(file);
        if (path === '/sw.js' && version.next)
          body = Buffer.concat([body, Buffer.from(version.broken ? BROKEN_INSTALL : '\n// next version\n')]);
        res.writeHead(200, {
          'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
          'Cache-Control': 'no-cache',
        });
        res.end(body);
      } catch {
        res.writeHead(404).end();
      }
    })();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((done) => server.close(done));
});

test('a new version: available, a 240 s toast, Close keeps timerData, the 60 s toast, every tab reloads', async ({
  context,
}) => {
  version.next = false;
  version.broken = false;
  const page = await context.newPage();
  await page.clock.install();
  await page.goto(`${origin}/login`);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await page.clock.fastForward(31_000); // registered at the latest 30 s after start

  const other = await context.newPage();
  await other.goto(`${origin}/login`);
  await expect(other.getByRole('button', { name: 'ورود', exact: true })).toBeVisible();

  version.next = true;
  await page.clock.fastForward(60 * 60 * 1000); // the hourly update check
  const toast = page.getByTestId('update-toast');
  await expect(toast).toBeVisible({ timeout: 30_000 });
  await expect(toast).toContainText(/۲۴۰|۲۳۹/);
  // From here on time moves only when the test says so (a margin: the page runs under load).
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5000);
  // The paused countdown's value, once the toast shows it steadily.
  let start = 0;
  await expect
    .poll(async () => {
      const before = seconds(await toast.textContent());
      await page.waitForTimeout(200);
      start = seconds(await toast.textContent());
      return before === start && start > 200;
    })
    .toBe(true);
  await page.clock.fastForward(10_000);
  await expect(toast).toContainText(toPersian(start - 10));

  const timerData = () => page.evaluate(() => sessionStorage.getItem('timerData'));
  await toast.getByRole('button', { name: 'بستن' }).click();
  expect(await timerData()).toBe(String(start - 10));
  // The toast's exit animation needs a few frames; the countdown goes on meanwhile.
  await expect
    .poll(async () => {
      await page.clock.runFor(100);
      return toast.count();
    })
    .toBe(0);

  // While closed, timerData follows the countdown; at 60 s the second toast starts from 60.
  await page.clock.fastForward((Number(await timerData()) - 63) * 1000);
  while (Number(await timerData()) > 61) await page.clock.runFor(1000);
  expect(await timerData()).toBe('61');
  const final = page.getByTestId('update-final-toast');
  await expect(final).toHaveCount(0);
  await page.clock.runFor(1000);
  await expect(final).toBeVisible();
  await expect(final).toContainText('۶۰');

  const both = Promise.all([
    page.waitForEvent('load', { timeout: 30_000 }),
    other.waitForEvent('load', { timeout: 30_000 }),
  ]);
  await page.clock.fastForward(59_000);
  // The new worker takes control and the page reloads ('controlling'); when activation is slow
  // (a loaded machine), the flow's own fallback reloads 3 s later: on this page's held clock.
  const quick = await Promise.race([
    both.then(() => true),
    new Promise<boolean>((done) => setTimeout(() => done(false), 5000)),
  ]);
  if (!quick) await page.clock.runFor(3000).catch(() => undefined); // the page may be reloading
  await both;
  expect(await page.evaluate(() => sessionStorage.getItem('timerData'))).toBeNull();
});

test("a new version whose worker fails to install: 'update available', then 'update unsuccessful'; no countdown", async ({
  context,
}) => {
  version.next = false;
  version.broken = false;
  const page = await context.newPage();
  await page.clock.install();
  await page.goto(`${origin}/login`);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await page.clock.fastForward(31_000); // registered at the latest 30 s after start

  version.next = true;
  version.broken = true;
  await page.clock.fastForward(60 * 60 * 1000); // the hourly update check finds the broken one
  await expect(page.getByText('نسخه جدید در دسترس است.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('به‌روزرسانی ناموفق بود.')).toBeVisible({ timeout: 30_000 });
  // the install really failed: nothing waits, the old worker still controls the page
  expect(
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null),
  ).toBeNull();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect(page.getByTestId('update-toast')).toHaveCount(0);
  version.next = false;
  version.broken = false;
});
