/**
 * One session for all tabs of a browser. A session-only login keeps its tokens in sessionStorage,
 * which a new tab does not have: on start a tab without tokens asks the others over the
 * BroadcastChannel 'session' and adopts the answer, so it does not ask to sign in again. Nothing
 * more lands in localStorage than a hint that a session tab may exist (tokens.ts SESSION_HINT).
 *
 * Refresh tokens rotate and a reused one revokes its family (docs/api.md), so the tabs must not
 * refresh with the same token at once: a refresh runs under the Web Lock 'persis-refresh', skips
 * when another tab refreshed meanwhile, and hands the new pair to the other tabs ('tokens').
 * Sign-out in one tab signs out all (the 'logout' message of runtime/channel.ts).
 */
import { clock } from '../clock';
import {
  accessExpireTime,
  hasToken,
  isPermanent,
  readStoredTokens,
  SESSION_HINT,
  writeStoredTokens,
  type StoredTokens,
} from './tokens';

const NAME = 'session';
/**
 * How long a new tab waits for another tab's answer: an idle tab answers within milliseconds, a
 * busy one (drawing a dashboard) after its current task. Only paid when the hint is set and no tab
 * answers (the browser was reopened), once: the hint is then removed.
 */
export const ASK_TIMEOUT_MS = 1500;
/**
 * A tab busy past ASK_TIMEOUT_MS (a dashboard drawing on a slow phone) may still answer: the new
 * tab, meanwhile showing the sign-in page, adopts an answer that comes this long after asking.
 */
export const LATE_ANSWER_MS = 15_000;
/**
 * The question is asked again this often while no answer came: a tab that was reloading or still
 * starting when the first question went out (it listens only once started) answers a later one.
 */
export const ASK_AGAIN_MS = 400;

type Message =
  | { type: 'ask' }
  | { type: 'share'; values: StoredTokens }
  | { type: 'tokens'; values: StoredTokens; permanent: boolean };

let channel: BroadcastChannel | null = null;

function open(): BroadcastChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  channel ??= new BroadcastChannel(NAME);
  return channel;
}

function isMessage(data: unknown): data is Message {
  const type = (data as { type?: unknown } | null)?.type;
  return type === 'ask' || type === 'share' || type === 'tokens';
}

/**
 * A tab without tokens asks the others for the session (only when the hint says one may exist);
 * resolves true when it adopted one, false after ASK_TIMEOUT_MS without an answer. An answer that
 * comes later (within LATE_ANSWER_MS, while this tab still has no tokens) is adopted too and
 * reported to `onLateJoin`, which takes the tab to where it was opened, signed in.
 */
export function joinSession(onLateJoin?: () => void): Promise<boolean> {
  const ch = open();
  if (!ch || hasToken() || localStorage.getItem(SESSION_HINT) === null) return Promise.resolve(false);
  return new Promise((resolve) => {
    let settled = false;
    const stop = () => {
      ch.removeEventListener('message', onMessage);
      clearTimeout(timer);
      clearTimeout(lateTimer);
      clearInterval(again);
    };
    const onMessage = (event: MessageEvent<unknown>) => {
      if (!isMessage(event.data) || event.data.type !== 'share' || hasToken()) return;
      // writing a session-only pair sets the hint again (tokens.ts)
      writeStoredTokens(event.data.values, false);
      stop();
      if (!settled) resolve(true);
      else onLateJoin?.();
    };
    ch.addEventListener('message', onMessage);
    // real timers, not the app's clock: tests that hold the page's clock start signed in already
    const timer = setTimeout(() => {
      settled = true;
      // no tab answered in time: the browser session that set the hint is likely over
      localStorage.removeItem(SESSION_HINT);
      resolve(false);
    }, ASK_TIMEOUT_MS);
    const lateTimer = setTimeout(stop, LATE_ANSWER_MS);
    const ask = () => ch.postMessage({ type: 'ask' } satisfies Message);
    const again = setInterval(ask, ASK_AGAIN_MS);
    ask();
  });
}

/**
 * Answers other tabs' questions with this tab's session-only tokens and adopts the pairs other
 * tabs obtained. `onTokens` restarts the timers (expiry watch, silent refresh). Returns a stop.
 */
export function serveSession(onTokens: () => void): () => void {
  const ch = open();
  if (!ch) return () => undefined;
  const onMessage = (event: MessageEvent<unknown>) => {
    if (!isMessage(event.data)) return;
    const message = event.data;
    if (message.type === 'ask') {
      // a permanent login is in localStorage already: the new tab has it
      const values = !isPermanent() ? readStoredTokens() : null;
      if (values) ch.postMessage({ type: 'share', values } satisfies Message);
    } else if (message.type === 'tokens' && hasToken()) {
      writeStoredTokens(message.values, message.permanent);
      onTokens();
    }
  };
  ch.addEventListener('message', onMessage);
  return () => ch.removeEventListener('message', onMessage);
}

/** Tells the other tabs about the pair this tab now holds (after a refresh or password change). */
export function shareTokens(): void {
  const values = readStoredTokens();
  if (values) open()?.postMessage({ type: 'tokens', values, permanent: isPermanent() } satisfies Message);
}

/**
 * Runs a refresh under the browser-wide lock; `fresh` is checked inside it, and when another tab
 * refreshed meanwhile (the access token has more than `aheadMs` left) the refresh is skipped.
 */
export async function refreshOnce<T>(aheadMs: number, run: () => Promise<T>): Promise<T | null> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  const guarded = async (): Promise<T | null> => {
    const expires = accessExpireTime();
    if (expires !== null && expires - clock.now() > aheadMs) return null;
    return run();
  };
  if (!locks) return guarded();
  return locks.request('persis-refresh', guarded);
}

/** Closes the channel (tests). */
export function closeSessionChannel(): void {
  channel?.close();
  channel = null;
}
