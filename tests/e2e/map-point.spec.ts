/**
 * A delivery's point picked on the map (issue #22), in the real app against the real server under
 * fa: the mapPoint widget (chosen by the definition's uiSchema) draws a small map under the
 * latitude; a click on it sets the latitude and its paired longitude, and Save stores both. The
 * tiles come from 127.0.0.1 where nothing listens: the map says the tiles are unreachable and the
 * typed numbers stay the way in. MAP_SHOTS=<dir> also saves screenshots (desktop and phone) there.
 */
import { createServer } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { apiToken, signIn } from './helpers';

test.use({ viewport: { width: 1366, height: 768 } });

const SHOTS = process.env.MAP_SHOTS;

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

interface Delivery {
  id: number;
  version: number;
  number: string;
  originLat?: number;
  originLng?: number;
}

test('a click on the map sets latitude and longitude; save stores them; unreachable tiles are told', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'admin');
  const headers = { authorization: `Bearer ${token}` };
  // the number is the server's (given on finalise): the draft is found by its destination address
  const marker = `MP-${String(Date.now()).slice(-7)}`;
  const created = await request.post('/api/Transport/Delivery/Create', {
    headers,
    data: {
      values: {
        destinationAddress: marker,
        date: '2026-06-01',
        status: 'planned',
        originLat: 30,
        originLng: 50,
      },
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const row = ((await created.json()) as { Data: Delivery }).Data;

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
  await signIn(page, 'admin');
  await page
    .getByRole('navigation', { name: 'منو' })
    .getByRole('link', { name: 'مرسوله‌ها', exact: true })
    .click();
  await page.getByRole('searchbox', { name: 'جست‌وجو' }).fill(marker);
  await page.locator(`.ag-row[row-id="${row.id}"] [col-id="date"]`).dblclick();
  const dialog = page.getByRole('dialog', { name: /مرسوله‌ها — ویرایش/ });
  const lat = dialog.getByRole('textbox', { name: /^عرض جغرافیایی مبدأ/ });
  const lng = dialog.getByRole('textbox', { name: /^طول جغرافیایی مبدأ/ });
  await expect(lat).toHaveValue('۳۰');
  await expect(lng).toHaveValue('۵۰');
  const map = dialog.getByRole('application', { name: 'نقشهٔ عرض جغرافیایی مبدأ' });
  await expect(map).toBeVisible();
  // nothing answers at the tile URL: the note says so, within the tile wait
  await expect(dialog.locator('[data-problem="tiles"]').first()).toContainText('در دسترس نیستند', {
    timeout: 15_000,
  });
  // the map opened on the stored point; a click a little north-east of it picks a new one
  const box = (await map.boundingBox())!;
  await map.click({ position: { x: box.width / 2 + 40, y: box.height / 2 - 30 } });
  await expect(lat).not.toHaveValue('۳۰');
  await expect(lng).not.toHaveValue('۵۰');
  await expect(lat).not.toHaveValue(/[0-9]/);
  await shot(page, 'map-point-desktop');
  if (SHOTS) {
    await page.setViewportSize({ width: 390, height: 844 });
    await map.scrollIntoViewIfNeeded();
    await shot(page, 'map-point-phone');
    await page.setViewportSize({ width: 1366, height: 768 });
  }
  await dialog.getByRole('button', { name: 'ذخیره', exact: true }).click();
  await expect(dialog).toBeHidden();
  const stored = await request.post('/api/Transport/Delivery/Get', { headers, data: { id: row.id } });
  const after = ((await stored.json()) as { Data: Delivery }).Data;
  // north-east of the stored point, within a map's width at this zoom
  expect(after.originLat).toBeGreaterThan(30);
  expect(after.originLat).toBeLessThan(30.2);
  expect(after.originLng).toBeGreaterThan(50);
  expect(after.originLng).toBeLessThan(50.2);
  expect(after.version).toBe(row.version + 1);
});
