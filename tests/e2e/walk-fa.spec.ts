/**
 * The walker (#22): signs in as each demo user and visits every screen of that user's menu at
 * desktop 1366×768 and then at phone 390×844 under fa, failing on any console error, page error,
 * HTTP answer ≥ 400, Latin digit, raw translation key or stray English word a person would see
 * (visible text, input values, placeholders, aria-labels, titles, <select> options), and on a page
 * wider than the phone.
 *
 * Every user walks every screen of its menu at both sizes: nothing depends on another test or on
 * timing. The menus are asked of the server once, before any test, so the plan is fixed: on each
 * grid screen with rows every user opens the first record's form once, at phone size if it is the
 * first user of FORM_PRIORITY with that screen (so every screen's form is read on a phone, by
 * party users first: their rows and fields differ), else at desktop size. The form is opened as a
 * person does, by a double-click whose second click comes after the first one's effects are drawn
 * (a click ticks the row); a grid with rows whose first row opens no form fails the walk.
 *
 * (When that first user's grid of a screen has no rows, that screen's form is read at desktop
 * size only, by the users whose grid has rows.)
 *
 * One browser context (page) per user, client-side navigation (the router follows popstate), no
 * sleeps: a screen is read, in the same call that goes to it, once it is at its route with a new
 * heading, no spinner shows, its grid shows a row or says it has none, and no call of the page is
 * unanswered, over a frame, a task and a frame (walkSettle).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test as base, type Page } from '@playwright/test';
import { freePort, PROJECT_ROOT, startE2eServer, type E2eServer } from '../support/e2eServer';
import { DEMO_PASSWORD, signIn } from './helpers';
import { describeFindings, findDefects, type Finding, type SeenText } from '../support/visibleText';

const USERS = ['admin', 'staff', 'vendor', 'customer', 'storekeeper', 'analyst'] as const;
type User = (typeof USERS)[number];
const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

/** Who reads a screen's form at phone size: the first of these who has the screen. */
const FORM_PRIORITY: User[] = ['vendor', 'customer', 'storekeeper', 'staff', 'analyst', 'admin'];

/**
 * The walker reads every screen's data, so it runs against a server of its own with the fresh
 * demo: rows other specs create on the shared server (codes typed in Latin letters, a user named
 * in English, HTML in a customer's name) are the user's own text, not the app's, and must not fail
 * it. One server per worker, started once; the users' menus are asked of it once, too.
 */
