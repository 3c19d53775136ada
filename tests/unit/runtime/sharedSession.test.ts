/** One session for the tabs of a browser: joining another tab's session, refreshing once. */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  ASK_AGAIN_MS,
  ASK_TIMEOUT_MS,
  closeSessionChannel,
  joinSession,
  refreshOnce,
  serveSession,
} from '../../../runtime/auth/sharedSession';
import { clearTokens, getRefreshToken, hasToken, SESSION_HINT } from '../../../runtime/auth/tokens';

const fakeJwt = (claims: object) => `e30.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.sig`;

/** What another tab holding a session-only login answers. */
function values(refresh: string) {
  const token = fakeJwt({ name: 'user', exp: 9_999_999_999 });
  return {
    access_token: token,
    refresh_token: refresh,
    access_expire_time: String(Date.now() + 900_000),
    refresh_expire_time: String(Date.now() + 86_400_000),
    token,
  };
}

afterEach(() => {
  clearTokens();
  localStorage.clear();
  sessionStorage.clear();
});
afterAll(() => closeSessionChannel());

describe('shared session', () => {
  it('without the hint a new tab does not wait; with it, it takes the answer of another tab', async () => {
    expect(await joinSession()).toBe(false);

    localStorage.setItem(SESSION_HINT, '1');
    const other = new BroadcastChannel('session');
    other.onmessage = (event: MessageEvent<{ type: string }>) => {
      if (event.data.type === 'ask') other.postMessage({ type: 'share', values: values('r-1') });
    };
    expect(await joinSession()).toBe(true);
    other.close();
    expect(hasToken()).toBe(true);
    expect(sessionStorage.getItem('refresh_token')).toBe('r-1');
    // the tokens stay out of localStorage: only the hint is there
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(getRefreshToken()).toBe('r-1');
  });

  it(
    'an answer after the wait is adopted late and reported, so the sign-in page gives way',
    async () => {
      localStorage.setItem(SESSION_HINT, '1');
      const other = new BroadcastChannel('session');
      let asked = false;
      other.onmessage = (event: MessageEvent<{ type: string }>) => {
        if (event.data.type === 'ask') asked = true;
      };
      let late = 0;
      expect(await joinSession(() => late++)).toBe(false);
      expect(asked).toBe(true);
      expect(hasToken()).toBe(false);
      // the busy tab answers at last
      other.postMessage({ type: 'share', values: values('r-late') });
      await expect.poll(() => late).toBe(1);
      other.close();
      expect(sessionStorage.getItem('refresh_token')).toBe('r-late');
      expect(localStorage.getItem(SESSION_HINT)).toBe('1');
    },
    ASK_TIMEOUT_MS + 5000,
  );

  it('asks again while no answer came: a tab that starts listening after the first question answers', async () => {
    localStorage.setItem(SESSION_HINT, '1');
    const other = new BroadcastChannel('session');
    let asks = 0;
    const joined = joinSession();
    // the other tab was reloading: it listens only after the first question went out
    await new Promise((resolve) => setTimeout(resolve, ASK_AGAIN_MS + 100));
    other.onmessage = (event: MessageEvent<{ type: string }>) => {
      if (event.data.type !== 'ask') return;
      asks++;
      other.postMessage({ type: 'share', values: values('r-again') });
    };
    expect(await joined).toBe(true);
    expect(asks).toBeGreaterThan(0);
    expect(sessionStorage.getItem('refresh_token')).toBe('r-again');
    // once joined it stops asking
    const after = asks;
    await new Promise((resolve) => setTimeout(resolve, ASK_AGAIN_MS * 2 + 100));
    other.close();
    expect(asks).toBe(after);
  });

  it('a tab with a session-only login answers a new tab; a new pair from another tab is adopted', async () => {
    for (const [key, value] of Object.entries(values('r-2'))) sessionStorage.setItem(key, value);
    let adopted = 0;
    const stop = serveSession(() => adopted++);
    const other = new BroadcastChannel('session');
    const answers: unknown[] = [];
    other.onmessage = (event: MessageEvent<unknown>) => answers.push(event.data);
    other.postMessage({ type: 'ask' });
    await expect.poll(() => answers.length).toBe(1);
    expect(answers[0]).toMatchObject({ type: 'share', values: { refresh_token: 'r-2' } });

    other.postMessage({ type: 'tokens', values: values('r-3'), permanent: false });
    await expect.poll(() => adopted).toBe(1);
    expect(sessionStorage.getItem('refresh_token')).toBe('r-3');
    stop();
    other.close();
  });

  it('refreshes only when the access token is due: another tab that refreshed first makes it skip', async () => {
    let runs = 0;
    const run = async () => ++runs;
    sessionStorage.setItem('access_expire_time', String(Date.now() + 100_000));
    expect(await refreshOnce(150_000, run)).toBe(1);
    sessionStorage.setItem('access_expire_time', String(Date.now() + 900_000));
    expect(await refreshOnce(150_000, run)).toBeNull();
    expect(runs).toBe(1);
  });
});
