#!/usr/bin/env node
/**
 * Gzipped JS+CSS a route loads, read from a built client (default dist/, or --dist=DIR):
 * - login: the entry of index.html, its modulepreloads and stylesheets, and every chunk they import statically;
 * - grid: login plus the lazy EntityRoute chunk (generated screens) and its preload group (__vite__mapDeps).
 * `node bench/budget.mjs` exits 1 when the login route passes LOGIN_BUDGET_KB (tests/run.mjs `budget` step);
 * `--json` prints the figures for bench/bundle.bench.ts.
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

// the generated screens' lazy chunk and its preload group, as index.js lists them
const grid = new Set(login);
for (const ref of login) {
  if (!ref.endsWith('.js')) continue;
  const code = readFileSync(file(ref), 'utf8');
  const deps = /__vite__mapDeps=.*?m\.f=(\[[^\]]*\])/.exec(code);
  const call =
    /import\(\s*[`"']\.\/(EntityRoute-[^`"']+\.js)[`"']\s*\)[^]*?__vite__mapDeps\(\[([\d,]+)\]\)/.exec(code);
  if (!deps || !call) continue;
  const list = JSON.parse(deps[1]);
  closure(`assets/${call[1]}`, grid);
  for (const i of call[2].split(',')) closure(list[Number(i)], grid);
}
if (grid.size === login.size) {
  console.error('budget: the EntityRoute chunk was not found in the build');
  process.exit(1);
}

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
  console.log(`grid screen: ${figures.gridKb} KB gzipped JS+CSS (goal ${GRID_BUDGET_KB} KB)`);
  if (figures.loginKb > LOGIN_BUDGET_KB) {
    console.error(
      `budget: the login route loads ${figures.loginKb} KB > ${LOGIN_BUDGET_KB} KB: ${[...login].join(', ')}`,
    );
    process.exit(1);
  }
}
