/**
 * A 300-field form in Chromium: our EntityForm (our widgets mixed, live rules on; bench/lib/
 * formDefinition.ts) beside a plain RJSF 6 Form of 300 plain fields, in the same page, alternated.
 * Figures: first render (mount to the painted last field), keystroke to the next painted frame
 * (p95, typing into a text field in the middle), script time per keystroke (CDP ScriptDuration).
 * Every typed character is a key press of its own, 60 ms after the one before (bench/lib/typing.ts),
 * so the keystroke figure has BENCH_KEYS samples per round; the cross-check times every typed
 * character from its input event to the next painted frame (without the key's delivery and the
 * keydown before it), and a keydown that changes nothing (Shift) in the same field is timed to the
 * next painted frame (the frame alone). The keystroke is judged against that no-op keydown of the
 * same run (p95 ≤ its p95 + 4 ms): on a shared machine a frame tick alone takes 11-27 ms, so a fixed
 * number of milliseconds judges the machine, not the form.
 * BENCH_ROUNDS first renders per form (default 9), BENCH_KEYS keystrokes per round (default 40).
 */
import type { Page } from 'playwright-core';
import { standaloneModule, validationSchema } from '../server/definitions/validators';
import { buildHarness, HARNESS_DIST, launch, openHarness, scriptMs, serve } from './lib/browser';
import { FIELDS, formDefinition, plainFormSchema, TYPED_FIELD } from './lib/formDefinition';
import { percentile, round, writeResults, type Figure } from './lib/results';
import { typeKeys } from './lib/typing';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const KEYS = Number(process.env.BENCH_KEYS ?? 40);
const TEXT = 'سلام دنیا این یک متن آزمایشی است ';

const median = (xs: number[]) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    50,
  );
const p95 = (xs: number[]) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    95,
  );

buildHarness();
const definition = formDefinition();
const site = await serve(HARNESS_DIST);
site.files.set('/bench/form.validator.js', standaloneModule(validationSchema(definition.schema)));
site.files.set(
  '/bench/form.json',
  JSON.stringify({ ...definition, validators: { record: '/bench/form.validator.js', children: {} } }),
);
const plainSchema = plainFormSchema();
// the last field shown (the last group's Sheba field shows only when its boolean is on)
const ourLast = `f${FIELDS - 2}`;
const plainLast = `f${FIELDS - 1}`;

