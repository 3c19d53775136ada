/** Each row of the error catalogue, driven through the real pipeline against a real HTTP server. */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, configurePipeline } from '../../../runtime/http/pipeline';
import { ApiError } from '../../../runtime/http/ApiError';
import { CATALOGUE, resetCatalogueState } from '../../../runtime/http/catalogue';
import { connectToastSink, type ToastRequest } from '../../../runtime/ui/toasts';
import { dialogStore, closeAllDialogs } from '../../../runtime/ui/dialogs';
import { connectNavigation } from '../../../runtime/ui/navigation';
import { setLogoutHandler } from '../../../runtime/auth/logoutPort';
import { ManualClock, useClock } from '../../../runtime/clock';
import { closeChannel } from '../../../runtime/channel';
import { getTenant, setTenant, tenantStore } from '../../../runtime/tenant/current';
import { envelope, json, startServer, type TestServer } from './testServer';

let server: TestServer;
let toasts: ToastRequest[];
let paths: string[];
let logouts: number;
let clock: ManualClock;

beforeAll(async () => {
  server = await startServer();
  configurePipeline({ baseURL: server.url });
});
afterAll(async () => {
  closeChannel();
  await server.close();
});
beforeEach(() => {
  toasts = [];
  paths = [];
  logouts = 0;
  clock = new ManualClock();
  useClock(clock);
  resetCatalogueState();
  closeAllDialogs();
  connectToastSink((t) => toasts.push(t));
  connectNavigation((p) => paths.push(p));
  setLogoutHandler(() => {
    logouts++;
  });
});
afterEach(() => {
  connectToastSink(null);
  connectNavigation(null);
  useClock(null);
});

