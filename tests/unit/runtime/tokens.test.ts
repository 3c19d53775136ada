/** Token store keys (session vs permanent login), flags, login/refresh/logout over a real server. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock, useClock } from '../../../runtime/clock';
import { configurePipeline } from '../../../runtime/http/pipeline';
import {
  clearTokens,
  decodeClaims,
  getAccessToken,
  hasToken,
  isCustomer,
  isPermanent,
  isVendor,
  saveTokens,
} from '../../../runtime/auth/tokens';
import {
  login,
  logout,
  refresh,
  scheduleSilentRefresh,
  REFRESH_AHEAD_MS,
} from '../../../runtime/auth/session';
import { storeMenu, readMenu } from '../../../runtime/menu/menu';
import { connectNavigation } from '../../../runtime/ui/navigation';
import { connectToastSink, type ToastRequest } from '../../../runtime/ui/toasts';
import { closeChannel } from '../../../runtime/channel';
import { fakeJwt, json, startServer, type TestServer } from './testServer';

let server: TestServer;
let clock: ManualClock;
let paths: string[];
let toasts: ToastRequest[];
let issued = 0;

function pair(claims: Record<string, unknown> = {}) {
  issued++;
  return {
    access_token: fakeJwt({
      sub: 1,
      name: 'مدیر',
      username: 'admin',
      exp: 2_000_000_000,
      n: issued,
      ...claims,
    }),
    refresh_token: `refresh-${issued}`,
    expires_in: 900,
    refresh_expires_in: 86400,
    token_type: 'bearer' as const,
  };
}

beforeAll(async () => {
  server = await startServer();
  configurePipeline({ baseURL: server.url });
  server.on('/Token', (req, res) => {
    const form = Object.fromEntries(new URLSearchParams(req.body));
    if (form.grant_type === 'password' && form.password === 'secret')
      return json(res, 200, pair({ isVendor: form.username === 'vendor' }));
    if (form.grant_type === 'refresh_token' && form.refresh_token?.startsWith('refresh-'))
      return json(res, 200, pair());
    return json(res, 400, { error: 'invalid_grant' });
  });
  server.on('/revoke', (_req, res) => json(res, 200, {}));
});
afterAll(async () => {
  closeChannel();
  await server.close();
});
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  clock = new ManualClock();
  useClock(clock);
  paths = [];
  toasts = [];
  connectNavigation((p) => paths.push(p));
  connectToastSink((t) => toasts.push(t));
  server.seen.length = 0;
});

const KEYS = ['access_token', 'refresh_token', 'access_expire_time', 'refresh_expire_time'];

describe('token store', () => {
  it('a session login writes the four keys and token to sessionStorage, nothing to localStorage', () => {
    const p = pair();
    saveTokens(p, false);
    for (const k of KEYS) {
      expect(sessionStorage.getItem(k)).not.toBeNull();
      expect(localStorage.getItem(k)).toBeNull();
    }
    expect(sessionStorage.getItem('token')).toBe(p.access_token);
    expect(localStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('access_expire_time')).toBe(String(clock.now() + 900_000));
    expect(isPermanent()).toBe(false);
    expect(hasToken()).toBe(true);
  });

  it('a permanent login writes them to localStorage and removes session copies', () => {
    saveTokens(pair(), false);
    const p = pair();
    saveTokens(p, true);
    for (const k of KEYS) {
      expect(localStorage.getItem(k)).not.toBeNull();
      expect(sessionStorage.getItem(k)).toBeNull();
    }
    expect(localStorage.getItem('token')).toBe(p.access_token);
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(isPermanent()).toBe(true);
    expect(getAccessToken()).toBe(p.access_token);
  });

  it("isVendor / isCustomer are the string 'true' from the JWT claims", () => {
    saveTokens(pair({ isVendor: true }), false);
    expect(localStorage.getItem('isVendor')).toBe('true');
    expect(localStorage.getItem('isCustomer')).toBeNull();
    expect(isVendor()).toBe(true);
    saveTokens(pair({ isCustomer: true }), false);
    expect(isVendor()).toBe(false);
    expect(isCustomer()).toBe(true);
    clearTokens();
    expect(localStorage.length + sessionStorage.length).toBe(0);
  });

  it('decodes claims and tolerates an unreadable token', () => {
    expect(decodeClaims(fakeJwt({ name: 'x', pwdChange: true }))).toMatchObject({
      name: 'x',
      pwdChange: true,
    });
    expect(decodeClaims('not a jwt')).toBeNull();
  });
});

describe('session', () => {
  it('login posts form-urlencoded to /Token and stores by "remember me"', async () => {
    await login('vendor', 'secret', true);
    expect(isPermanent()).toBe(true);
    expect(isVendor()).toBe(true);
    expect(server.seen[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    localStorage.clear();
    await login('admin', 'secret', false);
    expect(isPermanent()).toBe(false);
    expect(hasToken()).toBe(true);
  });

  it('wrong password rejects with the invalid_grant toast and stores nothing', async () => {
    await expect(login('admin', 'wrong', false)).rejects.toMatchObject({ status: 400 });
    expect(toasts.map((t) => t.text)).toEqual(['InvalidUsernameOrPassword']);
    expect(hasToken()).toBe(false);
  });

  it('refresh rotates the pair and keeps the permanence', async () => {
    await login('admin', 'secret', true);
    const before = localStorage.getItem('refresh_token');
    await refresh();
    expect(localStorage.getItem('refresh_token')).not.toBe(before);
    expect(isPermanent()).toBe(true);
  });

  it('a permanent login refreshes silently before the access token expires', async () => {
    await login('admin', 'secret', true);
    const before = localStorage.getItem('refresh_token');
    server.seen.length = 0;
    scheduleSilentRefresh();
    clock.advance(900_000 - REFRESH_AHEAD_MS - 1);
    expect(server.seen).toHaveLength(0);
    clock.advance(1);
    await expect.poll(() => localStorage.getItem('refresh_token')).not.toBe(before);
    expect(Object.fromEntries(new URLSearchParams(server.seen[0]!.body)).grant_type).toBe('refresh_token');
  });

  it('logout revokes, clears every key and cached menus, and goes to /login', async () => {
    await login('admin', 'secret', true);
    storeMenu([{ route: '/sales', title: 'فروش' }], 'fa');
    await logout({ broadcast: false });
    expect(hasToken()).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
    expect(readMenu('fa')).toBeNull();
    expect(paths).toEqual(['/login']);
    expect(server.seen.at(-1)!.url).toBe('/revoke');
  });
});
