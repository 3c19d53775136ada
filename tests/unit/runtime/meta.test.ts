/** Entity client paths and the meta caches, against a real server. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configurePipeline } from '../../../runtime/http/pipeline';
import { createEntityClient } from '../../../runtime/meta/entityClient';
import { ApiError } from '../../../runtime/http/ApiError';
import { loadingStore } from '../../../runtime/http/loading';
import {
  clearMetaCaches,
  loadDefinition,
  loadPermissions,
  prefetchEntityMeta,
} from '../../../runtime/meta/loaders';
import { connectToastSink, type ToastRequest } from '../../../runtime/ui/toasts';
import { envelope, json, startServer, type TestServer } from './testServer';
import { ENTITY_ACTION_NAMES, entityClientMethod } from '../../../runtime/shared/entityActions';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
  configurePipeline({ baseURL: server.url });
  for (const action of ['GetList', 'Get', 'Print', 'Create', 'Update', 'Delete', 'GetAudit'])
    server.on(`/api/Sales/Customer/${action}`, (req, res) =>
      json(res, 200, envelope(0, { action, body: JSON.parse(req.body) as unknown })),
    );
  server.on('/api/Sales/Customer/Export', (req, res) => {
    res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' });
    res.end(Buffer.from(`\uFEFF${req.body}\r\n`, 'utf8'));
  });
  server.on('/api/Meta/Entity/GetDefinition', (req, res) =>
    json(res, 200, envelope(0, { name: 'customer', asked: JSON.parse(req.body) as unknown })),
  );
  server.on('/api/Security/Permission/GetEntityPermissions', (_req, res) =>
    json(res, 200, envelope(0, { view: true, create: false })),
  );
});
afterAll(() => server.close());
beforeEach(() => {
  server.seen.length = 0;
  clearMetaCaches();
});

describe('entity client', () => {
  it('maps the EntityClient methods to {Module}/{Entity}/{Action}', async () => {
    const client = createEntityClient({ module: 'sales', name: 'customer' });
    expect(await client.getList({ startRow: 0, endRow: 50 })).toMatchObject({
      action: 'GetList',
      body: { startRow: 0, endRow: 50 },
    });
    expect(await client.get(3)).toMatchObject({ action: 'Get', body: { id: 3 } });
    expect(await client.create({ name: 'الف' })).toMatchObject({
      action: 'Create',
      body: { values: { name: 'الف' } },
    });
    expect(await client.update(3, 2, { name: 'ب' })).toMatchObject({
      action: 'Update',
      body: { id: 3, version: 2, values: { name: 'ب' } },
    });
    await client.delete(3, 2);
    expect(server.seen.map((s) => s.url)).toEqual(
      ['GetList', 'Get', 'Create', 'Update', 'Delete'].map((a) => `/api/Sales/Customer/${a}`),
    );
  });
});

describe('entity client and the shared action list', () => {
  it('has one method per action of runtime/shared/entityActions.ts, posting to that action', async () => {
    const client = createEntityClient({ module: 'sales', name: 'customer' });
    expect(Object.keys(client).sort()).toEqual(ENTITY_ACTION_NAMES.map(entityClientMethod).sort());
    expect(await client.print!(4)).toMatchObject({ action: 'Print', body: { id: 4 } });
    expect(await client.getAudit!(4)).toMatchObject({ action: 'GetAudit', body: { id: 4 } });
  });
});

describe('entity client export', () => {
  it('posts format, sort and filter to Export and answers the file as a Blob, BOM kept', async () => {
    const client = createEntityClient({ module: 'sales', name: 'customer' });
    const filterModel = { city: { filterType: 'text', type: 'equals', filter: 'تهران' } };
    const blob = await client.export('csv', { sortModel: [{ colId: 'code', sort: 'desc' }], filterModel });
    // the fetch implementation's Blob (not necessarily jsdom's global class)
    expect(blob.type).toMatch(/^text\/csv/);
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const sent = JSON.parse(new TextDecoder().decode(bytes.slice(3)).trim()) as unknown;
    expect(sent).toEqual({ format: 'csv', sortModel: [{ colId: 'code', sort: 'desc' }], filterModel });
    expect(server.seen.map((s) => s.url)).toEqual(['/api/Sales/Customer/Export']);
  });
});

describe('meta loaders', () => {
  it('cache definitions and permissions in memory', async () => {
    await Promise.all([loadDefinition('sales', 'customer'), loadDefinition('sales', 'customer')]);
    expect(await loadPermissions('sales', 'customer')).toEqual({ view: true, create: false });
    await loadPermissions('sales', 'customer');
    expect(server.seen.map((s) => s.url)).toEqual([
      '/api/Meta/Entity/GetDefinition',
      '/api/Security/Permission/GetEntityPermissions',
    ]);
    expect(JSON.parse(server.seen[0]!.body)).toEqual({ module: 'sales', name: 'customer' });
  });

  it('a prefetch (the menu link hovered) fills the same caches: the screen sends nothing more', async () => {
    prefetchEntityMeta('sales', 'customer');
    prefetchEntityMeta('sales', 'customer');
    const [definition, permissions] = await Promise.all([
      loadDefinition('sales', 'customer'),
      loadPermissions('sales', 'customer'),
    ]);
    expect(definition).toMatchObject({ name: 'customer' });
    expect(permissions).toEqual({ view: true, create: false });
    expect(server.seen.map((s) => s.url)).toEqual([
      '/api/Meta/Entity/GetDefinition',
      '/api/Security/Permission/GetEntityPermissions',
    ]);
  });

  it('a failed prefetch shows nothing and no loading bar; the screen asks again and reports', async () => {
    const toasts: ToastRequest[] = [];
    connectToastSink((t) => toasts.push(t));
    const shown: boolean[] = [];
    const unsubscribe = loadingStore.subscribe((s) => s.visible && shown.push(true));
    server.on('/api/Meta/Entity/GetDefinition', (_req, res) => json(res, 500, envelope(2, null)));
    const definitions = () => server.seen.filter((s) => s.url === '/api/Meta/Entity/GetDefinition');
    try {
      prefetchEntityMeta('sales', 'customer');
      await expect.poll(() => server.seen.length).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(toasts).toEqual([]);
      expect(shown).toEqual([]);

      // the screen's own load, also while a prefetch is still on its way: the error is reported once
      prefetchEntityMeta('sales', 'customer');
      const error = await loadDefinition('sales', 'customer').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(definitions()).toHaveLength(3);
      expect(toasts.map((t) => t.text)).toEqual(['UnspecifiedErrorOccurredPleaseContactSupport']);
      expect(shown.length).toBeGreaterThan(0);
    } finally {
      unsubscribe();
      connectToastSink(null);
      server.on('/api/Meta/Entity/GetDefinition', (req, res) =>
        json(res, 200, envelope(0, { name: 'customer', asked: JSON.parse(req.body) as unknown })),
      );
    }
  });
});
