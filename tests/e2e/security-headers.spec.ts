/**
 * The server's own Content-Security-Policy (server/http/securityHeaders.ts) is strict — no
 * 'unsafe-inline', no 'unsafe-eval' — and the app still renders every kind of screen under it
 * (shell, grid, form dialog, document with lines, map page) without a single violation.
 * The usual headers come with every answer.
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers';

test.use({ serviceWorkers: 'block' });

/** Collects CSP violations the page reports (event) and Chromium logs (console). */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const w = window as unknown as { reportViolation: (t: string) => void };
      w.reportViolation(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return violations;
}

test('the document carries a strict CSP and the usual security headers', async ({ request }) => {
  const response = await request.get('/login');
  expect(response.status()).toBe(200);
  const headers = response.headers();
  const csp = headers['content-security-policy'] ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).not.toContain('unsafe-eval');
  // the map sources of /assets/config.json
  expect(csp).toMatch(/img-src [^;]*https:\/\/\*\.tile\.openstreetmap\.org/);
  expect(csp).toMatch(/connect-src [^;]*https:\/\/router\.project-osrm\.org/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['permissions-policy']).toContain('camera=()');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  const api = await request.post('/api/Security/Menu/GetMenu', { data: {} });
  expect(api.status()).toBe(401);
  expect(api.headers()['content-security-policy']).toBe(csp);
});

test('every kind of screen renders under the real CSP without a violation', async ({ page }) => {
  const violations = await watchViolations(page);
  await signIn(page, 'staff');
  await page.goto('/sales/customer');
  await expect(page.getByRole('grid').getByRole('gridcell').first()).toBeVisible();
  await page.getByRole('button', { name: 'جدید', exact: true }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/sales/invoice');
  await expect(page.getByRole('grid').first()).toBeVisible();
  await page.getByRole('button', { name: 'جدید', exact: true }).click();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'افزودن سطر' })).toBeVisible();
  // Fluent UI's styles were applied (Griffel's CSSOM rules were not blocked): a rounded button
  const radius = await page
    .getByRole('button', { name: 'افزودن سطر' })
    .evaluate((el) => getComputedStyle(el).borderTopLeftRadius);
  expect(radius).not.toBe('0px');
  // the inline <style> of index.html (allowed by its hash) applied: body margin 0, not 8px
  expect(await page.evaluate(() => getComputedStyle(document.body).marginTop)).toBe('0px');
  expect(violations).toEqual([]);
});
