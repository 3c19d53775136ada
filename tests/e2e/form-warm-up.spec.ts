/**
 * The form warm-up on a document's grid screen (renderers/screen/formWarmUp.ts,
 * renderers/form/warmUp.tsx): once the grid's first rows are drawn and the form's chunk has loaded,
 * a hidden document form is drawn, a line is added to it, and it is removed, without a request;
 * the user's own first document then opens and works as usual.
 */
import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

interface Seen {
  start?: number;
  end?: number;
  hidden?: boolean;
  added?: boolean;
  count: number;
}

test('a document screen warms the form up hidden, once, without a request', async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { formWarmUp: Seen };
    const seen: Seen = { count: 0 };
    w.formWarmUp = seen;
    let present = false;
    new MutationObserver(() => {
      const el = document.querySelector<HTMLElement>('[data-form-warm-up]');
      if (el) {
        if (!present) seen.count++;
        present = true;
        seen.start ??= performance.now();
        const style = getComputedStyle(el);
        const hidden = el.getAttribute('aria-hidden') === 'true' && el.inert && style.visibility === 'hidden';
        seen.hidden = (seen.hidden ?? true) && hidden;
        if (el.querySelector('[data-lines] [row-index="40"]')) seen.added = true;
      } else if (present) {
        present = false;
        seen.end = performance.now();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await signIn(page, 'staff');
  await page.goto('/sales/invoice');
  await expect(page.getByRole('grid').getByRole('gridcell').first()).toBeVisible();
  const seen = () => page.evaluate(() => (window as unknown as { formWarmUp: Seen }).formWarmUp);
  await expect.poll(async () => (await seen()).end !== undefined, { timeout: 20_000 }).toBe(true);
  const warmUp = await seen();
  expect(warmUp.hidden).toBe(true);
  expect(warmUp.added).toBe(true);
  // nothing asked of the server while it ran
  const asked = await page.evaluate(
    ({ start, end }) =>
      performance
        .getEntriesByType('resource')
        .filter((e) => e.name.includes('/api/') && e.startTime >= start! && e.startTime <= end!)
        .map((e) => e.name),
    warmUp,
  );
  expect(asked).toEqual([]);

  // another document screen in the same page load: no second warm-up
  await page.locator('nav a[href="/accounting/voucher"]').click();
  await expect(page.getByRole('grid').getByRole('gridcell').first()).toBeVisible();
  await page.waitForTimeout(1500);
  expect((await seen()).count).toBe(1);

  // the user's first document opens as usual and takes a line
  await page.getByRole('button', { name: 'جدید', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'اسناد حسابداری — جدید' });
  await expect(dialog.getByRole('button', { name: 'افزودن سطر' })).toBeVisible();
  await dialog.getByRole('button', { name: 'افزودن سطر' }).click();
  await expect(dialog.locator('[data-lines] [row-index="0"]')).toBeVisible();
});
