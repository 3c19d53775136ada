/**
 * What a successful answer tells without refusing (runtime/http/notices.ts), through the real
 * pipeline against a real HTTP server: an Ok envelope's MessageTexts (a credit limit passed under
 * `warn`) become warning toasts in the language's digits, for any call (a quiet one too); an Ok
 * answer without messages, a failure and a non-business answer show none.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, configurePipeline } from '../../../runtime/http/pipeline';
import { setLang } from '../../../runtime/lang';
import { connectToastSink, type ToastRequest } from '../../../runtime/ui/toasts';
import { closeAllDialogs } from '../../../runtime/ui/dialogs';
import { envelope, json, startServer, type TestServer } from './testServer';

/** The server's text with its digits in Persian, as it writes it for Accept-Language: fa. */
const WARNING =
  'اعتبار مشتری «C-۰۰۰۱ — شیرین شریفی» برای این سند کافی نیست: سقف اعتبار ۱٬۰۰۰٬۰۰۰ ریال، مانده حساب ۰ ریال و مبلغ این سند ۱٬۱۰۰٬۰۰۰ ریال است؛ ۱۰۰٬۰۰۰ ریال بیش از سقف.';

let server: TestServer;
let toasts: ToastRequest[];

beforeAll(async () => {
  server = await startServer();
  configurePipeline({ baseURL: server.url });
  const warned = envelope(
    0,
    { id: 7, docState: 'final' },
    {
      MessageTexts: [WARNING],
      Messages: [{ Key: 'credit.exceeded', Params: {} }],
    },
  );
  server.on('/api/Sales/Invoice/Finalise', (_req, res) => json(res, 200, warned));
  server.on('/api/Sales/Invoice/Get', (_req, res) => json(res, 200, envelope(0, { id: 7 })));
  server.on('/api/Sales/Invoice/Cancel', (_req, res) =>
    json(res, 417, envelope(2, { BusinessErrors: ['x'] }, { MessageTexts: ['refused'] })),
  );
  server.on('/assets/config.json', (_req, res) => json(res, 200, { MessageTexts: ['not an answer'] }));
});
afterAll(() => server.close());
beforeEach(() => {
  toasts = [];
  localStorage.clear();
  connectToastSink((t) => toasts.push(t));
});
afterEach(() => {
  connectToastSink(null);
  closeAllDialogs();
});

describe('notices of successful answers', () => {
  it('shows an Ok answer’s messages as warning toasts, with the answer’s data still answered', async () => {
    const row = await api.post<{ id: number; docState: string }>('Sales/Invoice/Finalise', { id: 7 });
    expect(row).toEqual({ id: 7, docState: 'final' });
    // the pipeline normalised the answer's digits; the toast shows them in Persian again
    expect(toasts).toEqual([{ text: WARNING, kind: 'warning', literal: true }]);
  });

  it('shows them for a quiet call too (silent keeps only the error catalogue quiet)', async () => {
    await api.post('Sales/Invoice/Finalise', { id: 7 }, { silent: true });
    expect(toasts.map((t) => t.kind)).toEqual(['warning']);
  });

  it('keeps Western digits in English', async () => {
    setLang('en');
    await api.post('Sales/Invoice/Finalise', { id: 7 });
    expect(toasts[0]?.text).toContain('C-0001');
    expect(toasts[0]?.text).toContain('1٬000٬000');
  });

  it('shows nothing for an Ok answer without messages, a failure (the catalogue’s) or a non-business answer', async () => {
    await api.post('Sales/Invoice/Get', { id: 7 });
    expect(toasts).toEqual([]);
    await api.post('Sales/Invoice/Cancel', { id: 7 }, { silent: true }).catch(() => null);
    expect(toasts).toEqual([]);
    await api.get('/assets/config.json');
    expect(toasts).toEqual([]);
  });
});
