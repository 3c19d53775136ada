#!/usr/bin/env node
/**
 * Gzipped JS+CSS a route loads, read from a built client (default dist/, or --dist=DIR):
 * - login: the entry of index.html, its modulepreloads and stylesheets, and every chunk they import
 *   statically: what the login page needs for its first paint;
 * - grid: what a generated screen loads before its first rows show, opened at its URL: login plus
 *   the lazy chunks that load at once, each with its preload group (__vite__mapDeps): the notices
 *   (App's effect after the first render), the shell (ShellLayout), the generated screens
 *   (EntityRoute, holding the grid) and workbox-window (when idle after the load event: after the
 *   rows in Chromium here, counted since nothing holds it back).
 * Left out of both, since they load after the first rows or on a user's action: the form modal
 *   (RJSF, widgets, lines grid; fetched when the browser is idle after the grid's first rows, or
 *   when a form opens: renderers/screen/lazyParts.ts), the history dialog, the dialog host (with
 *   the first error or confirmation, src/Root.tsx), a theme other than the default
 *   (themeVariants), and the precompiled validators, which the server serves, not the build.
 *   tests/e2e/bundle-budget.spec.ts checks the list against what Chromium requests.
 * `node bench/budget.mjs` exits 1 when the login route passes LOGIN_BUDGET_KB or the grid screen
 * passes GRID_BUDGET_KB (tests/run.mjs `budget` step); `--json` prints the figures for
 * bench/bundle.bench.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const LOGIN_BUDGET_KB = 170;
export const GRID_BUDGET_KB = 600;

const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const dist = arg('dist') ?? 'dist';
const indexHtml = join(dist, 'index.html');
if (!existsSync(indexHtml)) {
  console.error(`budget: ${indexHtml} is missing (build first)`);
  process.exit(1);
}
const html = readFileSync(indexHtml, 'utf8');
const file = (ref) => join(dist, ref.replace(/^\//, ''));
const assetsOf = (re) => [...html.matchAll(re)].map((m) => m[1]);

/** Adds `ref` (a path under dist) and the chunks it imports statically. */
function closure(ref, into) {
  if (into.has(ref)) return into;
  into.add(ref);
  if (!ref.endsWith('.js')) return into;
  const code = readFileSync(file(ref), 'utf8');
  const dir = ref.slice(0, ref.lastIndexOf('/') + 1);
  for (const m of code.matchAll(/(?:from|import)\s*["'`](\.\/[^"'`]+\.js)["'`]/g))
    closure(dir + m[1].slice(2), into);
  return into;
}

const login = new Set();
for (const ref of [
  ...assetsOf(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
  ...assetsOf(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ...assetsOf(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g),
])
  closure(ref.replace(/^\//, ''), login);

/** Adds the chunk a lazy `import('./<name>-hash.js')` of the set loads, and its preload group. */
function lazy(name, into) {
  for (const ref of [...into]) {
    if (!ref.endsWith('.js')) continue;
    const code = readFileSync(file(ref), 'utf8');
    const call = new RegExp(
      `import\\(\\s*[\`"']\\./(${name}-[\\w-]+\\.js)[\`"']\\s*\\)((?:(?!import\\()[^])*?)__vite__mapDeps\\(\\[([\\d,]+)\\]\\)`,
    ).exec(code);
    if (!call) continue;
    const list = JSON.parse(/__vite__mapDeps=.*?m\.f=(\[[^\]]*\])/.exec(code)?.[1] ?? '[]');
    closure(`assets/${call[1]}`, into);
    for (const i of call[3].split(',')) closure(list[Number(i)], into);
    return into;
  }
  console.error(`budget: no lazy import of ${name} found in the build`);
  process.exit(1);
}

const grid = new Set(login);
for (const name of ['Notices', 'ShellLayout', 'EntityRoute']) lazy(name, grid);
for (const ref of [...grid])
  for (const m of readFileSync(file(ref), 'utf8').matchAll(
    /import\(\s*[`"']\.\/(workbox-window[\w.-]*\.js)[`"']\s*\)/g,
  ))
    closure(`assets/${m[1]}`, grid);

const gz = (refs) =>
  [...refs]
    .filter((r) => /\.(js|css)$/.test(r))
    .reduce((s, r) => s + gzipSync(readFileSync(file(r)), { level: 9 }).length, 0);
const kb = (n) => Math.round(n / 102.4) / 10;
const figures = {
  loginKb: kb(gz(login)),
  gridKb: kb(gz(grid)),
  loginFiles: [...login],
  gridFiles: [...grid],
};
if (process.argv.includes('--json')) console.log(JSON.stringify(figures));
else {
  console.log(`login route: ${figures.loginKb} KB gzipped JS+CSS (budget ${LOGIN_BUDGET_KB} KB)`);
  console.log(`grid screen: ${figures.gridKb} KB gzipped JS+CSS (budget ${GRID_BUDGET_KB} KB)`);
  if (figures.loginKb > LOGIN_BUDGET_KB) {
    console.error(
      `budget: the login route loads ${figures.loginKb} KB > ${LOGIN_BUDGET_KB} KB: ${[...login].join(', ')}`,
    );
    process.exit(1);
  }
  if (figures.gridKb > GRID_BUDGET_KB) {
    console.error(
      `budget: a grid screen loads ${figures.gridKb} KB > ${GRID_BUDGET_KB} KB: ${[...grid].join(', ')}`,
    );
    process.exit(1);
  }
}
