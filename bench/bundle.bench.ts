/**
 * Gzipped JS+CSS of the login route and of a generated grid screen (bench/budget.mjs), from a
 * fresh build into /tmp/dist-bench (BENCH_DIST=DIR measures an existing build instead).
 */
import { execFileSync } from 'node:child_process';
import { writeResults, type Figure } from './lib/results';

const dist = process.env.BENCH_DIST ?? '/tmp/dist-bench';
if (!process.env.BENCH_DIST)
  execFileSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
const out = execFileSync('node', ['bench/budget.mjs', `--dist=${dist}`, '--json'], { encoding: 'utf8' });
const { loginKb, gridKb } = JSON.parse(out) as { loginKb: number; gridKb: number };
const figures: Figure[] = [
  { name: 'login route, gzipped JS+CSS', value: loginKb, unit: 'KB', goal: '≤ 170 KB', pass: loginKb <= 170 },
  {
    name: 'generated grid screen, gzipped JS+CSS',
    value: gridKb,
    unit: 'KB',
    goal: '≤ 600 KB',
    pass: gridKb <= 600,
  },
];
writeResults('bundle', figures);
