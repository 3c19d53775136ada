/**
 * CPU profile of typing into the form bench's 300-field form (not a bench, not run by
 * `npm run bench`): `npx tsx bench/form.profile.ts [out] [ours|plain]`, BENCH_HARNESS_MINIFY=0 for
 * readable names. Types the form bench's keys into its typed field under the CDP Profiler (50 µs
 * sampling), writes the profile to `out` (default /tmp/form-typing.cpuprofile; open it in
 * Chromium's DevTools) and prints the sampled functions by self and total time per keystroke.
 * TRACE=1 instead records a Chromium trace of the typing (written to `out`) and prints, per key
 * event, the main thread's work from the event to the frame that painted it.
 */
import { writeFileSync } from 'node:fs';
import { standaloneModule, validationSchema } from '../server/definitions/validators';
import { buildHarness, HARNESS_DIST, launch, openHarness, serve } from './lib/browser';
import { FIELDS, formDefinition, plainFormSchema, TYPED_FIELD } from './lib/formDefinition';
import { TIMELINE_CATEGORIES, traced, type TraceEvent } from './lib/trace';
import { typeKeys } from './lib/typing';

const CATEGORIES = [
  ...TIMELINE_CATEGORIES,
  ...(process.env.TRACE_INPUT ? ['input', 'latencyInfo', 'benchmark', 'toplevel', 'scheduler'] : []),
];

const KEYS = Number(process.env.BENCH_KEYS ?? 200);
const TEXT = 'سلام دنیا این یک متن آزمایشی است ';
const out = process.argv[2] ?? '/tmp/form-typing.cpuprofile';
const which = process.argv[3] === 'plain' ? 'plain' : 'ours';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

buildHarness();
const definition = formDefinition();
const site = await serve(HARNESS_DIST);
site.files.set('/bench/form.validator.js', standaloneModule(validationSchema(definition.schema)));
site.files.set(
  '/bench/form.json',
  JSON.stringify({ ...definition, validators: { record: '/bench/form.validator.js', children: {} } }),
);
const browser = await launch();
try {
  const page = await openHarness(browser, site.url);
  const mount = () =>
    which === 'ours'
      ? page.evaluate((last) => window.harness.ourForm('/bench/form.json', last), `f${FIELDS - 2}`)
      : page.evaluate(([schema, last]) => window.harness.plainForm(schema, last), [
          plainFormSchema(),
          `f${FIELDS - 1}`,
        ] as const);
  await mount();
  await mount();
  await page.click(`#root_${TYPED_FIELD}`);
  // warm the typing path before the profile
  await typeKeys(page, TEXT, 30);
  const cdp = await page.context().newCDPSession(page);
  const text = TEXT.repeat(Math.ceil(KEYS / TEXT.length)).slice(0, KEYS);
  if (process.env.TRACE) {
    const events = await traced(cdp, CATEGORIES, async () => {
      await typeKeys(page, text, 60);
      await page.waitForTimeout(100);
    });
    writeFileSync(out, JSON.stringify(events));
    const keyLog = await page.evaluate(() => window.harness.takeKeyLog());
    frames(events, keyLog);
    process.exit(0);
  }
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
  await cdp.send('Profiler.start');
  await typeKeys(page, text, 60);
  await page.waitForTimeout(100);
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  writeFileSync(out, JSON.stringify(profile));
  summarise(profile);
} finally {
  await browser.close();
  await site.close();
}

