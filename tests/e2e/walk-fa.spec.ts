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
 * One browser context (page) per user, client-side navigation (the router follows popstate), no
 * sleeps: a screen is read when it is at its route with a new heading, no spinner shows, its grid
 * shows a row or says it has none, and no request has been in flight for two frames.
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

/**
 * Every text a person sees in the page (or in the open dialog): visible text nodes, shown input
 * values, placeholders, aria-labels, titles and the options of visible <select>s.
 */
async function visibleTexts(page: Page, where: string): Promise<SeenText[]> {
  const seen = await page.evaluate(() => {
    const out: { kind: string; text: string; where: string }[] = [];
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
    return out;
  });
  return seen.map((s) => ({ ...s, where: `${where} ${s.where}` }));
}

/** What is waited for: the screen at a route, or the form open over it. */
type Scope = { route: string } | 'dialog';

declare global {
  interface Window {
    /** `drawn`, put in the page before its first script (the page's CSP allows no eval). */
    walkDrawn: typeof drawn;
  }
}

/**
 * Whether the screen (at its route, with a new heading: the old one is marked before leaving) or
 * the open form has drawn what it loads: no spinner, no grid still loading, and each grid of the
 * screen showing a first row or its «no records» notice. Runs in the page.
 */
function drawn(scope: Scope): boolean {
  const visible = (el: Element) => el.checkVisibility({ visibilityProperty: true });
  const dialogs = [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')].filter(visible);
  const root = scope === 'dialog' ? dialogs.at(-1) : document.querySelector('main');
  if (!root) return false;
  if (scope !== 'dialog') {
    if (window.location.pathname !== scope.route) return false;
    if (!root.querySelector('h1:not([data-walk-left])')) return false;
  }
  const busy = root.querySelectorAll('[role="progressbar"], .fui-Spinner, .ag-overlay-loading-center, .ag-loading');
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

/** Polled often: a screen settles in tens of milliseconds, the walk waits no longer than it. */
const POLL = { timeout: 20_000, intervals: [10, 25, 50] };

/** Waits until `drawn(scope)` holds with no request in flight, and still holds two frames later. */
async function settled(page: Page, scope: Scope, inFlight: () => number): Promise<void> {
  for (let round = 0; ; round += 1) {
    const waiting = page.waitForFunction((at) => window.walkDrawn(at), scope, { polling: 'raf', timeout: 20_000 });
    await waiting.catch((error: Error) => {
      throw new Error(`${page.url()}: the ${scope === 'dialog' ? 'form' : 'screen'} was not drawn`, {
        cause: error,
      });
    });
    await expect.poll(inFlight, POLL).toBe(0);
    // what a finished request brought is drawn in the frames after it
    const still = await page.evaluate(async (at) => {
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      return window.walkDrawn(at);
    }, scope);
    if (still && inFlight() === 0) return;
    expect(round, `${page.url()}: did not settle`).toBeLessThan(50);
  }
}

/** Client-side navigation (the data router follows popstate like a link click), then settled. */
async function go(page: Page, route: string, inFlight: () => number): Promise<void> {
  await page.evaluate((to) => {
    if (window.location.pathname === to) return;
    // the screen being left: its heading must be replaced by the next screen's
    for (const h of document.querySelectorAll('main h1')) h.setAttribute('data-walk-left', '');
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, route);
  await settled(page, { route }, inFlight);
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
    const scan = async (label: string) => {
      for (const seen of await visibleTexts(page, label)) findings.push(...findDefects(seen, typedNames));
    };
    const widthOnPhone = async (label: string) => {
      // nothing wider than the phone's screen (a phone's browser would zoom the page out)
      const extra = await page.evaluate(
        (width) => Math.max(document.documentElement.scrollWidth, window.innerWidth) - width,
        PHONE.width,
      );
      if (extra > 0) errors.push(`${label}: ${extra}px wider than the screen`);
    };
    const deskForm = (route: string) => FORM_PRIORITY.find((u) => menus[u].includes(route)) === user;
    let forms = 0;
    const spent = { screens: 0, scans: 0, forms: 0 };
    const timed = async <T>(part: keyof typeof spent, run: () => Promise<T>): Promise<T> => {
      const start = Date.now();
      try {
        return await run();
      } finally {
        spent[part] += Date.now() - start;
        if (process.env.WALK_TRACE) console.log(`T ${where} ${part} ${Date.now() - start}`);
      }
    };

    /** The first record's form, opened by a double-click on the first row of the screen's grid. */
    const openFirstForm = async (phone: boolean) => {
      const grid = page.locator('main [role="grid"]:not([data-grid-warm-up] *)').first();
      if ((await grid.count()) === 0) return;
      const firstCell = grid
        .locator('[row-index="0"] [role="gridcell"]:not([col-id="ag-Grid-SelectionColumn"])')
        .first();
      if ((await firstCell.count()) === 0) return; // the grid says it has no rows (drawn)
      await firstCell.dblclick();
      const dialog = page.locator('[role="dialog"]:visible');
      const opened = await dialog
        .first()
        .waitFor({ state: 'visible', timeout: 10_000 })
        .then(
          () => true,
          () => false,
        );
      if (!opened) {
        errors.push(`${where}: a double-click on the grid's first row opened no form`);
        return;
      }
      where = `${where} (form)`;
      await settled(page, 'dialog', inFlight);
      await timed('scans', () => scan(where));
      if (phone) await widthOnPhone(where);
      forms += 1;
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    };

    await page.setViewportSize(DESKTOP);
    await signIn(page, user);
    // the shell shows the menu the server gives this user
    expect(menuRoutes(await storedMenu(page))).toEqual(menus[user]);

    for (const phone of [false, true]) {
      const size = phone ? 'phone' : 'desktop';
      await page.setViewportSize(phone ? PHONE : DESKTOP);
      for (const route of routes) {
        where = `${user} ${size} ${route}`;
        await timed('screens', () => go(page, route, inFlight));
        await timed('scans', () => scan(where));
        if (phone) await widthOnPhone(where);
        if (route === '/security/users') {
          // the shipped roles show by their Persian names (the sign-in names are the roles' names)
          const shown = await page.locator('tr[data-user]').evaluateAll((rows) =>
            rows.map((row) => {
              const table = row.closest('table');
              const headers = [...(table?.tHead?.rows[0]?.cells ?? [])].map((c) => c.textContent?.trim());
              const cell = (row as HTMLTableRowElement).cells[headers.indexOf('نقش')];
              return [row.getAttribute('data-user'), cell?.textContent?.trim()];
            }),
          );
          for (const demo of USERS)
            expect(shown.find(([u]) => u === demo)?.[1], `${where}: role of ${demo}`).toBe(FA_ROLE_NAMES[demo]);
        }
        if (phone || deskForm(route)) await timed('forms', () => openFirstForm(phone));
      }
    }
    const summary =
      `${user}: ${routes.length} screens × 2 sizes, ${forms} forms in ${secs(Date.now() - started)} ` +
      `(screens ${secs(spent.screens)}, forms ${secs(spent.forms)}, reading ${secs(spent.scans)})`;
    test.info().annotations.push({ type: 'walk', description: summary });
    console.log(summary);
    const lines = [...errors, ...describeFindings(findings)];
    expect(lines, lines.join('\n')).toEqual([]);
  });
}
