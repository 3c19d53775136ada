/**
 * Every row of the error catalogue (spec section 8), triggered by a real situation in the real
 * server (buildApp, listening on 127.0.0.1) and handled by the real pipeline and catalogue. The
 * visible handling is read from the runtime ports the shell draws: toasts, dialogs, navigation,
 * logout (tokens cleared) and the cross-tab channel.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { api, configurePipeline } from '../../runtime/http/pipeline';
import { ApiError } from '../../runtime/http/ApiError';
import { resetCatalogueState } from '../../runtime/http/catalogue';
import { login } from '../../runtime/auth/session';
import { clearTokens, getAccessToken } from '../../runtime/auth/tokens';
import { connectToastSink, type ToastRequest } from '../../runtime/ui/toasts';
import { closeAllDialogs, dialogStore } from '../../runtime/ui/dialogs';
import { connectNavigation } from '../../runtime/ui/navigation';
import { ManualClock, useClock } from '../../runtime/clock';
import { closeChannel } from '../../runtime/channel';
import { freePort } from '../support/pg';
import { PASSWORD, startRealServer, type RealServer } from './realServer';

let server: RealServer;
let toasts: ToastRequest[];
let paths: string[];
let clock: ManualClock;

beforeAll(async () => {
  server = await startRealServer();
  configurePipeline({ baseURL: server.url });
});
afterAll(async () => {
  closeChannel();
  await server?.stop();
});
beforeEach(() => {
  toasts = [];
  paths = [];
  clock = new ManualClock();
  useClock(clock);
  resetCatalogueState();
  closeAllDialogs();
  clearTokens();
  connectToastSink((t) => toasts.push(t));
  connectNavigation((p) => paths.push(p));
});
afterEach(() => {
  connectToastSink(null);
  connectNavigation(null);
  useClock(null);
  configurePipeline({ baseURL: server.url });
});

const texts = () => toasts.map((t) => t.text);
const dialogs = () => dialogStore.getState().dialogs;

async function fails(path: string, body: object = {}, headers?: Record<string, string>): Promise<ApiError> {
  const error = await api.post(path, body, { headers }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

const voucher = (date: string, credit: number) => ({
  values: {
    number: 'S-INT',
    date,
    description: 'سند آزمون',
    lines: [
      { account: 3, debit: 1000, credit: 0 },
      { account: 24, debit: 0, credit },
    ],
  },
});

describe('error catalogue against the real server', () => {
  it('invalid_grant (wrong password) → InvalidUsernameOrPassword', async () => {
    const error = await login('staff', 'wrong-password', false).catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(400);
    expect(texts()).toEqual(['InvalidUsernameOrPassword']);
    expect(getAccessToken()).toBeNull();
  });

  it('400 → each message of the errors map as a toast, then the envelope message', async () => {
    await login('staff', PASSWORD, false);
    const error = await fails('Sales/Customer/GetList', { startRow: -1, endRow: 5 });
    expect(error.status).toBe(400);
    expect(texts()).toEqual(['startRow: درخواست نامعتبر است.', 'درخواست نامعتبر است.']);
  });

  it('401 (tampered token) → TheSessionIsOver once per 3.5 s, logout, logout broadcast to other tabs', async () => {
    const other = new BroadcastChannel('update');
    const messages: unknown[] = [];
    other.onmessage = (e: MessageEvent) => messages.push(e.data);
    try {
      const tamper = async () => {
        await login('staff', PASSWORD, false);
        const token = getAccessToken()!;
        sessionStorage.setItem('access_token', `${token.slice(0, -2)}xx`);
        expect((await fails('Sales/Customer/GetList', {})).status).toBe(401);
        expect(getAccessToken()).toBeNull();
      };
      await tamper();
      await tamper();
      expect(texts().filter((t) => t === 'TheSessionIsOver')).toHaveLength(1);
      clock.advance(3500);
      await tamper();
      expect(texts().filter((t) => t === 'TheSessionIsOver')).toHaveLength(2);
      expect(paths.filter((p) => p === '/login')).toHaveLength(3);
      await expect.poll(() => messages).toEqual(['logout', 'logout', 'logout']);
    } finally {
      other.close();
    }
  });

  it('403 (vendor outside its menu) → toast, dialogs closed, root after 300 ms', async () => {
    await login('staff', PASSWORD, false);
    await fails('Accounting/Voucher/Create', voucher('2026-05-01', 900));
    expect(dialogs()).toHaveLength(1);
    await login('vendor', PASSWORD, false);
    toasts = [];
    const error = await fails('Sales/Customer/GetList', {});
    expect(error.status).toBe(403);
    expect(texts()).toEqual(['YouDoNotHavePermissionToAccessThisSection']);
    expect(dialogs()).toHaveLength(0);
    clock.advance(299);
    expect(paths).not.toContain('/');
    clock.advance(1);
    expect(paths.at(-1)).toBe('/');
  });

  it('417 with field messages → error modal and inline field errors on the ApiError', async () => {
    await login('staff', PASSWORD, false);
    const error = await fails('Sales/Customer/Create', {
      values: { code: 'C-9001', name: 'آزمون', customerType: 'person', nationalCode: '1234567890' },
    });
    expect(error.status).toBe(417);
    expect(dialogs()).toMatchObject([{ kind: 'error', messages: ['مقادیر را به‌درستی وارد نکرده‌اید.'] }]);
    expect(error.envelope?.Messages).toEqual([
      { Key: 'errors.YouHaveNotEnteredValuesCorrectly', Params: {} },
    ]);
    expect(error.envelope?.ServerMessageTexts).toEqual([
      {
        FieldName: 'nationalCode',
        Key: 'validation.format.ir-national-code',
        Params: { format: 'ir-national-code' },
        Message: 'کد ملی معتبر نیست.',
      },
    ]);
  });

  it('417 with TableMessageTexts (invoice line 3) → table error list modal', async () => {
    await login('staff', PASSWORD, false);
    await fails('Sales/Invoice/Create', {
      values: {
        number: 'F-INT',
        customer: 1,
        date: '2026-05-01',
        lines: [
          { item: 1, quantity: 1, unitPrice: 100 },
          { item: 2, quantity: 1, unitPrice: 100 },
          { item: 3, quantity: 0, unitPrice: 700 },
        ],
      },
    });
    expect(dialogs()).toMatchObject([
      {
        kind: 'tableErrors',
        rows: [
          {
            TableName: 'lines',
            RowIndex: 2,
            FieldName: 'quantity',
            // The server says «۰٫۰۰۱»; the pipeline normalises digits to Western on the way in and the
            // dialog shows them in Persian again (displayText).
            Message: 'مقدار باید دست‌کم 0٫001 باشد.',
          },
        ],
      },
    ]);
  });

  it('417 with BusinessErrors (unbalanced voucher; closed period) → first entry in a modal', async () => {
    await login('staff', PASSWORD, false);
    await fails('Accounting/Voucher/Create', voucher('2026-05-01', 900));
    expect(dialogs()).toMatchObject([
      // the server's text, its digits normalised to Western by the answer pipeline
      { kind: 'business', message: 'جمع بدهکار و بستانکار سند برابر نیست؛ اختلاف 100 ریال' },
    ]);
    closeAllDialogs();
    await fails('Accounting/Voucher/Create', voucher('2025-06-01', 1000));
    expect(dialogs()).toMatchObject([
      { kind: 'business', message: expect.stringContaining('سال مالی 1404') },
    ]);
  });

  it('426 (password reset by an admin) → /security/changePassword', async () => {
    await login('admin', PASSWORD, false);
    await api.post('Security/PasswordResetRequest/Create', {
      values: { username: 'customer', status: 'pending' },
    });
    const list = await api.post<{ rows: { id: number; version: number }[] }>(
      'Security/PasswordResetRequest/GetList',
      {},
    );
    const row = list.rows.at(-1)!;
    await api.post('Security/PasswordResetRequest/Update', {
      id: row.id,
      version: row.version,
      values: { username: 'customer', status: 'approved', temporaryPassword: 'Temp@12345' },
    });
    await login('customer', 'Temp@12345', false);
    const error = await fails('Sales/Customer/GetList', {});
    expect(error.status).toBe(426);
    expect(paths.at(-1)).toBe('/security/changePassword');
    expect(toasts).toEqual([]);
  });

  it('303 (tenant not accessible) → NotAccessTenants', async () => {
    await login('staff', PASSWORD, false);
    const error = await fails('Security/Menu/GetMenu', {}, { tenant: 'demo' });
    expect(error.status).toBe(303);
    expect(texts()).toEqual(['NotAccessTenants']);
  });

  it('402 (licence expired) → TheLicenceExpiredPleaseCallCompany', async () => {
    // the licence is the operator's (LICENCE_EXPIRES_ON, read at start into the config)
    const config = server.app.ctx.config;
    const valid = config.licenceExpiresOn;
    config.licenceExpiresOn = '2020-01-01';
    try {
      await login('staff', PASSWORD, false);
      const error = await fails('Sales/Customer/GetList', {});
      expect(error.status).toBe(402);
      expect(texts()).toEqual(['TheLicenceExpiredPleaseCallCompany']);
    } finally {
      config.licenceExpiresOn = valid;
    }
  });

  it('501 (selected branch without an operating licence) → NoOperatingLicenseInOneOrMoreSelectedBranches', async () => {
    await login('staff', PASSWORD, false);
    const branches = await api.post<{ rows: { id: number; hasOperatingLicence: boolean }[] }>(
      'SystemConfig/Branch/GetList',
      {},
    );
    const ids = branches.rows.map((b) => b.id).join(',');
    const error = await fails('Sales/Invoice/GetList', {}, { selectedBranches: ids });
    expect(error.status).toBe(501);
    expect(texts()).toEqual(['NoOperatingLicenseInOneOrMoreSelectedBranches']);
  });

  it('508 then 423 (stock-taking) → NotInStockTaking, StockTakingInProgress', async () => {
    await login('storekeeper', PASSWORD, false);
    const items = await api.post<{ rows: { id: number }[] }>('Inventory/Item/GetList', {});
    const warehouses = await api.post<{ rows: { id: number }[] }>('Inventory/Warehouse/GetList', {});
    const [item, warehouse] = [items.rows[0]!.id, warehouses.rows[0]!.id];
    expect(
      (
        await fails('Inventory/StockCount/Create', {
          values: { date: '2026-05-02', warehouse, lines: [{ item, countedQuantity: 1 }] },
        })
      ).status,
    ).toBe(508);
    await login('admin', PASSWORD, false);
    const session = await api.post<{ id: number; version: number }>('Inventory/StockTaking/Create', {
      values: { title: 'انبارگردانی آزمون', status: 'open' },
    });
    try {
      await login('storekeeper', PASSWORD, false);
      const move = {
        values: {
          date: '2026-05-02',
          kind: 'receipt',
          warehouse,
          lines: [{ item, quantity: 1, unitCost: 1000 }],
        },
      };
      expect((await fails('Inventory/StockMove/Create', move)).status).toBe(423);
      expect(texts()).toEqual(['NotInStockTaking', 'StockTakingInProgress']);
    } finally {
      await login('admin', PASSWORD, false);
      await api.post('Inventory/StockTaking/Delete', { id: session.id, version: session.version });
    }
  });

  it('429 (too many failed sign-ins) → TooManyRequestsError', async () => {
    let error: ApiError | null = null;
    for (let i = 0; i < 12 && error?.status !== 429; i++)
      error = (await login('storekeeper', `wrong-${i}`, false).catch((e: unknown) => e)) as ApiError;
    expect(error?.status).toBe(429);
    expect(texts().at(-1)).toBe('TooManyRequestsError');
  });

  it('binary error body (export with a bad filter) → its text decoded as a literal toast', async () => {
    await login('staff', PASSWORD, false);
    const error = await fails('Sales/Customer/Export', { filterModel: { nope: { filterType: 'text' } } });
    expect(error.status).toBe(400);
    expect(toasts).toEqual([{ text: 'درخواست نامعتبر است. (nope)', kind: 'error', literal: true }]);
  });

  it('500 (a table dropped behind the server) → UnspecifiedErrorOccurredPleaseContactSupport', async () => {
    await login('staff', PASSWORD, false);
    await sql`drop table e_inventory_stockcount`.execute(server.app.ctx.db);
    const error = await fails('Inventory/StockCount/GetList', {});
    expect(error.status).toBe(500);
    expect(texts()).toEqual(['UnspecifiedErrorOccurredPleaseContactSupport']);
  });

  it('network failure (closed port) → NetworkError', async () => {
    configurePipeline({ baseURL: `http://127.0.0.1:${await freePort()}` });
    const error = await fails('Sales/Customer/GetList', {});
    expect(error.status).toBe(0);
    expect(texts()).toEqual(['NetworkError']);
  });
});
