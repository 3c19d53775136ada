/** UI error log: posts { Log }; a failing log call never loops and shows no toast. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configurePipeline } from '../../../runtime/http/pipeline';
import { ApiError } from '../../../runtime/http/ApiError';
import { installErrorLogging, reportError } from '../../../runtime/uilog';
import { connectToastSink, type ToastRequest } from '../../../runtime/ui/toasts';
import { envelope, json, startServer, type TestServer } from './testServer';

let server: TestServer;
let toasts: ToastRequest[];
let status = 200;

beforeAll(async () => {
  server = await startServer();
  configurePipeline({ baseURL: server.url });
  server.on('/api/Management/UILog/Create', (_req, res) =>
    json(res, status, envelope(status === 200 ? 0 : 2, null)),
  );
});
afterAll(() => server.close());
beforeEach(() => {
  server.seen.length = 0;
  toasts = [];
  connectToastSink((t) => toasts.push(t));
});

const logs = () => server.seen.filter((s) => s.url === '/api/Management/UILog/Create');

describe('UI log', () => {
  it('posts { Log } with the error text', async () => {
    status = 200;
    await reportError(new TypeError('boom'));
    expect(logs()).toHaveLength(1);
    expect((JSON.parse(logs()[0]!.body) as { Log: string }).Log).toContain('TypeError: boom');
  });

  it('a failing log call is not logged again and shows no toast', async () => {
    status = 500;
    await reportError(new Error('first'));
    await new Promise((r) => setTimeout(r, 50));
    expect(logs()).toHaveLength(1);
    expect(toasts).toEqual([]);
  });

  it('errors while a log call is in flight are dropped, API errors are not logged', async () => {
    status = 200;
    await Promise.all([reportError(new Error('a')), reportError(new Error('b'))]);
    await reportError(new ApiError(500, null));
    expect(logs()).toHaveLength(1);
  });

  it('window error and unhandledrejection events are reported', async () => {
    status = 200;
    const remove = installErrorLogging(window);
    window.dispatchEvent(
      new ErrorEvent('error', { error: new Error('window boom'), message: 'window boom' }),
    );
    await expect.poll(() => logs().length).toBe(1);
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.defineProperty(rejection, 'reason', { value: new Error('rejected') });
    window.dispatchEvent(rejection);
    await expect.poll(() => logs().length).toBe(2);
    expect(logs()[1]!.body).toContain('rejected');
    remove();
  });
});
