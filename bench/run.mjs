#!/usr/bin/env node
/**
 * `npm run bench`: runs every bench/<name>.bench.ts (npx tsx, at nice 10) or only those named by
 * --only=<name>[,<name>], then prints one Markdown table of bench/results/<name>.json (the contract:
 * [{ name, value, unit, floor?, floorName?, goal, pass }]) under a line naming the machine and its
 * load: the shape of the table in docs/performance.md, so a run's output replaces it as it is.
 * Not part of npm test.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const results = join(here, 'results');
const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const names = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.slice(0, -'.bench.ts'.length))
  .filter((n) => !only || only.includes(n))
  .sort();
if (names.length === 0) {
  console.error(`no bench matches ${only?.join(',')}`);
  process.exit(2);
}

const loadAtStart = loadavg()[0];
const failed = [];
for (const name of names) {
  console.log(`\n== ${name}`);
  rmSync(join(results, `${name}.json`), { force: true });
  const started = Date.now();
  const r = spawnSync('nice', ['-n', '10', 'npx', 'tsx', join('bench', `${name}.bench.ts`)], {
    cwd: join(here, '..'),
    stdio: 'inherit',
  });
  console.log(`   ${name} took ${Math.round((Date.now() - started) / 1000)} s`);
  if (r.status !== 0 || !existsSync(join(results, `${name}.json`))) failed.push(name);
}

const rows = [];
for (const name of names) {
  const path = join(results, `${name}.json`);
  if (!existsSync(path)) continue;
  for (const f of JSON.parse(readFileSync(path, 'utf8'))) {
    const ratio = f.floor ? `${(f.value / f.floor).toFixed(2)}×` : '';
    rows.push([
      name,
      f.name,
      `${f.value} ${f.unit}`,
      f.floor === undefined ? '' : `${f.floor} ${f.unit}${f.floorName ? ` (${f.floorName})` : ''}`,
      ratio,
      f.goal,
      f.pass ? 'pass' : 'MISS',
    ]);
  }
}
const chromium = spawnSync('chromium', ['--version'], { encoding: 'utf8' }).stdout?.trim();
console.log(
  `\n${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${cpus().length} cores, ` +
    `${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.versions.node}` +
    `${chromium ? `, ${chromium.split(' built')[0]}` : ''}, ` +
    `load average ${loadAtStart.toFixed(1)} at the start and ${loadavg()[0].toFixed(1)} at the end.`,
);
const head = ['bench', 'figure', 'value', 'floor (same run)', 'ratio', 'goal', 'result'];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
const line = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`;
console.log(`\n${line(head)}\n| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`);
for (const r of rows) console.log(line(r));
if (failed.length) {
  console.error(`\nbenches that did not finish: ${failed.join(', ')}`);
  process.exit(1);
}
