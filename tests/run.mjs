#!/usr/bin/env node
// The one test command (`npm test`): every check the project has, in order, failing fast.
// Each step prints its duration; the run ends with one summary line:
//   `tests: N passed, 0 failed`  (N = vitest + Playwright test counts, read from their JSON reports)
// or, when a step fails, `steps: K passed, 1 failed (<step>)` and a non-zero exit.
// `node tests/run.mjs --from=<key>` starts at a later step (keys: chromium, typecheck, lint, format,
// unit, server, integration, build, e2e), for re-running the tail after a fix; `npm test` always runs them all.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// per run, so that two runs in one tree at once do not read each other's reports
const REPORTS = join(ROOT, '.tmp', 'reports', String(process.pid));

/** Seconds with one decimal, for the duration lines. */
const secs = (ms) => `${(ms / 1000).toFixed(1)}s`;

function which(command) {
  const found = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : '';
}

/** Runs a command with inherited output; resolves with its exit code (signals count as failure). */
function run(command, args, env = {}) {
  return new Promise((resolveCode) => {
    // tests seed a few demo rows per entity, not the tens of thousands `npm start` gets
    const child = spawn(command, args, {
      cwd: ROOT,
      stdio: 'inherit',
      env: { DEMO_VOLUME: 'small', ...process.env, ...env },
    });
    child.on('error', (error) => {
      console.error(`cannot start ${command}: ${error.message}`);
      resolveCode(127);
    });
    child.on('exit', (code, signal) => resolveCode(code ?? (signal ? 128 : 1)));
  });
}

/**
 * Debian Chromium for the end-to-end tests and the server's PDF, and poppler-utils (pdftotext,
 * pdftoppm: tests/server/printPdf.test.ts reads the PDFs): installed through apt when missing
 * (root, else sudo).
 */
async function ensureChromium() {
  const existing = which('chromium');
  if (existing && which('pdftotext') && which('pdftoppm')) {
    console.log(`chromium found at ${existing}, poppler-utils found`);
    return 0;
  }
  if (!which('apt-get')) {
    console.error(
      'chromium is missing and apt-get is not available: install Debian Chromium (`chromium`) by hand.',
    );
    return 1;
  }
  const install =
    'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium poppler-utils';
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  let code;
  if (isRoot) code = await run('sh', ['-c', install]);
  else if (which('sudo')) code = await run('sudo', ['-n', 'sh', '-c', install]);
  else {
    console.error('chromium is missing; installing it needs root or sudo. Run as root: ' + install);
    return 1;
  }
  if (code !== 0) return code;
  if (!which('chromium')) {
    console.error('apt-get finished but `chromium` is still not on PATH.');
    return 1;
  }
  if (!which('pdftotext')) {
    console.error('apt-get finished but `pdftotext` (poppler-utils) is still not on PATH.');
    return 1;
  }
  return 0;
}

/** Reads a vitest JSON report (jest-compatible shape). */
function vitestCounts(file) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: report.numPassedTests, failed: report.numFailedTests };
}

/** Reads a Playwright JSON report: expected = passed, unexpected/flaky = failed. */
function playwrightCounts(file) {
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: stats.expected, failed: stats.unexpected + stats.flaky };
}

const vitestStep = (project) => ({
  key: project,
  name: `${project} tests (vitest --project ${project})`,
  command: 'npx',
  args: [
    'vitest',
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${join(REPORTS, `vitest-${project}.json`)}`,
  ],
  report: join(REPORTS, `vitest-${project}.json`),
  count: vitestCounts,
});

const steps = [
  { key: 'chromium', name: 'ensure Debian Chromium', action: ensureChromium },
  {
    key: 'typecheck',
    name: 'type check (tsc --noEmit)',
    command: 'npx',
    args: ['tsc', '--noEmit', '-p', '.'],
  },
  {
    key: 'lint',
    name: 'lint (eslint --max-warnings=0)',
    command: 'npx',
    args: ['eslint', '.', '--max-warnings=0'],
  },
  {
    key: 'format',
    name: 'format check (prettier --check)',
    command: 'npx',
    args: ['prettier', '--check', '.'],
  },
  vitestStep('unit'),
  vitestStep('server'),
  vitestStep('integration'),
  { key: 'build', name: 'build (vite build)', command: 'npx', args: ['vite', 'build'] },
  {
    key: 'budget',
    name: 'size budget (gzipped JS+CSS: login route ≤ 170 KB, grid screen ≤ 600 KB)',
    command: 'node',
    args: ['bench/budget.mjs'],
  },
  {
    key: 'e2e',
    name: 'end-to-end (playwright, Debian Chromium)',
    command: 'npx',
    args: ['playwright', 'test', '-c', 'tests/e2e/playwright.config.ts'],
    env: { E2E_JSON_REPORT: join(REPORTS, 'playwright.json') },
    report: join(REPORTS, 'playwright.json'),
    count: playwrightCounts,
  },
];

/** The steps to run: all, or from the one named by `--from=<key>`. */
function selectedSteps(argv) {
  const from = argv.find((arg) => arg.startsWith('--from='))?.slice('--from='.length);
  if (!from) return steps;
  const index = steps.findIndex((step) => step.key === from);
  if (index < 0) {
    console.error(`unknown step "${from}"; steps: ${steps.map((step) => step.key).join(', ')}`);
    process.exit(2);
  }
  return steps.slice(index);
}

async function main() {
  const chosen = selectedSteps(process.argv.slice(2));
  rmSync(REPORTS, { recursive: true, force: true });
  mkdirSync(REPORTS, { recursive: true });
  const started = Date.now();
  const totals = { passed: 0, failed: 0 };
  let done = 0;

  for (const step of chosen) {
    const label = `[${steps.indexOf(step) + 1}/${steps.length}] ${step.name}`;
    const shown = step.command ? `${step.command} ${step.args.join(' ')}` : '';
    console.log(`\n=== ${label}${shown ? `\n$ ${shown}` : ''}`);
    const t0 = Date.now();
    const code = step.action ? await step.action() : await run(step.command, step.args, step.env);
    const took = secs(Date.now() - t0);

    let counts;
    if (step.report) {
      if (existsSync(step.report)) {
        try {
          counts = step.count(step.report);
        } catch (error) {
          console.error(`cannot read the report ${step.report}: ${error.message}`);
        }
      } else if (code === 0) {
        console.error(`the step passed but wrote no report at ${step.report}`);
      }
    }
    if (counts) {
      totals.passed += counts.passed;
      totals.failed += counts.failed;
    }

    const countText = counts ? `, ${counts.passed} passed, ${counts.failed} failed` : '';
    const unreadable = step.report && !counts;
    if (code !== 0 || (counts && counts.failed > 0) || unreadable) {
      console.error(`\n✗ ${label} FAILED after ${took} (exit ${code}${countText})`);
      console.error(`total time ${secs(Date.now() - started)}`);
      console.error(`steps: ${done} passed, 1 failed (${step.name})`);
      process.exit(code === 0 ? 1 : code);
    }
    done += 1;
    console.log(`✓ ${label} passed in ${took}${countText}`);
  }

  rmSync(REPORTS, { recursive: true, force: true });
  console.log(`\nall ${chosen.length} steps passed in ${secs(Date.now() - started)}`);
  console.log(`tests: ${totals.passed} passed, ${totals.failed} failed`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
