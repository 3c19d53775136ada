/** Session expiry (spec section 4): countdown under 120 s, logout at 0 or without a readable token. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock, useClock } from '../../../runtime/clock';
import { expiryStore, startExpiryWatch, stopExpiryWatch } from '../../../runtime/auth/expiry';
import { setLogoutHandler } from '../../../runtime/auth/logoutPort';
import { saveTokens } from '../../../runtime/auth/tokens';

let clock: ManualClock;
let logouts: Array<{ broadcast: boolean }>;

function jwt(claims: Record<string, unknown>): string {
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'HS256' })}.${b64(claims)}.c2ln`;
}

function signIn(expiresIn: number) {
  const exp = Math.floor(clock.now() / 1000) + expiresIn;
  saveTokens(
    {
      access_token: jwt({ exp }),
      refresh_token: 'r',
      expires_in: expiresIn,
      refresh_expires_in: 3600,
      token_type: 'bearer',
    },
    false,
  );
}

beforeEach(() => {
  clock = new ManualClock();
  useClock(clock);
  logouts = [];
  setLogoutHandler((options) => void logouts.push(options));
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => {
  stopExpiryWatch();
  useClock(null);
});

describe('session expiry', () => {
  it('counts down each second under 120 s and logs out (broadcasting) at 0', () => {
    signIn(900);
    startExpiryWatch();
    expect(expiryStore.getState().remaining).toBeNull();
    clock.advance(780_000);
    expect(expiryStore.getState().remaining).toBeNull();
    clock.advance(1000);
    expect(expiryStore.getState().remaining).toBe(119);
    clock.advance(1000);
    expect(expiryStore.getState().remaining).toBe(118);
    expect(logouts).toEqual([]);
    clock.advance(117_000);
    expect(expiryStore.getState().remaining).toBe(1);
    clock.advance(1000);
    expect(logouts).toEqual([{ broadcast: true }]);
    expect(expiryStore.getState().remaining).toBeNull();
    expect(clock.pending()).toBe(0);
  });

  it('logs out when the token disappears or cannot be read', () => {
    signIn(900);
    startExpiryWatch();
    sessionStorage.removeItem('access_token');
    clock.advance(1000);
    expect(logouts).toEqual([{ broadcast: true }]);

    signIn(900);
    sessionStorage.setItem('access_token', 'not-a-jwt');
    startExpiryWatch();
    expect(logouts).toHaveLength(2);
  });

  it('a refreshed token moves the deadline and hides the countdown', () => {
    signIn(100);
    startExpiryWatch();
    expect(expiryStore.getState().remaining).toBe(100);
    signIn(900);
    clock.advance(1000);
    expect(expiryStore.getState().remaining).toBeNull();
    expect(logouts).toEqual([]);
  });
});