const browser = await launch();
try {
  const page = await openHarness(browser, site.url);
  const ours = () => page.evaluate((last) => window.harness.ourForm('/bench/form.json', last), ourLast);
  const plain = () =>
    page.evaluate(([schema, last]) => window.harness.plainForm(schema, last), [
      plainSchema,
      plainLast,
    ] as const);

  // warm-up (code parsed and compiled, validators loaded), then alternate
  await plain();
  await ours();
  const render = { ours: [] as number[], plain: [] as number[] };
  for (let i = 0; i < ROUNDS; i++) {
    render.plain.push(await plain());
    render.ours.push(await ours());
  }
  console.log(`  first render ms: ours ${render.ours.map((x) => round(x, 1)).join(' ')}`);
  console.log(`                   plain ${render.plain.map((x) => round(x, 1)).join(' ')}`);

  // cross-check: every input event (each typed character) to the next painted frame
  await page.evaluate(() => {
    const log: number[] = [];
    Object.assign(window, { inputLog: log });
    window.addEventListener(
      'input',
      (e) => {
        const start = e.timeStamp;
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => log.push(performance.now() - start);
          channel.port2.postMessage(null);
        });
      },
      true,
    );
  });
  const takeInputLog = () =>
    page.evaluate(() => (window as unknown as { inputLog: number[] }).inputLog.splice(0));

  /** Types KEYS characters into the typed field: keystroke-to-paint times and script ms per key. */
  const typing = async (mount: () => Promise<number>) => {
    await mount();
    await page.click(`#root_${TYPED_FIELD}`);
    await page.evaluate(() => window.harness.takeKeyLog());
    await takeInputLog();
    const text = TEXT.repeat(Math.ceil(KEYS / TEXT.length)).slice(0, KEYS);
    const script = await scriptMs(page, async () => {
      await typeKeys(page, text, 60);
      await page.waitForTimeout(100);
    });
    const log = await page.evaluate(() => window.harness.takeKeyLog());
    return { log, inputs: await takeInputLog(), scriptPerKey: script / KEYS };
  };
  const keys = { ours: [] as number[], plain: [] as number[] };
  const inputs = { ours: [] as number[], plain: [] as number[] };
  const script = { ours: [] as number[], plain: [] as number[] };
  for (let i = 0; i < 3; i++) {
    const p = await typing(plain);
    keys.plain.push(...p.log);
    inputs.plain.push(...p.inputs);
    script.plain.push(p.scriptPerKey);
    const o = await typing(ours);
    keys.ours.push(...o.log);
    inputs.ours.push(...o.inputs);
    script.ours.push(o.scriptPerKey);
  }
  await checkTyped(page);

  // cross-check: a keydown that changes nothing (Shift) in the same field of our form, to the next
  // painted frame: what a key costs before the form does anything with it
  await ours();
  await page.click(`#root_${TYPED_FIELD}`);
  const idle: number[] = [];
  for (let i = 0; i < KEYS; i++) {
    await page.evaluate(() => window.harness.takeKeyLog());
    await page.keyboard.press('Shift');
    await page.waitForTimeout(60);
    idle.push(...(await page.evaluate(() => window.harness.takeKeyLog())));
  }

  // cross-check: a key in a money field to the painted computed field that reads it (the form
  // takes the key after the field's own frame: widgets/draft.ts)
  await ours();
  const money = `f${Number(TYPED_FIELD.slice(1)) + 1}`; // field 1 of its group: money
  const computed = `f${Number(TYPED_FIELD.slice(1)) + 6}`; // field 6: money × 2 + field 8
  // the computed field needs both its inputs (JSON Logic adds an empty one as NaN)
  const other = `f${Number(TYPED_FIELD.slice(1)) + 8}`; // field 8: number
  await page.click(`#root_${other}`);
  await typeKeys(page, '5', 0);
  const computedTimes: number[] = [];
  for (let round = 0; round < 3; round++) {
    await page.fill(`#root_${money}`, '');
    await page.waitForTimeout(100);
    for (let i = 0; i < 7; i++) {
      await page.evaluate((sel) => window.harness.watchValue(sel), `#root_${computed}`);
      await typeKeys(page, String(((round + i) % 9) + 1), 0);
      await page.waitForTimeout(100);
      const t = await page.evaluate(() => window.harness.valueChanged());
      if (!Number.isNaN(t)) computedTimes.push(t);
    }
  }
  if (computedTimes.length < 10) throw new Error('typing did not change the computed field');
  console.log(`  key to the computed field painted ms: ${computedTimes.map((x) => round(x, 1)).join(' ')}`);

  const renderOurs = round(median(render.ours), 1);
  const renderPlain = round(median(render.plain), 1);
  const keyOurs = round(p95(keys.ours), 1);
  const keyPlain = round(p95(keys.plain), 1);
  const scriptOurs = round(median(script.ours), 2);
  const scriptPlain = round(median(script.plain), 2);
  const inputOurs = round(p95(inputs.ours), 1);
  const inputPlain = round(p95(inputs.plain), 1);
  console.log(
    `  keystroke to paint p50: ours ${round(median(keys.ours), 1)} plain ${round(median(keys.plain), 1)} ` +
      `(${keys.ours.length} and ${keys.plain.length} keydowns); input event to paint p50: ` +
      `ours ${round(median(inputs.ours), 1)} plain ${round(median(inputs.plain), 1)} ` +
      `(${inputs.ours.length} and ${inputs.plain.length} characters); ` +
      `script per key: ours ${script.ours.map((x) => round(x, 2)).join(' ')} plain ${script.plain.map((x) => round(x, 2)).join(' ')}`,
  );
  const idleP95 = round(p95(idle), 1);
  const figures: Figure[] = [
    {
      name: `${FIELDS}-field form: first render p50`,
      value: renderOurs,
      unit: 'ms',
      floor: renderPlain,
      floorName: 'plain RJSF form',
      goal: '≤ 250 ms',
      pass: renderOurs <= 250,
    },
    {
      name: `${FIELDS}-field form: keystroke to paint p95`,
      value: keyOurs,
      unit: 'ms',
      floor: idleP95,
      floorName: 'no-op keydown (Shift in the typed field): the frame alone',
      goal: '≤ floor + 4 ms',
      pass: keyOurs <= idleP95 + 4,
    },
    {
      name: `${FIELDS}-field form: keystroke to paint p95 beside the plain form (cross-check)`,
      value: keyOurs,
      unit: 'ms',
      floor: keyPlain,
      floorName: 'plain RJSF form',
      goal: 'reported',
      pass: true,
    },
    {
      name: `${FIELDS}-field form: input event to paint p95, every typed character (cross-check)`,
      value: inputOurs,
      unit: 'ms',
      floor: inputPlain,
      floorName: 'plain RJSF form',
      goal: 'reported',
      pass: true,
    },
    {
      name: `${FIELDS}-field form: key in a money field to the computed field that reads it painted p95`,
      value: round(p95(computedTimes), 1),
      unit: 'ms',
      goal: 'reported',
      pass: true,
    },
    {
      name: `${FIELDS}-field form: script per keystroke`,
      value: scriptOurs,
      unit: 'ms',
      floor: scriptPlain,
      floorName: 'plain RJSF form',
      goal: '≤ floor',
      pass: scriptOurs <= scriptPlain,
    },
  ];
  writeResults('form', figures);
} finally {
  await browser.close();
  await site.close();
}

/** The typed text really reached the form (the figures measure real input). */
async function checkTyped(page: Page): Promise<void> {
  const value = await page.inputValue(`#root_${TYPED_FIELD}`);
  if (value.length < KEYS / 2) throw new Error(`typing did not reach the form: "${value}"`);
}
