/** Loading indicator timings (driven by the manual clock) and which URLs it tracks. */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock, useClock } from '../../../runtime/clock';
import {
  loadingFinished,
  loadingOff,
  loadingStarted,
  loadingStore,
  tracksLoading,
} from '../../../runtime/http/loading';
import { api, configurePipeline } from '../../../runtime/http/pipeline';
import { envelope, json, startServer, type TestServer } from './testServer';

let clock: ManualClock;
let server: TestServer;
const visible = () => loadingStore.getState().visible;

beforeAll(async () => {
  server = await startServer();
  configurePipeline({ baseURL: server.url });
  server.on('/api/Security/Permission/GetEntityPermissions', (_req, res) =>
    json(res, 200, envelope(0, { view: true })),
  );
  server.on('/api/Sales/Customer/GetList', (_req, res) =>
    json(res, 200, envelope(0, { rows: [], lastRow: 0 })),
  );
  server.on('/assets/i18n/share/fa.json', (_req, res) => json(res, 200, { a: 1 }));
});
afterAll(() => server.close());
beforeEach(() => {
  clock = new ManualClock();
  useClock(clock);
  loadingOff();
});
afterEach(() => useClock(null));

describe('loading indicator', () => {
  it('shows at once and clears 300 ms after the last request completes', () => {
    loadingStarted();
    expect(visible()).toBe(true);
    loadingStarted();
    loadingFinished();
    clock.advance(1000);
    expect(visible()).toBe(true);
    loadingFinished();
    clock.advance(299);
    expect(visible()).toBe(true);
    clock.advance(1);
    expect(visible()).toBe(false);
  });

  it('a request starting within the 300 ms keeps it shown', () => {
    loadingStarted();
    loadingFinished();
    clock.advance(200);
    loadingStarted();
    clock.advance(200);
    expect(visible()).toBe(true);
    loadingFinished();
    clock.advance(300);
    expect(visible()).toBe(false);
  });

  it('does not track .svg, .json or the permission lookup', () => {
    expect(tracksLoading('/assets/i18n/share/fa.json')).toBe(false);
    expect(tracksLoading('/icons/a.svg?v=2')).toBe(false);
    expect(tracksLoading('/api/Security/Permission/GetEntityPermissions')).toBe(false);
    expect(tracksLoading('/api/Sales/Customer/GetList')).toBe(true);
    expect(tracksLoading('/Token')).toBe(true);
  });

  it('pipeline calls drive it, except the permission lookup and .json files', async () => {
    const seen: boolean[] = [];
    const unsubscribe = loadingStore.subscribe((s) => seen.push(s.visible));
    await api.post('Security/Permission/GetEntityPermissions', { module: 'sales', name: 'customer' });
    await api.get('/assets/i18n/share/fa.json');
    expect(seen).not.toContain(true);
    await api.post('Sales/Customer/GetList', { startRow: 0, endRow: 10 });
    expect(seen).toContain(true);
    expect(visible()).toBe(true);
    clock.advance(300);
    expect(visible()).toBe(false);
    unsubscribe();
  });

  it('loadingOff switches it off at once (not-found page)', () => {
    loadingStarted();
    loadingOff();
    expect(visible()).toBe(false);
  });
});
