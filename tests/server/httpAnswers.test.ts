/**
 * Every API answer is the envelope, router refusals included (a path segment over the router's
 * limit → 404 UnknownEntity, a malformed escape → 400), and every data answer (/api, /Token,
 * /revoke, attachment downloads) carries `Cache-Control: no-store` (docs/api.md, "HTTP answers").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DIALECTS, PASSWORD, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

const isEnvelope = (body: unknown) =>
  typeof body === 'object' &&
  body !== null &&
  'State' in body &&
  'MessageTexts' in body &&
  Array.isArray((body as { MessageTexts: unknown }).MessageTexts);

describe.each(DIALECTS)('HTTP answers on %s', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  let token: string;

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url);
    token = (await signIn(app, 'staff')).access_token;
  });
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  const post = (url: string, payload: object = {}) =>
    app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      payload: JSON.stringify(payload),
    });

  it('a path segment over 100 characters answers 404 UnknownEntity in the envelope, with the usual headers', async () => {
    for (const url of [
      `/api/Sales/${'x'.repeat(101)}/GetList`,
      `/api/${'M'.repeat(5000)}/Customer/GetList`,
      `/api/Sales/Customer/${'a'.repeat(300)}`,
    ]) {
      const res = await post(url);
      expect(res.statusCode).toBe(404);
      expect(isEnvelope(res.json())).toBe(true);
      expect(res.json().MessageTexts).toHaveLength(1);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    const download = await app.inject({ method: 'GET', url: `/api/Attachments/Download/${'9'.repeat(200)}` });
    expect(download.statusCode).toBe(404);
    expect(isEnvelope(download.json())).toBe(true);
  });

  it('a malformed percent-escape in the path answers 400 in the envelope', async () => {
    const res = await post('/api/Sales/%E0%A4%A/GetList');
    expect(res.statusCode).toBe(400);
    expect(isEnvelope(res.json())).toBe(true);
  });

  it('data answers carry Cache-Control: no-store: entity calls, errors, tokens, downloads', async () => {
    const list = await post('/api/Sales/Customer/GetList', { startRow: 0, endRow: 1 });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    const unknown = await post('/api/Nowhere/Nothing/GetList');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['cache-control']).toBe('no-store');
    const anonymous = await app.inject({ method: 'POST', url: '/api/Sales/Customer/GetList', payload: {} });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');
    const tokenAnswer = await app.inject({
      method: 'POST',
      url: '/Token',
      payload: { grant_type: 'password', username: 'staff', password: PASSWORD },
    });
    expect(tokenAnswer.statusCode).toBe(200);
    expect(tokenAnswer.headers['cache-control']).toBe('no-store');
    const revoke = await app.inject({ method: 'POST', url: '/revoke', payload: { token: 'x' } });
    expect(revoke.headers['cache-control']).toBe('no-store');
    const download = await app.inject({
      method: 'GET',
      url: '/api/Attachments/Download/999999',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(download.headers['cache-control']).toBe('no-store');
    // not a data path: no no-store imposed (static files keep their own caching)
    const page = await app.inject({ method: 'GET', url: '/sales/customer' });
    expect(page.headers['cache-control']).not.toBe('no-store');
  });
});
