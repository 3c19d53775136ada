/**
 * Build step run by node, not shipped (vite.config.ts, css.postcss): drops from AG Grid's legacy style sheets
 * (ag-grid-community/styles/*.css) the rules no grid of this app can match. Those sheets style every
 * feature of the enterprise edition too (charts, pivot, side bar, set filter, advanced filter...),
 * about a fifth of their gzipped weight on a grid screen (bench/budget.mjs).
 *
 * A rule goes when each of its selectors needs a class that nothing can put in the page: a class
 * named in neither the grid's code (ag-grid-community, ag-grid-react, ag-stack) nor ours
 * (renderers/, src/), and not built from a prefix the code completes at run time (`ag-icon-${name}`).
 * Classes inside :not(), :is(), :where() and :has() never make a selector dead.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const GRID_CODE = [
  'node_modules/ag-grid-community/dist/package/main.esm.mjs',
  'node_modules/ag-grid-react/dist/package/index.esm.mjs',
  'node_modules/ag-stack/dist/package/main.esm.mjs',
];
const OUR_CODE = ['renderers', 'src'];
/** Classes the page may carry whatever the code says (the theme's own, icons by name). */
const ALWAYS = ['ag-theme-', 'ag-icon-'];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'public' ? [] : filesUnder(path);
    return /\.(tsx?|css)$/.test(name) ? [path] : [];
  });
}

interface Usage {
  code: string;
  prefixes: string[];
}

let usage: Usage | null = null;
function readUsage(): Usage {
  if (usage) return usage;
  const code = [...GRID_CODE.map((f) => join(root, f)), ...OUR_CODE.flatMap((d) => filesUnder(join(root, d)))]
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n');
  // class names completed at run time: `ag-row-level-${n}`, 'ag-column-drop-' + name
  const built = [...code.matchAll(/(ag-[\w-]*-)\$\{/g), ...code.matchAll(/["'`](ag-[\w-]*-)["'`]\s*\+/g)].map(
    (m) => m[1]!,
  );
  usage = { code, prefixes: [...ALWAYS, ...new Set(built)] };
  return usage;
}

function possible(cls: string): boolean {
  const { code, prefixes } = readUsage();
  return code.includes(cls) || prefixes.some((p) => cls.startsWith(p));
}

/** True when the selector needs a class no page of this app can carry. */
function dead(selector: string): boolean {
  let outer = selector;
  // drop the arguments of functional pseudo-classes (nested parentheses included)
  while (/\([^()]*\)/.test(outer)) outer = outer.replace(/\([^()]*\)/g, '');
  return [...outer.matchAll(/\.(ag-[\w-]+)/g)].some((m) => !possible(m[1]!));
}

interface Rule {
  selectors: string[];
  remove(): void;
}
interface Root {
  source?: { input: { file?: string } };
  walkRules(visit: (rule: Rule) => void): void;
}

export function pruneGridCss() {
  return {
    postcssPlugin: 'prune-ag-grid-css',
    Once(css: Root) {
      const file = css.source?.input.file ?? '';
      if (!/ag-grid-community[\\/]styles[\\/]/.test(file)) return;
      css.walkRules((rule) => {
        const kept = rule.selectors.filter((s) => !dead(s));
        if (kept.length === 0) rule.remove();
        else if (kept.length < rule.selectors.length) rule.selectors = kept;
      });
    },
  };
}
