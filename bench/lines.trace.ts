/**
 * Profiles of the lines bench's add and edit steps on the same 2,000-line invoice (not a bench, not
 * run by `npm run bench`): `npx tsx bench/lines.trace.ts [out]`, BENCH_HARNESS_MINIFY=0 for readable
 * names. By default a Chromium trace (written to `out`) and, per add click and per Enter, the main
 * thread's tasks from the event to the frame that painted it (the event's own work, style, layout,
 * paint), then the sampled functions by self time per kind of step. TRACE_CPU=1 instead writes a
 * CPU profile (50 µs sampling) of each step to `out.add.N.cpuprofile` / `out.enter.N.cpuprofile`
 * (open them in Chromium's DevTools).
 */
import { rmSync, writeFileSync } from 'node:fs';
import type { CDPSession, Page } from 'playwright-core';
import { buildHarness, HARNESS_DIST, launch, openHarness, serve } from './lib/browser';
import { lineValues } from './lib/formDefinition';
import { startServer, token } from './lib/proc';
import { TIMELINE_CATEGORIES, traced, type TraceEvent } from './lib/trace';

const CATEGORIES = [...TIMELINE_CATEGORIES, 'disabled-by-default-v8.cpu_profiler'];

const LINES = 2000;
const STEPS = Number(process.env.TRACE_STEPS ?? 10);
const out = process.argv[2] ?? '/tmp/lines-trace.json';

