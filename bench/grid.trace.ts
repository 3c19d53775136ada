/**
 * What the grid bench's first (cold) menu click consists of (not a bench, not run by `npm run
 * bench`): `npx tsx bench/grid.trace.ts [out]`. Same app, server and data as bench/grid.bench.ts:
 * admin signs in, the dashboard loads (network idle), then TRACE_IDLE_MS (default 0) of reading,
 * and a Chromium trace (written to `out`, default /tmp/grid-trace.json) runs from the click on
 * «مشتریان» to the first painted data row. Prints the requests of that window (start and end from the
 * click, bytes), then the main thread's time by kind (self time of the trace's events: script
 * compile and evaluation, functions, style, layout, paint, GC; idle is the main thread waiting) and
 * the longest tasks. TRACE_WARM=1 traces a second click instead (one click, back to the dashboard,
 * then the traced one). BENCH_DIST=DIR uses an existing build.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { launch } from './lib/browser';
import { sqliteUrl } from './lib/data';
import { startServer } from './lib/proc';
import { traced, type TraceEvent } from './lib/trace';

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'blink.user_timing',
  'disabled-by-default-v8.cpu_profiler',
];

const ROUTE = '/sales/customer';
const IDLE_MS = Number(process.env.TRACE_IDLE_MS ?? 0);
const WARM = process.env.TRACE_WARM === '1';
const out = process.argv[2] ?? '/tmp/grid-trace.json';
const dist = process.env.BENCH_DIST ?? '/tmp/dist-bench-app';
if (!process.env.BENCH_DIST)
  execFileSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });

/** Kinds of main-thread work by trace event name (self time; the rest is in its parent's kind). */
const KINDS: Record<string, string> = {
  'v8.compile': 'script compile',
  'v8.compileModule': 'script compile',
  'V8.CompileCode': 'script compile',
  'v8.parseOnBackground': 'script compile',
  'V8.ParseFunction': 'script compile',
  'v8.evaluateModule': 'module evaluation',
  EvaluateScript: 'module evaluation',
  FunctionCall: 'script (functions)',
  RunMicrotasks: 'script (functions)',
  TimerFire: 'script (functions)',
  EventDispatch: 'script (functions)',
  FireAnimationFrame: 'script (functions)',
  FireIdleCallback: 'script (functions)',
  'V8.Execute': 'script (functions)',
  ParseAuthorStyleSheet: 'style sheet parse',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  Layerize: 'paint',
  Commit: 'paint',
  MajorGC: 'GC',
  MinorGC: 'GC',
  'V8.GC_SCAVENGER': 'GC',
  ResourceReceivedData: 'network callbacks',
  ResourceReceiveResponse: 'network callbacks',
  ResourceFinish: 'network callbacks',
  ParseHTML: 'other',
};

function report(events: TraceEvent[]): void {
  const click = events.find((e) => e.cat.includes('user_timing') && e.name === 'click');
  const painted = events.find((e) => e.cat.includes('user_timing') && e.name === 'painted');
  if (!click || !painted) throw new Error('no click/painted marks in the trace');
  const [a, b] = [click.ts, painted.ts];
  const main = events
    .filter((e) => e.pid === click.pid && e.tid === click.tid && e.ph === 'X' && e.dur !== undefined)
    .filter((e) => e.ts < b && e.ts + (e.dur ?? 0) > a)
    .sort((x, y) => x.ts - y.ts || (y.dur ?? 0) - (x.dur ?? 0));
  // self time per kind: an event's time inside [a, b] less its children's (a stack of open events)
  const clip = (s: number, e: number) => Math.max(0, Math.min(e, b) - Math.max(s, a));
  const kinds = new Map<string, number>();
  const stack: { e: TraceEvent; kind: string; end: number }[] = [];
  let cursor = a;
  const add = (kind: string, us: number) => kinds.set(kind, (kinds.get(kind) ?? 0) + us);
  const advance = (to: number) => {
    // time from cursor to `to` goes to the innermost open event, or to idle when none is open
    while (cursor < to) {
      const top = stack[stack.length - 1];
      const until = top ? Math.min(top.end, to) : to;
      add(top ? top.kind : 'idle (waiting)', clip(cursor, until));
      cursor = until;
      if (top && cursor >= top.end) stack.pop();
    }
  };
  for (const e of main) {
    advance(e.ts);
    const parent = stack[stack.length - 1];
    const kind =
      KINDS[e.name] ?? parent?.kind ?? (e.name === 'RunTask' ? 'task (other)' : `other: ${e.name}`);
    stack.push({ e, kind, end: e.ts + (e.dur ?? 0) });
  }
  advance(b);
  const total = (b - a) / 1000;
  console.log(`main thread from click to painted rows (${total.toFixed(1)} ms), self time by kind:`);
  for (const [k, us] of [...kinds].sort((x, y) => y[1] - x[1]))
    if (us > 100) console.log(`  ${(us / 1000).toFixed(1).padStart(7)} ms  ${k}`);
  // the biggest single tasks, with when they ran
  console.log('longest main-thread tasks (start from the click, ms):');
  const tasks = main.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > 5000);
  for (const t of tasks.sort((x, y) => (y.dur ?? 0) - (x.dur ?? 0)).slice(0, 12)) {
    const inner = main
      .filter((e) => e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + (t.dur ?? 0) && e !== t && KINDS[e.name])
      .reduce((m, e) => m.set(e.name, (m.get(e.name) ?? 0) + (e.dur ?? 0)), new Map<string, number>());
    const top = [...inner]
      .sort((x, y) => y[1] - x[1])
      .slice(0, 4)
      .map(([n, d]) => `${n} ${(d / 1000).toFixed(1)}`)
      .join(', ');
    console.log(`  +${((t.ts - a) / 1000).toFixed(1)} ms, ${((t.dur ?? 0) / 1000).toFixed(1)} ms: ${top}`);
  }
}

