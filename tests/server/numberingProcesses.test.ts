/**
 * A numbering series under concurrency across two real server processes (#23): on one PostgreSQL,
 * 2,000 drafts of a document numbered on finalise, finalised concurrently through both processes,
 * get the numbers 1..2000 exactly once each; on one SQLite file, the same with fewer writes (its
 * one writer: a write that meets the other process's lock answers 503 and is sent again, and the
 * number it had taken is given back).
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { EntityDefinition } from '../../runtime/shared/definition';
import { type ServerProcess, startServerProcess, stopServerProcesses } from '../support/serverProcess';
import { PASSWORD, SECRET, call, freshDatabase, makeApp, signIn, type TestDialect } from './helpers';

const SERIES = 'MP-{year}-{counter:5}';

const order: EntityDefinition = {
  name: 'counterDoc',
  module: 'common',
  title: { fa: 'سند شمارش', en: 'Counted document' },
  displayField: 'number',
  schema: {
    type: 'object',
    properties: {
      number: { type: 'string', maxLength: 20 },
      date: { type: 'string', format: 'date' },
      note: { type: 'string', maxLength: 40 },
    },
    required: ['date'],
  },
  fields: {
    number: { label: { fa: 'شماره', en: 'Number' } },
    date: { label: { fa: 'تاریخ', en: 'Date' } },
    note: { label: { fa: 'یادداشت', en: 'Note' } },
  },
  list: { columns: ['number', 'date', 'note'] },
  period: { field: 'date' },
  lifecycle: {},
  numbering: { field: 'number', pattern: SERIES, on: 'finalise' },
};

interface Answer {
  status: number;
  row?: { id: number; version: number; number?: string };
}

/** POSTs `body` to `action` of the test document, sent again while SQLite's other writer holds the lock. */
async function post(base: string, token: string, action: string, body: unknown): Promise<Answer> {
  for (;;) {
    const res = await fetch(`${base}/api/Common/CounterDoc/${action}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await res.json()) as { Data?: Answer['row'] };
    // SQLite: the other process held the write lock past the busy timeout; the write rolled back
    if (res.status === 503) continue;
    return { status: res.status, row: answer.Data };
  }
}

/** Runs `count` calls made by `call(process, i)` with at most `parallel` in flight, alternating between the processes. */
async function runAll(
  procs: ServerProcess[],
  count: number,
  parallel: number,
  call: (base: string, i: number) => Promise<Answer>,
): Promise<Answer[]> {
  const answers: Answer[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      answers[i] = await call(procs[i % procs.length]!.base, i);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return answers;
}

const expected = (count: number) =>
  Array.from({ length: count }, (_, i) => `MP-1405-${String(i + 1).padStart(5, '0')}`);

describe.each([
  ['postgres', 2000, 64],
  ['sqlite', 300, 16],
] as [TestDialect, number, number][])('numbering across two processes on %s', (dialect, count, parallel) => {
  const procs: ServerProcess[] = [];
  afterAll(() => stopServerProcesses(procs));

  it(`numbers ${count} concurrent finalises contiguously and once each`, async () => {
    const db = await freshDatabase(dialect);
    // migrate, seed and publish once, then two processes share the database
    const app = await makeApp(db.url);
    const analyst = await signIn(app, 'analyst');
    expect(
      (await call(app, 'SystemConfig/Designer/Publish', analyst.access_token, { definition: order })).status,
    ).toBe(200);
    const { access_token: token } = await signIn(app, 'admin');
    await app.close();
    procs.push(
      ...(await Promise.all([
        startServerProcess(db.url, { secret: SECRET, password: PASSWORD }),
        startServerProcess(db.url, { secret: SECRET, password: PASSWORD }),
      ])),
    );
    const drafts = await runAll(procs, count, parallel, (base, i) =>
      post(base, token, 'Create', { values: { date: '2026-06-01', note: `n${i}` } }),
    );
    expect(drafts.filter((a) => a.status !== 200)).toEqual([]);
    // a draft has no number yet: the series is spent only by the finalises below
    expect(drafts.filter((a) => a.row?.number)).toEqual([]);
    const finals = await runAll(procs, count, parallel, (base, i) =>
      post(base, token, 'Finalise', { id: drafts[i]!.row!.id, version: drafts[i]!.row!.version }),
    );
    expect(finals.filter((a) => a.status !== 200)).toEqual([]);
    const numbers = finals.map((a) => a.row?.number ?? '').sort();
    expect(numbers).toEqual(expected(count));
    await stopServerProcesses(procs);
    db.cleanup();
  }, 300_000); // a loaded 2-core machine: seed, publish and two process starts come first
});
