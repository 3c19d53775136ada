/** A Chromium trace of what `run` does, through CDP (the bench's profiling tools, not npm run bench). */
import type { CDPSession } from 'playwright-core';

/** The categories of a timeline trace: tasks, events, style, layout, paint and frames, script. */
export const TIMELINE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'v8.execute',
  'blink.user_timing',
];

export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  id?: string;
  args?: { data?: Record<string, unknown> } & Record<string, unknown>;
}

/** The trace events of the given categories recorded while `run` runs. */
export async function traced(
  cdp: CDPSession,
  categories: string[],
  run: () => Promise<void>,
): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { includedCategories: categories },
  });
  await run();
  await cdp.send('Tracing.end');
  await done;
  return events;
}