const server = await startServer(await sqliteUrl(), { STATIC_DIR: dist });
const browser = await launch();
try {
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  page.on('pageerror', (e) => console.error(`  page error: ${e.message}`));
  await page.addInitScript('window.__name = (f) => f;');
  await page.goto(`${server.url}/login`);
  await page.getByRole('textbox', { name: 'نام کاربری', exact: true }).fill('admin');
  await page.getByRole('textbox', { name: 'رمز عبور', exact: true }).fill('Demo@1405');
  await page.getByRole('button', { name: 'ورود', exact: true }).click();
  await page.getByRole('button', { name: 'خروج', exact: true }).waitFor();
  await page.waitForLoadState('networkidle');
  await page.locator(`nav a[href="${ROUTE}"]`).waitFor({ state: 'attached' });
  if (IDLE_MS) await page.waitForTimeout(IDLE_MS);
  if (WARM) {
    // one click before, then back to the dashboard: the traced click is a warm one
    await page.locator(`nav a[href="${ROUTE}"]`).click();
    await page.locator('.ag-row:not(.ag-row-loading)').first().waitFor();
    await page.locator('nav a[href="/"]').click();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
  }
  const before = await page.evaluate(() => performance.getEntriesByType('resource').length);
  const cdp = await page.context().newCDPSession(page);
  const events = await traced(cdp, CATEGORIES, async () => {
    const ms = await page.evaluate(async (href) => {
      const paint = () =>
        new Promise<number>((resolve) =>
          requestAnimationFrame(() => {
            const c = new MessageChannel();
            c.port1.onmessage = () => resolve(performance.now());
            c.port2.postMessage(null);
          }),
        );
      const ready = () =>
        [
          ...document.querySelectorAll(
            '.ag-row:not(.ag-row-loading) [role="gridcell"]:not(:has(.ag-loading))',
          ),
        ].some((cell) => (cell.textContent ?? '').trim() !== '');
      const link = document.querySelector(`nav a[href="${href}"]`) as HTMLElement;
      performance.mark('click');
      const t0 = performance.now();
      link.click();
      let t = await paint();
      while (!ready()) t = await paint();
      performance.mark('painted');
      return t - t0;
    }, ROUTE);
    console.log(`${WARM ? 'warm' : 'cold'} click to first rows painted: ${ms.toFixed(1)} ms`);
  });
  writeFileSync(out, JSON.stringify(events));
  const requests = await page.evaluate((skip) => {
    const t0 = performance.getEntriesByName('click')[0]?.startTime ?? 0;
    return (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).slice(skip).map((e) => ({
      path: new URL(e.name).pathname,
      start: e.startTime - t0,
      end: e.responseEnd - t0,
      bytes: e.encodedBodySize,
    }));
  }, before);
  console.log('requests from the click (start → end ms, bytes on the wire):');
  for (const r of requests)
    console.log(
      `  ${r.start.toFixed(1).padStart(7)} → ${r.end.toFixed(1).padStart(7)}  ${String(r.bytes).padStart(8)}  ${r.path}`,
    );
  report(events);
} finally {
  await browser.close();
  await server.stop();
}