const test = base.extend<object, { walkServer: E2eServer; menus: Record<User, string[]> }>({
  walkServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function names
    async ({}, provide) => {
      const server = await startE2eServer(await freePort());
      await provide(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  menus: [
    async ({ walkServer, playwright }, provide) => {
      const request = await playwright.request.newContext({ baseURL: walkServer.baseURL });
      const menus = {} as Record<User, string[]>;
      for (const user of USERS) {
        const token = await request.post('/Token', {
          form: { grant_type: 'password', username: user, password: DEMO_PASSWORD },
        });
        expect(token.status(), await token.text()).toBe(200);
        const { access_token } = (await token.json()) as { access_token: string };
        const menu = await request.post('/api/Security/Menu/GetMenu', {
          headers: { Authorization: `Bearer ${access_token}` },
          data: {},
        });
        expect(menu.status(), await menu.text()).toBe(200);
        menus[user] = menuRoutes(((await menu.json()) as { Data: MenuItem[] }).Data);
      }
      await request.dispose();
      await provide(menus);
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ walkServer }, provide) => provide(walkServer.baseURL),
});

test.describe.configure({ mode: 'parallel' });

interface MenuItem {
  route: string;
  children?: MenuItem[];
}

/** The routes of a menu's leaves, in menu order. */
function menuRoutes(items: MenuItem[]): string[] {
  const out: string[] = [];
  const walk = (list: MenuItem[]) => {
    for (const item of list) {
      if (item.children?.length) walk(item.children);
      else if (item.route) out.push(item.route);
    }
  };
  walk(items);
  return out;
}

/** The menu the shell stored for the signed-in user (runtime/menu/menu.ts: Menu-Persis-fa). */
async function storedMenu(page: Page): Promise<MenuItem[]> {
  await expect.poll(() => page.evaluate(() => localStorage.getItem('Menu-Persis-fa') !== null)).toBe(true);
  return page.evaluate(() => {
    const binary = atob(localStorage.getItem('Menu-Persis-fa') ?? '');
    return JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
  });
}

const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** A 1×1 transparent PNG. */
const EMPTY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** The shipped roles' Persian names (security.roleNames in the fa translations). */
const FA_ROLE_NAMES = (
  JSON.parse(readFileSync(join(PROJECT_ROOT, 'src/public/assets/i18n/share/fa.json'), 'utf8')) as {
    security: { roleNames: Record<string, string> };
  }
).security.roleNames;

/** What one look at the page finds. */
interface Read {
  /**
   * Every text a person sees (visible text nodes, shown input values, placeholders, aria-labels,
   * titles, the options of visible <select>s), where it is.
   */
  seen: SeenText[];
  /** How far the page is wider than the window (CSS px; ≤ 0 when it fits). */
  overflow: number;
  /** The middle of the first cell of the screen's grid's first row (a record to open), if any. */
  firstRow: { x: number; y: number } | null;
}

/** What is waited for: the screen at a route, or the form open over it. */
type Scope = { route: string } | 'dialog';

/*
 * The functions below run in the page: put there before its first script by an init script (the
 * page's CSP allows no eval), they wait on the page's own frames, so a screen costs one call.
 */
declare global {
  interface Window {
    walkSettle: typeof walkSettle;
    /** The page's calls (fetch, XMLHttpRequest) not yet answered (countCalls). */
    walkCalls: number;
  }
}

/**
 * Counts the page's calls in the page itself: a call a screen's effect starts is seen at once
 * (the test's own request events may come after the page has been read).
 */
function countCalls(): void {
  window.walkCalls = 0;
  const fetch = window.fetch;
  window.fetch = (...args: Parameters<typeof fetch>) => {
    window.walkCalls += 1;
    return fetch(...args).finally(() => (window.walkCalls -= 1));
  };
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, ...args: Parameters<typeof send>) {
    window.walkCalls += 1;
    this.addEventListener('loadend', () => (window.walkCalls -= 1), { once: true });
    return send.apply(this, args);
  };
}

/**
 * Whether the screen (at its route, with a new heading: the old one is marked before leaving, and
 * no form left open over it) or the open form has drawn what it loads: no spinner, no grid still
 * loading, and each grid of the screen showing a first row or its «no records» notice.
 */
function drawn(scope: Scope): boolean {
  const visible = (el: Element) => el.checkVisibility({ visibilityProperty: true });
  const dialogs = [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')].filter(visible);
  const root = scope === 'dialog' ? dialogs.at(-1) : document.querySelector('main');
  if (!root) return false;
  if (scope !== 'dialog') {
    if (window.location.pathname !== scope.route || dialogs.length > 0) return false;
    if (!root.querySelector('h1:not([data-walk-left])')) return false;
  }
  const busy = root.querySelectorAll(
    '[role="progressbar"], .fui-Spinner, .ag-overlay-loading-center, .ag-loading',
  );
  if ([...busy].some(visible)) return false;
  if (scope !== 'dialog') {
    for (const grid of root.querySelectorAll('[role="grid"]')) {
      if (grid.closest('[data-grid-warm-up]') || !visible(grid)) continue;
      if (grid.querySelector('[row-index="0"]')) continue;
      // no row: the grid's own notice says it has none (EntityGrid's overlay, not its totals)
      let box: Element | null = grid;
      while (box && box !== root && !box.querySelector('[role="status"]:not([data-grid-footer])'))
        box = box.parentElement;
      if (!box || box === root) return false;
    }
  }
  return true;
}

/** Reads the page as a person sees it (Read). */
function readNow(): Read {
  const out: SeenText[] = [];
  // where a text is: its grid column (col-id), table column (by its header) or form field (the
  // form's ids are root_<field>), the labelled thing it is in, and the user its row stands for
  const describe = (el: Element) => {
    const cell = el.closest('[col-id], td, th');
    let col = cell?.getAttribute('col-id') ?? '';
    if (!col && cell instanceof HTMLTableCellElement) {
      const header = cell.closest('table')?.tHead?.rows[0]?.cells[cell.cellIndex];
      col = header?.textContent?.trim() ? `«${header.textContent.trim().slice(0, 30)}»` : '';
    }
    const field = /^root_(\w+)$/.exec(el.closest('[id^="root_"]')?.id ?? '')?.[1];
    const label = el.getAttribute('aria-label') ?? el.closest('[aria-label]')?.getAttribute('aria-label');
    const user = el.closest('[data-user]')?.getAttribute('data-user');
    return [
      el.tagName.toLowerCase(),
      col ? `col=${col}` : '',
      field ? `field=${field}` : '',
      label ? `in «${label.slice(0, 30)}»` : '',
      user ? `user=${user}` : '',
    ]
      .filter(Boolean)
      .join(' ');
  };
  // text marked as written in another language (a language's own name in the language switch)
  // is not the interface's Persian
  const foreign = (el: Element) => !(el.closest('[lang]')?.getAttribute('lang') ?? 'fa').startsWith('fa');
  const shown = (el: Element) =>
    el.checkVisibility({ opacityProperty: false, visibilityProperty: true }) &&
    !el.closest('[aria-hidden="true"], [data-grid-warm-up]') &&
    !foreign(el);
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim();
    const parent = node.parentElement;
    if (!text || !parent || parent.closest('script, style, noscript, select') || !shown(parent)) continue;
    out.push({ kind: 'text', text, where: describe(parent) });
  }
  for (const el of document.querySelectorAll('input, textarea')) {
    const input = el as HTMLInputElement;
    if (!shown(input) || ['hidden', 'password', 'checkbox', 'radio', 'file'].includes(input.type)) continue;
    if (input.value.trim()) out.push({ kind: 'value', text: input.value, where: describe(input) });
    if (input.placeholder.trim())
      out.push({ kind: 'placeholder', text: input.placeholder, where: describe(input) });
  }
  // a <select>'s options are read by a person who opens it: all of them, not only the chosen one
  for (const select of document.querySelectorAll('select')) {
    if (!shown(select)) continue;
    for (const option of select.options) {
      if (foreign(option)) continue;
      if (option.text.trim()) out.push({ kind: 'option', text: option.text, where: describe(select) });
      if (option.label.trim() && option.label !== option.text)
        out.push({ kind: 'option', text: option.label, where: describe(select) });
    }
  }
  for (const el of document.querySelectorAll('[aria-label], [title]')) {
    if (!shown(el)) continue;
    const label = el.getAttribute('aria-label');
    const title = el.getAttribute('title');
    if (label?.trim()) out.push({ kind: 'aria-label', text: label, where: describe(el) });
    if (title?.trim()) out.push({ kind: 'title', text: title, where: describe(el) });
  }
  const grid = [...document.querySelectorAll('main [role="grid"]')].find(
    (g) => !g.closest('[data-grid-warm-up], [role="dialog"]'),
  );
  const cell = [...(grid?.querySelectorAll('[row-index="0"] [role="gridcell"]') ?? [])].find(
    (c) => c.getAttribute('col-id') !== 'ag-Grid-SelectionColumn' && !c.querySelector('[role="checkbox"]'),
  );
  const box = cell?.getBoundingClientRect();
  return {
    seen: out,
    overflow: document.documentElement.scrollWidth - window.innerWidth,
    // near the top of the cell: a tall cell's middle may be under the grid's edge
    firstRow: box ? { x: box.x + box.width / 2, y: box.y + Math.min(box.height / 2, 12) } : null,
  };
}

/**
 * Goes to `route` first when given (client-side: the data router follows popstate like a link
 * click), then waits on the page's frames until `drawn(scope)` holds with no call unanswered, and
 * still holds a frame, a task and a frame later (what a call brought is drawn by then, and a call
 * the last drawing's effects start is seen); then reads the page (when `read`).
 * Undefined when it is not drawn within `waitMs`.
 */
async function walkSettle(
  scope: Scope,
  route: string | null,
  read: boolean,
  waitMs: number,
): Promise<Read | null | undefined> {
  if (route && window.location.pathname !== route) {
    // the screen being left: its heading must be replaced by the next screen's
    for (const h of document.querySelectorAll('main h1')) h.setAttribute('data-walk-left', '');
    window.history.pushState(null, '', route);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }
  const frame = () => new Promise((done) => requestAnimationFrame(done));
  // a task queued after those already waiting (React runs a drawing's effects in one)
  const task = () =>
    new Promise((done) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = done;
      channel.port2.postMessage(null);
    });
  const ready = () => window.walkCalls === 0 && drawn(scope);
  const until = performance.now() + waitMs;
  for (;;) {
    while (!ready()) {
      if (performance.now() > until) return undefined;
      await frame();
    }
    await frame();
    await task();
    await frame();
    if (ready()) return read ? readNow() : null;
  }
}

