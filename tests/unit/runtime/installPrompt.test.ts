/** The install sheet's timing and the pwa cookie (spec sections 2 and 9). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock, useClock } from '../../../runtime/clock';
import {
  closeInstallSheet,
  installStore,
  neverShowInstall,
  promptInstall,
  isIos,
  startInstallPrompt,
  type InstallEnv,
  type InstallPromptEvent,
} from '../../../runtime/install/installPrompt';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
/** iPadOS 13+ Safari: a desktop (Macintosh) user agent, told apart by its touch screen. */
const IPAD_DESKTOP_UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126 Mobile Safari/537.36';

let clock: ManualClock;
let cookie: string;
let fire: (event: InstallPromptEvent) => void;
let stop: () => void = () => undefined;

function env(userAgent: string, standalone = false, maxTouchPoints = 0): InstallEnv {
  return {
    userAgent,
    maxTouchPoints,
    standalone,
    cookie: () => cookie,
    setCookie: (value) => (cookie = value.split(';')[0] ?? ''),
    onBeforeInstallPrompt: (handler) => {
      fire = handler;
      return () => undefined;
    },
  };
}

function installEvent(log: string[]): InstallPromptEvent {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as InstallPromptEvent;
  event.prompt = () => {
    log.push('prompt');
    return Promise.resolve();
  };
  event.userChoice = Promise.resolve({ outcome: 'accepted' });
  return event;
}

beforeEach(() => {
  clock = new ManualClock();
  useClock(clock);
  cookie = '';
  closeInstallSheet();
});
afterEach(() => {
  stop();
  stop = () => undefined;
  useClock(null);
});

describe('install sheet', () => {
  it('iOS detection: iPhone, iPad, and iPadOS (Macintosh with touch); not a Mac or Android', () => {
    expect(isIos(IPHONE)).toBe(true);
    expect(isIos('Mozilla/5.0 (iPad; CPU OS 12_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148')).toBe(
      true,
    );
    expect(isIos(IPAD_DESKTOP_UA, 5)).toBe(true);
    expect(isIos(IPAD_DESKTOP_UA, 0)).toBe(false); // a Mac
    expect(isIos(IPAD_DESKTOP_UA)).toBe(false);
    expect(isIos(ANDROID, 5)).toBe(false);
  });

  it('iPadOS (Macintosh user agent with touch): the iOS steps 3000 ms after start', () => {
    stop = startInstallPrompt(env(IPAD_DESKTOP_UA, false, 5));
    clock.advance(2999);
    expect(installStore.getState().open).toBeNull();
    clock.advance(1);
    expect(installStore.getState().open).toBe('ios');
  });

  it('iOS, not standalone: opens 3000 ms after start', () => {
    stop = startInstallPrompt(env(IPHONE));
    clock.advance(2999);
    expect(installStore.getState().open).toBeNull();
    clock.advance(1);
    expect(installStore.getState().open).toBe('ios');
  });

  it('iOS standalone, or a desktop browser without the event: never opens', () => {
    stop = startInstallPrompt(env(IPHONE, true));
    clock.advance(10_000);
    expect(installStore.getState().open).toBeNull();
    stop();
    stop = startInstallPrompt(env(ANDROID));
    clock.advance(10_000);
    expect(installStore.getState().open).toBeNull();
  });

  it('Android: prevents the browser prompt, opens 3000 ms later, and the button calls prompt()', async () => {
    stop = startInstallPrompt(env(ANDROID));
    const log: string[] = [];
    const event = installEvent(log);
    fire(event);
    expect(event.defaultPrevented).toBe(true);
    clock.advance(2999);
    expect(installStore.getState().open).toBeNull();
    clock.advance(1);
    expect(installStore.getState().open).toBe('android');
    await expect(promptInstall()).resolves.toBe('accepted');
    expect(log).toEqual(['prompt']);
    expect(installStore.getState().open).toBeNull();
  });

  it('"do not show again" sets the pwa cookie for 999 days and the sheet stays hidden', () => {
    const written: string[] = [];
    const base = env(IPHONE);
    stop = startInstallPrompt({ ...base, setCookie: (v) => (written.push(v), base.setCookie(v)) });
    clock.advance(3000);
    neverShowInstall();
    expect(installStore.getState().open).toBeNull();
    expect(written[0]).toMatch(/^pwa=1; max-age=86313600; path=\//);
    stop();
    stop = startInstallPrompt(env(IPHONE));
    fire(installEvent([]));
    clock.advance(10_000);
    expect(installStore.getState().open).toBeNull();
  });
});
