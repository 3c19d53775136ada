/** Header and normalisation rules of the pipeline, seen by a real HTTP server. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, configurePipeline } from '../../../runtime/http/pipeline';
import { setCurrentPeriod } from '../../../runtime/period/current';
import { setLang } from '../../../runtime/lang';
import { setTenant } from '../../../runtime/tenant/current';
import { connectToastSink } from '../../../runtime/ui/toasts';
import { envelope, json, startServer, type TestServer } from './testServer';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
  configurePipeline({ baseURL: server.url });
  connectToastSink(() => undefined);
  server.on('/api/Sales/Customer/Get', (req, res) =>
    json(res, 200, envelope(0, { echo: JSON.parse(req.body) as unknown, name: 'علي ٣٤' })),
  );
  server.on('/Token', (_req, res) => json(res, 200, { ok: true }));
  server.on('/assets/i18n/share/fa.json', (_req, res) => json(res, 200, { hint: 'مانند ۰۹۱۲ كد' }));
  server.on('/revoke', (_req, res) => json(res, 200, {}));
});
afterAll(() => server.close());
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  server.seen.length = 0;
});

const last = () => server.seen.at(-1)!;

describe('pipeline headers', () => {
  it('sends the bearer token on business calls, not on /Token nor revoke', async () => {
    sessionStorage.setItem('access_token', 'abc');
    await api.post('Sales/Customer/Get', { id: 1 });
    expect(last().headers.authorization).toBe('Bearer abc');
    await api.form('/Token', { grant_type: 'password', username: 'u', password: 'p' });
    expect(last().headers.authorization).toBeUndefined();
    await api.form('/revoke', { token: 'r' });
    expect(last().headers.authorization).toBeUndefined();
  });

  it('reads the token from sessionStorage first, then localStorage', async () => {
    localStorage.setItem('access_token', 'local');
    await api.post('Sales/Customer/Get', {});
    expect(last().headers.authorization).toBe('Bearer local');
    sessionStorage.setItem('access_token', 'session');
    await api.post('Sales/Customer/Get', {});
    expect(last().headers.authorization).toBe('Bearer session');
  });

  it('sends selectedYear only when a current period is stored, and Accept-Language', async () => {
    await api.post('Sales/Customer/Get', {});
    expect(last().headers.selectedyear).toBeUndefined();
    expect(last().headers['accept-language']).toBe('fa');
    setCurrentPeriod({ Id: 1403, PeriodName: 'سال ۱۴۰۳' });
    setLang('en');
    await api.post('Sales/Customer/Get', {});
    expect(last().headers.selectedyear).toBe('1403');
    expect(last().headers['accept-language']).toBe('en');
  });

  it('sends the stored tenant as `tenant` on business calls only, not on /Token, revoke nor assets', async () => {
    await api.post('Sales/Customer/Get', {});
    expect(last().headers.tenant).toBeUndefined();
    setTenant('demo');
    await api.post('Sales/Customer/Get', {});
    expect(last().headers.tenant).toBe('demo');
    await api.form('/Token', { grant_type: 'password', username: 'u', password: 'p' });
    expect(last().headers.tenant).toBeUndefined();
    await api.form('/revoke', { token: 'r' });
    expect(last().headers.tenant).toBeUndefined();
    await api.get('/assets/i18n/share/fa.json');
    expect(last().headers.tenant).toBeUndefined();
    setTenant(null);
  });

  it('normalises bodies (digits to Western, Arabic kaf/yeh to Persian) and JSON answers', async () => {
    const data = await api.post<{ echo: unknown; name: string }>('Sales/Customer/Get', {
      code: '۱۲۳٤',
      title: 'كتاب علي',
    });
    expect(JSON.parse(last().body)).toEqual({ code: '1234', title: 'کتاب علی' });
    expect(data.name).toBe('علی 34');
  });

  it('leaves our own static JSON (translations) as written: Persian digits are for display', async () => {
    const text = await api.get<{ hint: string }>('/assets/i18n/share/fa.json');
    expect(text.hint).toBe('مانند ۰۹۱۲ كد');
  });

  it('returns Data of the envelope and posts JSON to /api/{Module}/{Entity}/{Action}', async () => {
    const data = await api.post<{ echo: unknown }>('Sales/Customer/Get', { id: 7 });
    expect(data.echo).toEqual({ id: 7 });
    expect(last().url).toBe('/api/Sales/Customer/Get');
    expect(last().method).toBe('POST');
    expect(last().headers['content-type']).toContain('application/json');
  });

  it('posts the token endpoint form-urlencoded', async () => {
    await api.form('/Token', { grant_type: 'password', username: 'علي', password: '۱۲' });
    expect(last().headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(last().body))).toEqual({
      grant_type: 'password',
      username: 'علی',
      password: '12',
    });
  });
});
