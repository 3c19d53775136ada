/**
 * Screenshots of the main screens for README (not part of `npm test`): the e2e server setup, one
 * spec (scripts/screenshots.shots.ts) that writes docs/screenshots/*.png. Build first:
 *   npx vite build && DEMO_VOLUME=small npx playwright test -c scripts/screenshots.config.ts
 */
import { defineConfig } from '@playwright/test';
import { chromiumPath, freePort } from '../tests/support/e2eServer';

process.env.E2E_PORT ||= String(await freePort());

export default defineConfig({
  testDir: '.',
  testMatch: 'screenshots.shots.ts',
  globalSetup: '../tests/e2e/globalSetup.ts',
  workers: 1,
  retries: 0,
  timeout: 300_000,
  expect: { timeout: 15_000 },
  outputDir: `../test-results/screenshots-${process.env.E2E_PORT}`,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${process.env.E2E_PORT}`,
    browserName: 'chromium',
    headless: true,
    locale: 'fa-IR',
    timezoneId: 'Asia/Tehran',
    serviceWorkers: 'block',
    actionTimeout: 15_000,
    launchOptions: { executablePath: chromiumPath(), args: ['--no-sandbox', '--disable-gpu'] },
  },
});
