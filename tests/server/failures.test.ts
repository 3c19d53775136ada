/** Database loss answers 503; the built client is served with an SPA fallback. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type Server, type Socket, createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { ENTITY_RULES } from '../../server/entities/rules';
import { createDatabase, freePort } from '../support/pg';
import { call, freshDatabase, makeApp, signIn } from './helpers';

/** A TCP relay to PostgreSQL that the test can cut, as a network failure would. */
async function relay(target: number): Promise<{ port: number; cut(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = createConnection({ host: '127.0.0.1', port: target });
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => s.destroy());
      s.on('close', () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    cut: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('failures', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('answers 503 with the envelope when PostgreSQL goes away', async () => {
    const pgUrl = new URL(inject('pgUrl'));
    const name = `t_lost_${Date.now().toString(36)}`;
    await createDatabase(pgUrl.toString(), name);
    const proxy = await relay(Number(pgUrl.port));
    const app = await makeApp(`postgres://postgres@127.0.0.1:${proxy.port}/${name}`);
    cleanups.push(() => app.close());
    const t = await signIn(app, 'staff');
    expect(
      (await call(app, 'Sales/Customer/GetList', t.access_token, { startRow: 0, endRow: 5 })).status,
    ).toBe(200);
    await proxy.cut();
    const res = await call(app, 'Sales/Customer/GetList', t.access_token, { startRow: 0, endRow: 5 });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({
      State: 2,
      MessageTexts: ['سرویس در دسترس نیست؛ لطفاً شبکه را بررسی کنید.'],
    });
    expect(JSON.stringify(res.body)).not.toMatch(/at \w+ \(/);
  });

  it('answers 503 and leaves nothing half-written when PostgreSQL goes away during a write', async () => {
    const pgUrl = new URL(inject('pgUrl'));
    const name = `t_midwrite_${Date.now().toString(36)}`;
    const direct = await createDatabase(pgUrl.toString(), name);
    const proxy = await relay(Number(pgUrl.port));
    const app = await makeApp(`postgres://postgres@127.0.0.1:${proxy.port}/${name}`);
    const t = await signIn(app, 'staff');
    // inside the write transaction: a first write goes through, then the connection is cut
    ENTITY_RULES['sales.customer'] = [
      {
        name: 'cutMidWrite',
        run: async ({ trx, values }) => {
          await trx
            .insertInto('audit_log')
            .values({
              user_id: null,
              at: 'half',
              entity: 'sales.customer',
              row_id: 0,
              action: 'half',
              diff: '{}',
            })
            .execute();
          await proxy.cut();
          return values;
        },
      },
    ];
    const check = await makeApp(direct);
    cleanups.push(async () => {
      delete ENTITY_RULES['sales.customer'];
      await app.close();
      await check.close();
    });
    const res = await call(app, 'Sales/Customer/Create', t.access_token, {
      values: { code: 'C-5001', name: 'نیمه‌کاره', customerType: 'person', nationalCode: '0499370899' },
    });
    delete ENTITY_RULES['sales.customer'];
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({
      State: 2,
      MessageTexts: ['سرویس در دسترس نیست؛ لطفاً شبکه را بررسی کنید.'],
    });
    const half = await check.ctx.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'half')
      .execute();
    expect(half).toEqual([]);
    const stored = await call<{ lastRow: number }>(
      check,
      'Sales/Customer/GetList',
      (await signIn(check, 'staff')).access_token,
      {
        filterModel: { code: { filterType: 'text', type: 'equals', filter: 'C-5001' } },
      },
    );
    expect(stored.body.Data.lastRow).toBe(0);
  });

  it('serves the built client and falls back to index.html for client routes', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'erp-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>ERP</title>');
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
    const db = await freshDatabase('sqlite');
    const app = await makeApp(db.url, { staticDir: dist });
    cleanups.push(async () => {
      await app.close();
      db.cleanup();
      rmSync(dist, { recursive: true, force: true });
    });
    const js = await app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(js.statusCode).toBe(200);
    expect(js.body).toBe('console.log(1)');
    const route = await app.inject({ method: 'GET', url: '/sales/customer' });
    expect(route.statusCode).toBe(200);
    expect(route.body).toContain('<title>ERP</title>');
    const api = await app.inject({ method: 'GET', url: '/api/Sales/Customer/GetList' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ State: 2 });
  });

  it('answers 500 with the envelope and no internals on an unexpected error, and writes nothing', async () => {
    const db = await freshDatabase('sqlite');
    const app = await makeApp(db.url);
    ENTITY_RULES['sales.customer'] = [
      { name: 'boom', run: () => Promise.reject(new Error('boom in /secret/path')) },
    ];
    cleanups.push(async () => {
      delete ENTITY_RULES['sales.customer'];
      await app.close();
      db.cleanup();
    });
    const t = (await signIn(app, 'staff')).access_token;
    const res = await call(app, 'Sales/Customer/Create', t, {
      values: { code: 'C-5000', name: 'خطا', customerType: 'person', nationalCode: '0499370899' },
    });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      State: 2,
      Data: null,
      MessageTexts: ['خطای نامشخصی رخ داد؛ لطفاً با پشتیبانی تماس بگیرید.'],
      Messages: [{ Key: 'errors.UnspecifiedErrorOccurredPleaseContactSupport', Params: {} }],
      ServerMessageTexts: [],
      TableMessageTexts: [],
    });
    const list = await call<{ lastRow: number }>(app, 'Sales/Customer/GetList', t, {
      startRow: 0,
      endRow: 1,
    });
    expect(list.body.Data.lastRow).toBe(40);
  });
});