buildHarness();
const dbFile = `/tmp/bench-lines-trace-${process.pid}.sqlite`;
const server = await startServer(`sqlite:${dbFile}`);
const site = await serve(HARNESS_DIST, server.url);
const browser = await launch();
try {
  const page = await openHarness(browser, site.url);
  const access = await token(server.url);
  await page.evaluate((t) => window.harness.signIn(t), access);
  const document = () => ({
    number: `TRACE-${process.pid}-${Date.now()}`,
    customer: 1,
    date: new Date().toISOString().slice(0, 10),
    description: 'سند آزمایشی سنجش',
    lines: lineValues(LINES),
  });
  const openOurs = () =>
    page.evaluate((values) => window.harness.ourDocument('sales', 'invoice', values), document());
  await openOurs();
  await openOurs();
  const cdp = await page.context().newCDPSession(page);
  if (process.env.TRACE_CPU) {
    await cpuProfiles(page, cdp);
    process.exit(0);
  }
  const events = await traced(cdp, CATEGORIES, async () => {
    const add: number[] = [];
    for (let i = 0; i < STEPS; i++) {
      add.push(
        await page.evaluate(() => {
          performance.mark('step:add');
          return window.harness.clickToPaint('[data-lines] button');
        }),
      );
      await page.waitForTimeout(50);
      await page.keyboard.press('Escape');
      await page.waitForTimeout(50);
    }
    console.log(`add ms ${add.map((x) => x.toFixed(1)).join(' ')}`);
    await openOurs();
    const edit: number[] = [];
    for (let i = 0; i < STEPS; i++) {
      await page.locator(`[data-lines] .ag-row[row-index="${i}"] [col-id="quantity"]`).click();
      await page.keyboard.press(String((i % 8) + 2));
      await page.waitForTimeout(50);
      await page.evaluate(() => {
        window.harness.takeKeyLog();
        performance.mark('step:enter');
      });
      await page.keyboard.press('Enter');
      await page.waitForTimeout(100);
      edit.push((await page.evaluate(() => window.harness.takeKeyLog()))[0] ?? NaN);
      await page.keyboard.press('Escape');
      await page.waitForTimeout(50);
    }
    console.log(`edit ms ${edit.map((x) => x.toFixed(1)).join(' ')}`);
  });
  writeFileSync(out, JSON.stringify(events));
  report(events);
} finally {
  await browser.close();
  await site.close();
  await server.stop();
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${dbFile}${suffix}`, { force: true });
}

/** CPU profiles (50 µs sampling) of each add click and each Enter, to `out`.add|enter.N.cpuprofile. */
async function cpuProfiles(page: Page, cdp: CDPSession): Promise<void> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
  const take = async (name: string, run: () => Promise<void>) => {
    await cdp.send('Profiler.start');
    await run();
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(`${out}.${name}.cpuprofile`, JSON.stringify(profile));
  };
  for (let i = 0; i < STEPS; i++) {
    await take(`add.${i}`, async () => {
      await page.evaluate(() => window.harness.clickToPaint('[data-lines] button'));
      await page.waitForTimeout(50);
    });
    await page.keyboard.press('Escape');
    await page.waitForTimeout(50);
  }
  await page.evaluate(() => window.harness.unmount());
  await page.waitForTimeout(100);
  await page.evaluate((values) => window.harness.ourDocument('sales', 'invoice', values), {
    number: `CPU-${Date.now()}`,
    customer: 1,
    date: new Date().toISOString().slice(0, 10),
    lines: lineValues(LINES),
  });
  for (let i = 0; i < STEPS; i++) {
    await page.locator(`[data-lines] .ag-row[row-index="${i}"] [col-id="quantity"]`).click();
    await page.keyboard.press(String((i % 8) + 2));
    await page.waitForTimeout(50);
    await page.evaluate(() => window.harness.takeKeyLog());
    await take(`enter.${i}`, async () => {
      await page.keyboard.press('Enter');
      await page.waitForTimeout(60);
    });
    console.log(`enter ${i}: ${(await page.evaluate(() => window.harness.takeKeyLog()))[0]?.toFixed(1)} ms`);
    await page.keyboard.press('Escape');
    await page.waitForTimeout(50);
  }
}

function report(events: TraceEvent[]): void {
  const marks = events.filter((e) => e.cat.includes('user_timing') && e.name.startsWith('step:'));
  const first = marks[0];
  if (!first) throw new Error('no step marks in the trace');
  const onMain = events.filter((e) => e.pid === first.pid && e.tid === first.tid && e.ph === 'X');
  onMain.sort((a, b) => a.ts - b.ts);
  const tasks = onMain.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask');
  const within = (outer: TraceEvent, e: TraceEvent) =>
    e.ts >= outer.ts && e.ts + (e.dur ?? 0) <= outer.ts + (outer.dur ?? 0);
  const NAMES = [
    'EventDispatch',
    'FunctionCall',
    'TimerFire',
    'FireAnimationFrame',
    'UpdateLayoutTree',
    'Layout',
    'PrePaint',
    'Paint',
    'Layerize',
    'Commit',
    'RunMicrotasks',
    'MajorGC',
    'MinorGC',
  ];
  const samples = cpuSamples(events, first.pid);
  for (const mark of marks) {
    const t0 = mark.ts;
    const seen = tasks.filter((t) => t.ts + (t.dur ?? 0) >= t0 && t.ts < t0 + 45_000 && (t.dur ?? 0) > 200);
    console.log(`${mark.name}`);
    for (const t of seen) {
      const parts = new Map<string, number>();
      const types = new Set<string>();
      for (const e of onMain) {
        if (e.ts > t.ts + (t.dur ?? 0)) break;
        if (!within(t, e) || !NAMES.includes(e.name)) continue;
        parts.set(e.name, (parts.get(e.name) ?? 0) + (e.dur ?? 0));
        if (e.name === 'EventDispatch') types.add(String(e.args?.data?.type));
      }
      const bits = [...parts].map(([n, d]) => `${n} ${(d / 1000).toFixed(1)}`).join(', ');
      const ev = types.size ? ` [${[...types].join(' ')}]` : '';
      console.log(
        `    +${((t.ts - t0) / 1000).toFixed(1)} ms task ${((t.dur ?? 0) / 1000).toFixed(1)} ms${ev}: ${bits}`,
      );
    }
  }
  for (const kind of new Set(marks.map((m) => m.name))) {
    const windows = marks.filter((m) => m.name === kind).map((m) => [m.ts, m.ts + 40_000] as const);
    const self = new Map<string, number>();
    for (const s of samples)
      if (windows.some(([a, b]) => s.ts >= a && s.ts < b)) self.set(s.fn, (self.get(s.fn) ?? 0) + s.us);
    const total = [...self.values()].reduce((a, b) => a + b, 0);
    console.log(`${kind}: sampled self time per step ${(total / 1000 / windows.length).toFixed(1)} ms; top:`);
    for (const [k, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25))
      console.log(`  ${(us / 1000 / windows.length).toFixed(2)} ms  ${k}`);
  }
}

/** The sampled CPU profile of the trace (Profile + ProfileChunk events): one entry per sample. */
function cpuSamples(events: TraceEvent[], pid: number): { ts: number; fn: string; us: number }[] {
  const nodes = new Map<number, string>();
  const out: { ts: number; fn: string; us: number }[] = [];
  const starts = new Map<string, number>();
  for (const e of events)
    if (e.name === 'Profile' && e.pid === pid)
      starts.set(String((e as { id?: string }).id ?? ''), Number(e.args?.data?.['startTime']));
  const clock = new Map<string, number>();
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || e.pid !== pid) continue;
    const id = String((e as { id?: string }).id ?? '');
    const data = (e.args?.data ?? {}) as {
      cpuProfile?: {
        nodes?: { id: number; callFrame: { functionName: string; url?: string; lineNumber: number } }[];
        samples?: number[];
      };
      timeDeltas?: number[];
    };
    for (const n of data.cpuProfile?.nodes ?? [])
      nodes.set(
        n.id,
        `${n.callFrame.functionName || '(anonymous)'} ${(n.callFrame.url ?? '').split('/').pop() ?? ''}:${n.callFrame.lineNumber}`,
      );
    let t = clock.get(id) ?? starts.get(id) ?? 0;
    const deltas = data.timeDeltas ?? [];
    (data.cpuProfile?.samples ?? []).forEach((s, i) => {
      const d = deltas[i] ?? 0;
      t += d;
      out.push({ ts: t, fn: String(s), us: deltas[i + 1] ?? d });
    });
    clock.set(id, t);
  }
  return out.map((s) => ({ ...s, fn: nodes.get(Number(s.fn)) ?? s.fn }));
}