/** Polled often: a request ends in tens of milliseconds, the walk waits no longer than it. */
const POLL = { timeout: 20_000, intervals: [10, 25, 50] };

/**
 * The screen (or form) drawn and read, with no request in flight (the page's requests are counted
 * here: a request the page started shows in `inFlight`, and the page is waited on again after it).
 */
async function settled(
  page: Page,
  scope: Scope,
  inFlight: () => number,
  options: { go?: string; read?: boolean; waitMs?: number } = {},
): Promise<Read | null> {
  let route = options.go ?? null;
  for (let round = 0; ; round += 1) {
    const read = await page.evaluate(([at, to, look, ms]) => window.walkSettle(at, to, look, ms), [
      scope,
      route,
      options.read ?? true,
      options.waitMs ?? 20_000,
    ] as const);
    if (read === undefined) {
      const what = scope === 'dialog' ? 'form' : 'screen';
      throw new Error(`${page.url()}: the ${what} was not drawn (or a dialog stayed open over it)`);
    }
    route = null;
    if (inFlight() === 0) return read;
    await expect.poll(inFlight, POLL).toBe(0);
    expect(round, `${page.url()}: did not settle`).toBeLessThan(50);
  }
}

for (const user of USERS) {
  test(`every menu screen of ${user} reads in Persian at desktop and phone size, without a console error`, async ({
    page,
    baseURL,
    menus,
  }) => {
    test.setTimeout(400_000);
    const started = Date.now();
    const errors: string[] = [];
    const findings: Finding[] = [];
    let where = `${user} /login`;
    let pending = 0;
    const inFlight = () => pending;
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`${where}: console ${m.text().slice(0, 300)}`);
    });
    page.on('pageerror', (e) => errors.push(`${where}: page error ${e.message.slice(0, 300)}`));
    page.on('request', () => (pending += 1));
    page.on('requestfinished', () => (pending -= 1));
    page.on('requestfailed', () => (pending -= 1));
    page.on('response', (r) => {
      if (r.status() >= 400)
        errors.push(`${where}: ${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
    });
    // This machine has no internet: map tiles and other outside images are answered with an empty
    // image, so a failed tile download is not taken for an error of the app (the map's own notice
    // of unreachable tiles is tested in shell-map.spec.ts)
    const origin = new URL(baseURL ?? 'http://127.0.0.1').origin;
    await page.route(
      (url) => url.origin !== origin,
      (route) =>
        route.request().resourceType() === 'image'
          ? route.fulfill({ status: 200, contentType: 'image/png', body: EMPTY_PNG })
          : route.continue(),
    );
    const routes = ['/', ...menus[user]];
    // screens an analyst made (module «common», e.g. by the designer specs) carry the technical
    // name the analyst typed in their titles: an identifier of the user's, like a code
    const typedNames = routes.filter((r) => r.startsWith('/common/')).map((r) => r.slice('/common/'.length));
    /** A read's defects: its texts', and on a phone a page wider than the screen. */
    const check = (read: Read, phone: boolean) => {
      for (const seen of read.seen)
        findings.push(...findDefects({ ...seen, where: `${where} ${seen.where}` }, typedNames));
      // nothing wider than the phone's screen (a phone's browser would zoom the page out)
      if (phone && read.overflow > 0) errors.push(`${where}: ${read.overflow}px wider than the screen`);
    };
    /** The size at which this user opens a screen's first record (see the top of this file). */
    const formAt = (route: string) =>
      FORM_PRIORITY.find((u) => menus[u].includes(route)) === user ? 'phone' : 'desktop';
    let forms = 0;
    const spent = { screens: 0, forms: 0 };

    /**
     * The first record's form, opened as a person does: a click on the grid's first row (it ticks
     * the row), and once what that click brought is drawn, the double-click's second click at the
     * same place (a phone's double tap is told from the same two taps on one row). Closed again by
     * Escape: the next screen is drawn only with no form left open.
     */
    const openFirstForm = async (route: string, at: { x: number; y: number }, phone: boolean) => {
      await page.mouse.click(at.x, at.y);
      await settled(page, { route }, inFlight, { read: false });
      await page.mouse.down({ clickCount: 2 });
      await page.mouse.up({ clickCount: 2 });
      const form = await settled(page, 'dialog', inFlight, { waitMs: 10_000 }).catch((e: Error) => e);
      if (!form || form instanceof Error) {
        const open = await page.locator('[role="dialog"]:visible').count();
        errors.push(
          `${where}: ${open ? 'the form was not drawn' : "a double-click on the grid's first row opened no form"}`,
        );
        const shot = await page.screenshot();
        await test.info().attach(`no form ${where}`, { body: shot, contentType: 'image/png' });
        return;
      }
      where = `${where} (form)`;
      check(form, phone);
      forms += 1;
      await page.keyboard.press('Escape');
    };

    await page.addInitScript({
      content:
        [countCalls, drawn, readNow, walkSettle].map(String).join('\n') +
        '\ncountCalls();\nwindow.walkSettle = walkSettle;',
    });
    await page.setViewportSize(DESKTOP);
    await signIn(page, user);
    // the shell shows the menu the server gives this user
    expect(menuRoutes(await storedMenu(page))).toEqual(menus[user]);

    for (const phone of [false, true]) {
      const size = phone ? 'phone' : 'desktop';
      await page.setViewportSize(phone ? PHONE : DESKTOP);
      for (const route of routes) {
        where = `${user} ${size} ${route}`;
        let start = Date.now();
        const read = (await settled(page, { route }, inFlight, { go: route }))!;
        spent.screens += Date.now() - start;
        check(read, phone);
        if (route === '/security/users') {
          // the shipped roles show by their Persian names (the sign-in names are the roles' names)
          for (const demo of USERS) {
            const role = read.seen.find(
              (t) => t.kind === 'text' && t.where.includes('col=«نقش»') && t.where.endsWith(` user=${demo}`),
            );
            expect(role?.text, `${where}: role of ${demo}`).toBe(FA_ROLE_NAMES[demo]);
          }
        }
        if (read.firstRow && formAt(route) === size) {
          start = Date.now();
          await openFirstForm(route, read.firstRow, phone);
          spent.forms += Date.now() - start;
        }
      }
    }
    const summary =
      `${user}: ${routes.length} screens × 2 sizes, ${forms} forms in ${secs(Date.now() - started)} ` +
      `(screens ${secs(spent.screens)}, forms ${secs(spent.forms)})`;
    test.info().annotations.push({ type: 'walk', description: summary });
    console.log(summary);
    const lines = [...errors, ...describeFindings(findings)];
    expect(lines, lines.join('\n')).toEqual([]);
  });
}
