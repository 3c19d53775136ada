/**
 * 503 with a real fault: PostgreSQL stopped under the running server. The pipeline shows
 * NetworkUnavailablePleaseCheckIt; a write in flight when the database goes away leaves nothing.
 * Also the UI log: an uncaught error posts { Log } to the real server (the row is in ui_logs), and
 * a failing log call does not loop.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, configurePipeline } from '../../runtime/http/pipeline';
import type { ApiError } from '../../runtime/http/ApiError';
import { login } from '../../runtime/auth/session';
import { clearTokens } from '../../runtime/auth/tokens';
import { installErrorLogging } from '../../runtime/uilog';
import { connectToastSink, type ToastRequest } from '../../runtime/ui/toasts';
import { connectNavigation } from '../../runtime/ui/navigation';
import { closeChannel } from '../../runtime/channel';
import { startPostgres, type TempPostgres } from '../support/pg';
import { PASSWORD, startRealServer, type RealServer } from './realServer';

let pg: TempPostgres;
let server: RealServer;
let toasts: ToastRequest[];
let uninstall: (() => void) | undefined;

beforeAll(async () => {
  pg = await startPostgres();
  server = await startRealServer(pg.url);
  configurePipeline({ baseURL: server.url });
  connectNavigation(() => undefined);
  uninstall = installErrorLogging(window);
}, 60_000);
afterAll(async () => {
  uninstall?.();
  closeChannel();
  connectToastSink(null);
  await server?.stop();
  await pg?.stop();
});
beforeEach(() => {
  toasts = [];
  clearTokens();
  connectToastSink((t) => toasts.push(t));
});

describe('UI log and a stopped database, against the real server on PostgreSQL', () => {
  it('an uncaught error posts { Log }; the row is stored in ui_logs', async () => {
    await login('staff', PASSWORD, false);
    window.dispatchEvent(new ErrorEvent('error', { error: new TypeError('کلید ناموجود in render') }));
    const logs = () => server.app.ctx.db.selectFrom('ui_logs').selectAll().execute();
    await expect.poll(async () => (await logs()).length).toBe(1);
    const rows = await logs();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.log).toContain('TypeError: کلید ناموجود in render');
    expect(rows[0]!.user_id).not.toBeNull();
  });

  it('PostgreSQL stopped → 503 NetworkUnavailablePleaseCheckIt; a failing log call is sent once, no loop', async () => {
    await login('staff', PASSWORD, false);
    await pg.stop();
    const error = await api.post('Sales/Customer/GetList', {}).catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(503);
    expect(toasts.map((t) => t.text)).toEqual(['NetworkUnavailablePleaseCheckIt']);
    toasts = [];
    const logCalls: number[] = [];
    server.app.server.on(
      'request',
      (req: { url?: string }, res: { on(e: string, f: () => void): void; statusCode: number }) => {
        if (req.url?.includes('UILog')) res.on('finish', () => logCalls.push(res.statusCode));
      },
    );
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('while the database is down') }));
    await expect.poll(() => logCalls.length).toBe(1);
    await new Promise((r) => setTimeout(r, 500));
    expect(logCalls).toEqual([503]);
    expect(toasts).toEqual([]);
  });
});
