/**
 * The route planner tells the user when its services are unreachable: the tile server and the
 * routing service configured at a closed local port (connection refused) each bring a Persian
 * message above the map, well within the 30 s routing timeout.
 */
import { createServer } from 'node:net';
import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

test.use({ serviceWorkers: 'block' });

/** A local port nothing listens on (opened and closed again). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

test('unreachable tiles and routing: the planner says so in Persian instead of a blank map', async ({
  page,
}) => {
  const base = `http://127.0.0.1:${await closedPort()}`;
  await page.route('**/assets/config.json', (route) =>
    route.fulfill({
      json: {
        map: {
          tileUrl: `${base}/tiles/{z}/{x}/{y}.png`,
          tileAttribution: '',
          osrmUrl: `${base}/route/v1`,
          osrmProfile: 'driving',
          geocoderUrl: `${base}/nominatim`,
          center: [35.7, 51.4],
          zoom: 11,
        },
      },
    }),
  );
  await signIn(page, 'staff');
  const started = Date.now();
  await page.goto('/transport/routePlanner?points=35.6997,51.338;35.804,51.433');
  await expect(page.getByTestId('route-planner')).toBeVisible();
  const tiles = page.locator('[data-problem="tiles"]');
  const routing = page.locator('[data-problem="routing"]');
  await expect(tiles).toHaveText(/کاشی‌های نقشه در دسترس نیستند/, { timeout: 15_000 });
  await expect(routing).toHaveText(/سرویس مسیریابی پاسخ نمی‌دهد/, { timeout: 15_000 });
  expect(Date.now() - started).toBeLessThan(30_000);
});
