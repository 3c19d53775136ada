/**
 * The walker (#22): signs in as each demo user, visits every screen of that user's menu (read from
 * the app's stored menu, not a list here) at desktop 1366x768 and phone 390x844 under fa, opens the
 * first record's form where a screen has rows, and fails on any console error, failed API answer,
 * Latin digit, raw translation key or stray English word a person would see, and on a screen wider
 * than the phone.
 * One page per user, client-side navigation (the router follows popstate), no sleeps.
 * A screen in the menus of several users is walked fully (desktop and phone, and its first record's
 * form) by one of them, the first in PRIORITY (vendor and customer first: their rows and fields
 * differ from staff's), and only opened and read at desktop size by the others; the tests tell
 * each other their users' menus through files of the run. Every screen is read by every user who
 * has it, and walked fully at least once.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test as base, type Page } from '@playwright/test';
import { freePort, startE2eServer, type E2eServer } from '../support/e2eServer';
import { signIn } from './helpers';
import { describeFindings, findDefects, type Finding, type SeenText } from '../support/visibleText';

/**
 * The walker reads every screen's data, so it runs against a server of its own with the fresh
 * demo: rows other specs create on the shared server (codes typed in Latin letters, a user named
 * in English, HTML in a customer's name) are the user's own text, not the app's, and must not fail
 * it. One server per worker, started once.
 */
const test = base.extend<object, { walkServer: E2eServer }>({
  walkServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function names
    async ({}, provide) => {
      const server = await startE2eServer(await freePort());
      await provide(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ walkServer }, provide) => provide(walkServer.baseURL),
});

test.describe.configure({ mode: 'parallel' });

/** A 1×1 transparent PNG. */
const EMPTY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

const USERS = ['admin', 'staff', 'vendor', 'customer', 'storekeeper', 'analyst'];
const SIZES = [
  { name: 'desktop', width: 1366, height: 768 },
  { name: 'phone', width: 390, height: 844 },
];

/**
 * Who walks a screen fully when several users have it: the first of these who has it (party users
 * first: their rows and fields differ; admin last: its screens are mostly staff's too).
 */
const PRIORITY = ['vendor', 'customer', 'storekeeper', 'staff', 'analyst', 'admin'];

/** Where the tests of one run leave their users' menus for each other (Playwright empties it). */
const menusDir = () => join(test.info().project.outputDir, 'walk-menus');

/**
 * The menus of the users before `user` in PRIORITY, as their tests stored them: waits (a little)
 * for those whose test has started and not yet stored it. A user not known here simply does not
 * count: the screens it shares with `user` are walked fully by `user` too (never by nobody).
 */
async function higherMenus(user: string): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  const higher = PRIORITY.slice(0, PRIORITY.indexOf(user));
  const read = (u: string) => {
    const file = join(menusDir(), `${u}.json`);
    if (existsSync(file)) out.set(u, JSON.parse(readFileSync(file, 'utf8')) as string[]);
  };
  const pending = () => higher.filter((u) => !out.has(u) && existsSync(join(menusDir(), `${u}.started`)));
  for (let waited = 0; ; waited += 100) {
    higher.forEach(read);
    if (pending().length === 0 || waited >= 30_000) return out;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The routes of the user's menu as the shell stored it (runtime/menu/menu.ts: Menu-Persis-fa). */
async function menuRoutes(page: Page): Promise<string[]> {
  await expect.poll(() => page.evaluate(() => localStorage.getItem('Menu-Persis-fa') !== null)).toBe(true);
  return page.evaluate(() => {
    interface Item {
      route: string;
      children?: Item[];
    }
    const binary = atob(localStorage.getItem('Menu-Persis-fa') ?? '');
    const items = JSON.parse(
      new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))),
    ) as Item[];
    const out: string[] = [];
    const walk = (list: Item[]) => {
      for (const item of list) {
        if (item.children?.length) walk(item.children);
        else if (item.route) out.push(item.route);
      }
    };
    walk(items);
    return out;
  });
}