/** Answers `path` with a status and JSON body, calls it and returns the rejection. */
async function failWith(status: number, body: unknown, path = 'Test/Thing/Do'): Promise<ApiError> {
  server.on(`/api/${path}`, (_req, res) => json(res, status, body));
  const error = await api.post(path, {}).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

const keys = () => toasts.map((t) => t.text);

describe('error catalogue', () => {
  it('is one table with a row per trigger', () => {
    expect(CATALOGUE.map((r) => r.name)).toEqual(
      expect.arrayContaining([
        'invalidGrant',
        'binaryBody',
        'network',
        'unauthorized',
        'forbidden',
        'upgradeRequired',
        'tenants',
        'businessError',
        'tableErrors',
        'expectationFailed',
        'badRequest',
        'licenceExpired',
        'stockTaking',
        'tooManyRequests',
        'serverError',
        'noBranchLicence',
        'unavailable',
        'notInStockTaking',
        'envelopeInvalid',
      ]),
    );
  });

  it('400: every message of the errors map and of MessageTexts is a toast', async () => {
    const error = await failWith(400, { errors: { name: 'نام لازم است', code: ['کد تکراری', 'کد کوتاه'] } });
    expect(error.status).toBe(400);
    expect(keys()).toEqual(['نام لازم است', 'کد تکراری', 'کد کوتاه']);
    await failWith(400, envelope(2, null, { MessageTexts: ['BadRequest'] }));
    expect(keys().at(-1)).toBe('BadRequest');
    // the server's texts are shown as they are, never looked up as keys
    expect(toasts.every((t) => t.literal === true)).toBe(true);
  });

  it('invalid_grant on /Token → InvalidUsernameOrPassword', async () => {
    server.on('/Token', (_req, res) => json(res, 400, { error: 'invalid_grant' }));
    const error = await api
      .form('/Token', { grant_type: 'password', username: 'a', password: 'b' })
      .catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(400);
    expect(keys()).toEqual(['InvalidUsernameOrPassword']);
  });

  it('426 → /security/changePassword', async () => {
    await failWith(426, envelope(2, null));
    expect(paths).toEqual(['/security/changePassword']);
    expect(toasts).toEqual([]);
  });

  it.each([
    [303, 'NotAccessTenants'],
    [402, 'TheLicenceExpiredPleaseCallCompany'],
    [423, 'StockTakingInProgress'],
    [429, 'TooManyRequestsError'],
    [500, 'UnspecifiedErrorOccurredPleaseContactSupport'],
    [501, 'NoOperatingLicenseInOneOrMoreSelectedBranches'],
    [503, 'NetworkUnavailablePleaseCheckIt'],
    [508, 'NotInStockTaking'],
  ])('%i → toast %s', async (status, key) => {
    const error = await failWith(status, envelope(2, null));
    expect(error.status).toBe(status);
    expect(keys()).toEqual([key]);
  });

  it('303 → toast NotAccessTenants and the stored tenant is forgotten (the selector chooses again)', async () => {
    setTenant('lost');
    const before = tenantStore.getState().lost;
    await failWith(303, envelope(2, null));
    expect(keys()).toEqual(['NotAccessTenants']);
    expect(getTenant()).toBeNull();
    expect(localStorage.getItem('tenant')).toBeNull();
    expect(tenantStore.getState()).toMatchObject({ current: null, lost: before + 1 });
    // the tenant chosen in its place starts a new generation (the shell draws its content again)
    const generation = tenantStore.getState().generation;
    setTenant('main');
    expect(tenantStore.getState().generation).toBe(generation + 1);
    setTenant('demo'); // an ordinary choice (the selector reloads the page itself)
    expect(tenantStore.getState().generation).toBe(generation + 1);
    setTenant(null);
  });

  it('417 without table messages → error modal from MessageTexts; field errors stay on the ApiError', async () => {
    const fields = [{ FieldName: 'nationalCode', Message: 'کد ملی معتبر نیست' }];
    const error = await failWith(
      417,
      envelope(2, null, { MessageTexts: ['خطای ثبت'], ServerMessageTexts: fields }),
    );
    expect(dialogStore.getState().dialogs).toMatchObject([{ kind: 'error', messages: ['خطای ثبت'] }]);
    expect(error.envelope?.ServerMessageTexts).toEqual(fields);
  });

  it('417 with the zero date as Data still opens the modal; with other Data it does not', async () => {
    await failWith(417, envelope(2, '0001-01-01T00:00:00', { MessageTexts: ['x'] }));
    expect(dialogStore.getState().dialogs).toHaveLength(1);
    closeAllDialogs();
    await failWith(417, envelope(2, { id: 5 }, { MessageTexts: ['x'] }));
    expect(dialogStore.getState().dialogs).toHaveLength(0);
  });

  it('417 with TableMessageTexts → table error list modal', async () => {
    const rows = [{ TableName: 'lines', RowIndex: 1, FieldName: 'qty', Message: 'مقدار منفی' }];
    await failWith(417, envelope(2, null, { MessageTexts: ['خطا در ردیف‌ها'], TableMessageTexts: rows }));
    expect(dialogStore.getState().dialogs).toMatchObject([{ kind: 'tableErrors', rows }]);
  });

  it('417 with Data.BusinessErrors → first entry in the business modal', async () => {
    await failWith(417, envelope(2, { BusinessErrors: ['موجودی کافی نیست', 'دوم'] }));
    expect(dialogStore.getState().dialogs).toMatchObject([{ kind: 'business', message: 'موجودی کافی نیست' }]);
  });

  it('403 → toast, dialogs closed, root after 300 ms', async () => {
    await failWith(417, envelope(2, null, { MessageTexts: ['open'] }));
    expect(dialogStore.getState().dialogs).toHaveLength(1);
    await failWith(403, envelope(2, null));
    expect(keys()).toEqual(['YouDoNotHavePermissionToAccessThisSection']);
    expect(dialogStore.getState().dialogs).toHaveLength(0);
    clock.advance(299);
    expect(paths).toEqual([]);
    clock.advance(1);
    expect(paths).toEqual(['/']);
  });

  it('401 → TheSessionIsOver at most once per 3500 ms, logout and a broadcast every time', async () => {
    const other = new BroadcastChannel('update');
    const messages: unknown[] = [];
    other.onmessage = (e: MessageEvent) => messages.push(e.data);
    await failWith(401, { error: 'unauthorized' });
    await failWith(401, { error: 'unauthorized' });
    clock.advance(3499);
    await failWith(401, { error: 'unauthorized' });
    expect(keys()).toEqual(['TheSessionIsOver']);
    clock.advance(1);
    await failWith(401, { error: 'unauthorized' });
    expect(keys()).toEqual(['TheSessionIsOver', 'TheSessionIsOver']);
    expect(logouts).toBe(4);
    await expect.poll(() => messages.length).toBe(4);
    expect(messages.every((m) => m === 'logout')).toBe(true);
    other.close();
  });

  it('200 envelope with State InvalidValues → YouHaveNotEnteredValuesCorrectly and root', async () => {
    const error = await failWith(200, envelope(1, null));
    expect(error.status).toBe(200);
    expect(keys()).toEqual(['YouHaveNotEnteredValuesCorrectly']);
    expect(paths).toEqual(['/']);
  });

  it('binary error body → decoded text toasted literally', async () => {
    server.on('/api/Test/File/Export', (_req, res) => {
      res.writeHead(500, { 'content-type': 'application/octet-stream' });
      res.end(Buffer.from('گزارش ساخته نشد', 'utf8'));
    });
    await api.post('Test/File/Export', {}).catch(() => undefined);
    expect(toasts).toEqual([{ text: 'گزارش ساخته نشد', kind: 'error', literal: true }]);
  });

  it('network failure (status 0) → NetworkError', async () => {
    const dead = await startServer();
    const url = dead.url;
    await dead.close();
    configurePipeline({ baseURL: url });
    try {
      const error = await api.post('Test/Thing/Do', {}).catch((e: unknown) => e);
      expect((error as ApiError).status).toBe(0);
      expect(keys()).toEqual(['NetworkError']);
    } finally {
      configurePipeline({ baseURL: server.url });
    }
  });

  it('silent calls reject without any handling', async () => {
    server.on('/api/Test/Quiet/Do', (_req, res) => json(res, 500, envelope(2, null)));
    const error = await api.post('Test/Quiet/Do', {}, { silent: true }).catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(500);
    expect(toasts).toEqual([]);
  });

  it('silentExcept: only the named statuses go through the catalogue', async () => {
    server.on('/api/Test/Quiet/Five', (_req, res) => json(res, 500, envelope(2, null)));
    server.on('/api/Test/Quiet/Tenant', (_req, res) => json(res, 303, envelope(2, null)));
    const quiet = await api.post('Test/Quiet/Five', {}, { silentExcept: [303] }).catch((e: unknown) => e);
    expect((quiet as ApiError).status).toBe(500);
    expect(toasts).toEqual([]);
    const told = await api.post('Test/Quiet/Tenant', {}, { silentExcept: [303] }).catch((e: unknown) => e);
    expect((told as ApiError).status).toBe(303);
    expect(keys()).toEqual(['NotAccessTenants']);
  });
});
