/**
 * End-to-end tests in Debian Chromium (no Playwright browser download) against the real built
 * server: globalSetup starts `tsx server/main.ts` on a free loopback port with a fresh SQLite file.
 */
import { defineConfig } from '@playwright/test';
import { chromiumPath, freePort } from '../support/e2eServer';

// The config is loaded by the runner and again by each worker: choose the port once and hand it
// down through the environment, which workers inherit.
process.env.E2E_PORT ||= String(await freePort());
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

const reporters: Array<[string] | [string, Record<string, unknown>]> = [['list']];
if (process.env.E2E_JSON_REPORT) reporters.push(['json', { outputFile: process.env.E2E_JSON_REPORT }]);

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  globalSetup: './globalSetup.ts',
  fullyParallel: false,
  workers: process.env.CI ? 1 : 2,
  retries: 0,
  forbidOnly: true,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  // one folder per run (keyed by its port): Playwright empties outputDir at start, so two runs on
  // one tree at once must not share it
  outputDir: `../../test-results/e2e-${process.env.E2E_PORT}`,
  reporter: reporters,
  use: {
    baseURL,
    browserName: 'chromium',
    headless: true,
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    locale: 'fa-IR',
    timezoneId: 'Asia/Tehran',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-gpu',
      ],
    },
  },
});
