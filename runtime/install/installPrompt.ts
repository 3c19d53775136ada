/**
 * The install sheet's logic (spec sections 2 and 9), headless: on Android the sheet opens 3000 ms
 * after the browser's install-prompt event (which is kept to call prompt() later); on iOS
 * (iPhone/iPad, not standalone) 3000 ms after start. "Do not show again" sets the `pwa` cookie
 * for 999 days, and while it is set the sheet never opens.
 */
import { createStore } from 'zustand/vanilla';
import { clock, type TimerId } from '../clock';

export const INSTALL_DELAY_MS = 3000;
export const PWA_COOKIE = 'pwa';
export const PWA_COOKIE_DAYS = 999;

/** The browser's BeforeInstallPromptEvent (not in the DOM typings). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  userChoice?: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export type InstallPlatform = 'android' | 'ios';

export const installStore = createStore<{ open: InstallPlatform | null }>(() => ({ open: null }));

export interface InstallEnv {
  userAgent: string;
  /** navigator.maxTouchPoints: iPadOS 13+ reports a Macintosh user agent, told apart by touch. */
  maxTouchPoints?: number;
  /** navigator.standalone or display-mode: standalone. */
  standalone: boolean;
  cookie: () => string;
  setCookie: (value: string) => void;
  /** Subscribes to beforeinstallprompt; returns an unsubscribe function. */
  onBeforeInstallPrompt: (handler: (event: InstallPromptEvent) => void) => () => void;
}

/**
 * iPhone, iPod and iPad. Since iPadOS 13 Safari asks for desktop pages and sends a Macintosh
 * user agent; a Mac has no touch screen, so "Macintosh" with more than one touch point is an iPad.
 */
export function isIos(userAgent: string, maxTouchPoints = 0): boolean {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return true;
  return /Macintosh/i.test(userAgent) && maxTouchPoints > 1;
}

export function dismissedForGood(cookie: string): boolean {
  return cookie.split(';').some((part) => part.trim().startsWith(`${PWA_COOKIE}=`));
}

export function pwaCookie(): string {
  return `${PWA_COOKIE}=1; max-age=${PWA_COOKIE_DAYS * 24 * 60 * 60}; path=/; SameSite=Lax`;
}

let deferred: InstallPromptEvent | null = null;
let env: InstallEnv | null = null;

/** Starts watching; returns a stop function. */
export function startInstallPrompt(next: InstallEnv): () => void {
  env = next;
  const timers: TimerId[] = [];
  const openLater = (platform: InstallPlatform) => {
    timers.push(
      clock.setTimeout(() => {
        if (!dismissedForGood(next.cookie())) installStore.setState({ open: platform });
      }, INSTALL_DELAY_MS),
    );
  };
  const unsubscribe = next.onBeforeInstallPrompt((event) => {
    event.preventDefault();
    deferred = event;
    if (!dismissedForGood(next.cookie()) && installStore.getState().open === null) openLater('android');
  });
  if (isIos(next.userAgent, next.maxTouchPoints) && !next.standalone && !dismissedForGood(next.cookie()))
    openLater('ios');
  return () => {
    unsubscribe();
    for (const t of timers) clock.clearTimeout(t);
  };
}

/** The install button (Android): shows the browser's prompt and closes the sheet. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred;
  installStore.setState({ open: null });
  if (!event) return 'unavailable';
  deferred = null;
  await event.prompt();
  const choice = await (event.userChoice ?? Promise.resolve({ outcome: 'dismissed' as const }));
  return choice.outcome;
}

/** Closes the sheet for now. */
export function closeInstallSheet(): void {
  installStore.setState({ open: null });
}

/** "Do not show again": the pwa cookie for 999 days. */
export function neverShowInstall(): void {
  env?.setCookie(pwaCookie());
  installStore.setState({ open: null });
}