/** Every text a person sees: visible text nodes, shown input values, placeholders, aria-labels, titles. */
async function visibleTexts(page: Page, where: string): Promise<SeenText[]> {
  const seen = await page.evaluate(() => {
    const out: { kind: string; text: string; where: string }[] = [];
    const describe = (el: Element) => {
      const id = el.getAttribute('col-id') ?? el.closest('[col-id]')?.getAttribute('col-id');
      const label = el.getAttribute('aria-label') ?? el.closest('[aria-label]')?.getAttribute('aria-label');
      return [el.tagName.toLowerCase(), id ? `col=${id}` : '', label ? `in «${label.slice(0, 30)}»` : '']
        .filter(Boolean)
        .join(' ');
    };
    const shown = (el: Element) =>
      el.checkVisibility({ opacityProperty: false, visibilityProperty: true }) &&
      !el.closest('[aria-hidden="true"], [data-grid-warm-up]');
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      if (!text || !parent || !shown(parent)) continue;
      if (parent.closest('script, style, noscript')) continue;
      out.push({ kind: 'text', text, where: describe(parent) });
    }
    for (const el of document.querySelectorAll('input, textarea')) {
      const input = el as HTMLInputElement;
      if (!shown(input) || ['hidden', 'password', 'checkbox', 'radio', 'file'].includes(input.type)) continue;
      if (input.value.trim()) out.push({ kind: 'value', text: input.value, where: describe(input) });
      if (input.placeholder.trim())
        out.push({ kind: 'placeholder', text: input.placeholder, where: describe(input) });
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

/** Polled often: a screen settles in tens of milliseconds, the walk waits no longer than it. */
const POLL = { timeout: 15_000, intervals: [25, 50, 100] };

/** The screen has settled: no request in flight, the loading bar gone, the grid not loading. */
async function settled(page: Page, inFlight: () => number): Promise<void> {
  await expect.poll(inFlight, POLL).toBe(0);
  await expect(page.getByTestId('loading-bar')).toBeHidden({ timeout: 15_000 });
  await expect(page.locator('.ag-overlay-loading-center, .ag-loading')).toHaveCount(0, { timeout: 15_000 });
  await expect.poll(inFlight, POLL).toBe(0);
}

/** Client-side navigation: the data router follows popstate like a link click. */
async function go(page: Page, route: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, route);
  await expect(page).toHaveURL(new RegExp(`${route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
}

for (const user of USERS) {
  test(`every menu screen of ${user} reads in Persian, without a console error`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(360_000);
    const errors: string[] = [];
    const findings: Finding[] = [];
    let where = '/login';
    let pending = 0;
    let forms = 0;
    let withRows = 0;
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
    // screens an analyst made (module «common», e.g. by the designer specs) carry the technical
    // name the analyst typed in their titles: an identifier of the user's, like a code
    const typedNames: string[] = [];
    const scan = async (label: string) => {
      for (const seen of await visibleTexts(page, label)) findings.push(...findDefects(seen, typedNames));
    };

    mkdirSync(menusDir(), { recursive: true });
    writeFileSync(join(menusDir(), `${user}.started`), '');
    await page.setViewportSize(SIZES[0]!);
    await signIn(page, user);
    const routes = ['/', ...(await menuRoutes(page))];
    expect(routes.length).toBeGreaterThan(1);
    writeFileSync(join(menusDir(), `${user}.json`), JSON.stringify(routes));
    for (const route of routes)
      if (route.startsWith('/common/')) typedNames.push(route.slice('/common/'.length));
    // a screen a user before this one (PRIORITY) has is walked fully by that user
    const before = [...(await higherMenus(user)).values()];
    const mine = (route: string) => !before.some((menu) => menu.includes(route));

    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      // another user's screens: opened and read once, at desktop size
      for (const route of size.name === 'desktop' ? routes : routes.filter(mine)) {
        where = `${user} ${size.name} ${route}`;
        await go(page, route);
        await settled(page, inFlight);
        await scan(where);
        if (size.name === 'phone') {
          // nothing wider than the phone's screen (a phone's browser would zoom the page out)
          const extra = await page.evaluate(
            (screen) => Math.max(document.documentElement.scrollWidth, window.innerWidth) - screen,
            size.width,
          );
          if (extra > 0) errors.push(`${where}: ${extra}px wider than the screen`);
        }
        if (size.name !== 'desktop' || !mine(route)) continue;
        // the first record's form (a document's form shows its lines grid), at desktop size
        const grid = page.getByRole('grid').first();
        const firstCell = grid
          .locator('[row-index="0"] [role="gridcell"]:not([col-id="ag-Grid-SelectionColumn"])')
          .first();
        // a grid draws its first rows, or says it has none, after its answer
        const noRows = page.getByRole('status').filter({ hasText: 'رکوردی یافت نشد.' });
        const hasRow =
          (await page.getByRole('grid').count()) > 0 &&
          (await firstCell
            .or(noRows)
            .first()
            .waitFor({ state: 'visible', timeout: 10_000 })
            .then(
              () => firstCell.isVisible(),
              () => false, // neither: no rows on this screen for this user
            ));
        if (hasRow) {
          withRows += 1;
          await firstCell.dblclick();
          const dialog = page.getByRole('dialog');
          const opened = await dialog.waitFor({ state: 'visible', timeout: 10_000 }).then(
            () => true,
            () => false,
          );
          if (opened) {
            await settled(page, inFlight);
            await scan(`${where} (form)`);
            forms += 1;
            await page.keyboard.press('Escape');
            await expect(dialog).toBeHidden();
          }
        }
      }
    }
    // the walk opened forms where the screens it walked fully have rows
    if (withRows > 0) expect(forms).toBeGreaterThan(0);
    const lines = [...errors, ...describeFindings(findings)];
    expect(lines, lines.join('\n')).toEqual([]);
  });
}