/** Self and total ms per keystroke of the sampled functions (by name and place), largest first. */
function summarise(profile: Profile): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const key = (n: ProfileNode) => {
    const f = n.callFrame;
    const file = f.url.split('/').pop() ?? '';
    return `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
  };
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const node = byId.get(id);
    if (!node) return;
    const k = key(node);
    if (node.callFrame.functionName === '(idle)' || node.callFrame.functionName === '(program)') return;
    busy += dt;
    self.set(k, (self.get(k) ?? 0) + dt);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const a = byId.get(at);
      if (!a) break;
      const ak = key(a);
      if (seen.has(ak)) continue;
      seen.add(ak);
      total.set(ak, (total.get(ak) ?? 0) + dt);
    }
  });
  const per = (ms: number) => (ms / KEYS).toFixed(3);
  console.log(`${which}: ${per(busy)} ms sampled per keystroke (${KEYS} keys)`);
  const top = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `  ${per(v).padStart(7)}  ${k}`)
      .join('\n');
  console.log(`self ms per key:\n${top(self, 40)}`);
  console.log(`total ms per key:\n${top(total, 60)}`);
}

/**
 * Per input event (keydown, or input for the characters typed without one), the main thread's work
 * until the end of the next Paint after it, in ms from the event's dispatch.
 */
function frames(events: TraceEvent[], keyLog: number[]): void {
  const dispatches = events.filter((e) => e.name === 'EventDispatch' && e.ph === 'X');
  const first = dispatches[0];
  if (!first) throw new Error('no events in the trace');
  const main = events
    .filter((e) => e.pid === first.pid && e.tid === first.tid && e.ph === 'X')
    .sort((a, b) => a.ts - b.ts);
  const starts = dispatches.filter((e, i) => {
    const type = e.args?.data?.type;
    if (type === 'keydown') return true;
    // an input event with no keydown just before it (Input.insertText)
    const prev = dispatches[i - 1];
    return type === 'input' && !(prev && e.ts - prev.ts < 5_000 && prev.args?.data?.type !== 'keyup');
  });
  const NAMES = ['EventDispatch', 'FunctionCall', 'TimerFire', 'FireAnimationFrame', 'RunMicrotasks'];
  const FRAME = ['UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'Commit'];
  const rows: { kind: string; total: number; line: string; parts: Map<string, number> }[] = [];
  for (const s of starts) {
    const paint = main.find((e) => e.ts > s.ts && e.name === 'Paint');
    if (!paint) continue;
    const end = paint.ts + (paint.dur ?? 0);
    const parts = new Map<string, number>();
    for (const e of main) {
      if (e.ts < s.ts) continue;
      if (e.ts > end) break;
      if (NAMES.includes(e.name) || FRAME.includes(e.name) || e.name.endsWith('GC'))
        parts.set(e.name, (parts.get(e.name) ?? 0) + (e.dur ?? 0));
    }
    const commit = main.find((e) => e.ts > paint.ts && e.name === 'Commit');
    const total = ((commit ? commit.ts + (commit.dur ?? 0) : end) - s.ts) / 1000;
    const bits = [...parts].map(([n, d]) => `${n} ${(d / 1000).toFixed(1)}`).join(', ');
    const kind = String(s.args?.data?.type);
    if (commit) parts.set('Layerize+Commit', commit.ts + (commit.dur ?? 0) - end);
    rows.push({ kind, total, parts, line: `${kind.padEnd(7)} ${total.toFixed(1).padStart(5)} ms: ${bits}` });
  }
  for (const r of rows) console.log(r.line);
  const sorted = (k: string) =>
    rows
      .filter((r) => r.kind === k)
      .map((r) => r.total)
      .sort((a, b) => a - b);
  for (const k of ['keydown', 'input']) {
    const xs = sorted(k);
    if (xs.length)
      console.log(
        `${k}: n ${xs.length}, p50 ${xs[xs.length >> 1]?.toFixed(1)}, max ${xs.at(-1)?.toFixed(1)}`,
      );
  }
  const keydowns = rows.filter((r) => r.kind === 'keydown');
  const mean = new Map<string, number>();
  for (const r of keydowns) for (const [n, d] of r.parts) mean.set(n, (mean.get(n) ?? 0) + d);
  console.log(
    `keydown mean ms: ${[...mean].map(([n, d]) => `${n} ${(d / 1000 / keydowns.length).toFixed(2)}`).join(', ')}`,
  );
  console.log(`harness key log (keydown to paint): ${keyLog.map((x) => x.toFixed(1)).join(' ')}`);
}
