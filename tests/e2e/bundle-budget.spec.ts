/**
 * bench/budget.mjs counts what a grid screen loads before its first rows from the build's chunk
 * graph; this checks it against Chromium: opened at its URL, the screen requests before its first
 * grid cell shows only files that budget.mjs counts, and none of the form's chunks.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { PROJECT_ROOT } from '../support/e2eServer';
import { signIn } from './helpers';

const DIST = process.env.STATIC_DIR || join(PROJECT_ROOT, 'dist');

test('a grid screen loads before its first rows only what bench/budget.mjs counts, and no form', async ({
  page,
}) => {
  const counted = JSON.parse(
    execFileSync('node', [join(PROJECT_ROOT, 'bench/budget.mjs'), `--dist=${DIST}`, '--json'], {
      encoding: 'utf8',
    }),
  ) as { gridFiles: string[] };
  await signIn(page, 'staff');
  await page.addInitScript(() => {
    const w = window as unknown as { firstCellAt?: number };
    new MutationObserver(() => {
      if (w.firstCellAt === undefined && document.querySelector('[role=gridcell]'))
        w.firstCellAt = performance.now();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/sales/customer');
  await expect(page.getByRole('grid').getByRole('gridcell').first()).toBeVisible();
  const before = await page.evaluate(() => {
    const at = (window as unknown as { firstCellAt: number }).firstCellAt;
    return performance
      .getEntriesByType('resource')
      .filter((e) => e.startTime < at)
      .map((e) => new URL(e.name).pathname);
  });
  const assets = [...new Set(before.filter((p) => /^\/assets\/.*\.(js|css)$/.test(p)))].map((p) =>
    p.slice(1),
  );
  expect(assets.length).toBeGreaterThan(10);
  expect(assets.filter((a) => !counted.gridFiles.includes(a))).toEqual([]);
  expect(assets.filter((a) => /\/(EntityForm|FormModal|validatorLoader)-/.test(a))).toEqual([]);
});
