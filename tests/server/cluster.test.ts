/**
 * `npm start` with WORKERS=2 (server/cluster/), on SQLite and PostgreSQL: the real server, two
 * processes behind one port. Requests reach both; what one process keeps in memory follows the
 * writes of the other before the writer answers (a permission taken away is refused on the next
 * request, wherever it lands); sign-in limits and refresh-token families hold across them;
 * concurrent writes from both land, none refused for a busy database; an import job runs in one
 * process only, however often the other is asked its status.
 *
 * A keep-alive connection stays with the process that accepted it, so an http.Agent of one socket
 * pins its requests to one process: `pinned()` opens connections until it holds one to each.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportJobAnswer } from '../../runtime/shared/imports';
import { DEFAULT_RATE_LIMIT, PROJECT_ROOT } from '../../server/config';
import { openDatabase } from '../../server/db/connection';
import type { Untyped } from '../../server/db/untyped';
import { freePort } from '../support/pg';
import { DIALECTS, PASSWORD, SECRET, freshDatabase, inFreshWindow, type TestDb } from './helpers';

interface Answer {
  status: number;
  pid: string;
  body: Record<string, unknown>;
}

/** Time the rate-limit test needs at most, with room. */
const WINDOW_MARGIN_MS = 30_000;

async function startCluster(databaseUrl: string): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const child = spawn(join(PROJECT_ROOT, 'node_modules/.bin/tsx'), ['server/main.ts'], {
    cwd: PROJECT_ROOT,
    detached: true, // its own process group: the primary and both workers end together
    env: {
      ...process.env,
      WORKERS: '2',
      WORKER_PID_HEADER: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      JWT_SECRET: SECRET,
      DEMO_PASSWORD: PASSWORD,
      DEMO_VOLUME: 'small',
      STATIC_DIR: join(tmpdir(), 'no-such-dist'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`cluster did not start:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
      if (output.includes('all 2 server processes listening')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`cluster exited with ${code}:\n${output}`));
    });
  });
  child.removeAllListeners('exit');
  child.stdout?.resume();
  child.stderr?.resume();
  return { child, port };
}

function send(
  port: number,
  agent: Agent | false,
  path: string,
  body: string,
  headers: Record<string, string>,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            pid: String(res.headers['x-server-pid'] ?? ''),
            body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe.each(DIALECTS)('two server processes (WORKERS=2) on %s', (dialect) => {
  let db: TestDb;
  let cluster: { child: ChildProcess; port: number };
  /** One agent per process: [agent, pid]. */
  const agents: [Agent, string][] = [];
  const tokens: Record<string, string> = {};

  const api = (agent: Agent | false, path: string, who: string | null, body: unknown = {}) =>
    send(cluster.port, agent, `/api/${path}`, JSON.stringify(body), {
      'content-type': 'application/json',
      ...(who ? { authorization: `Bearer ${who}` } : {}),
    });
  const tokenCall = (agent: Agent | false, fields: Record<string, string>) =>
    send(cluster.port, agent, '/Token', new URLSearchParams(fields).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
    });
  const pinned = (): [[Agent, string], [Agent, string]] => agents as [[Agent, string], [Agent, string]];

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    cluster = await startCluster(db.url);
    for (let i = 0; i < 20 && agents.length < 2; i++) {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      const { pid } = await api(agent, 'Nothing/Here', null);
      if (pid && !agents.some(([, p]) => p === pid)) agents.push([agent, pid]);
      else agent.destroy();
    }
    for (const user of ['admin', 'staff']) {
      const res = await tokenCall(false, { grant_type: 'password', username: user, password: PASSWORD });
      tokens[user] = String(res.body.access_token);
    }
  }, 150_000);

  afterAll(async () => {
    for (const [agent] of agents) agent.destroy();
    if (cluster?.child.exitCode === null) {
      const exited = new Promise((done) => cluster.child.once('exit', done));
      process.kill(-cluster.child.pid!, 'SIGTERM');
      await exited;
    }
    db?.cleanup();
  }, 30_000);

  it('serves requests from both processes, connections handed out in turn', async () => {
    expect(agents).toHaveLength(2);
    const pids = new Set<string>();
    for (let i = 0; i < 6; i++) pids.add((await api(false, 'Security/Menu/GetMenu', tokens.staff!)).pid);
    expect(pids.size).toBe(2);
    expect(pids).toEqual(new Set(agents.map(([, p]) => p)));
  });

  it('a permission taken away through one process is refused by the other on its next request', async () => {
    const [[a], [b]] = pinned();
    const list = (agent: Agent) =>
      api(agent, 'Sales/Customer/GetList', tokens.staff!, {
        startRow: 0,
        endRow: 5,
        sortModel: [],
        filterModel: {},
      });
    // both processes have the staff role's permissions in their caches
    expect((await list(a)).status).toBe(200);
    expect((await list(b)).status).toBe(200);
    const got = await api(a, 'Security/Permission/Get', tokens.admin!, { role: 'staff' });
    expect(got.status).toBe(200);
    const entry = (
      got.body.Data as { entities: { key: string; permissions: object; fields: object }[] }
    ).entities.find((e) => e.key === 'sales.customer')!;
    const save = (view: boolean, agent: Agent) =>
      api(agent, 'Security/Permission/Save', tokens.admin!, {
        role: 'staff',
        entities: [{ key: entry.key, permissions: { ...entry.permissions, view }, fields: entry.fields }],
      });
    expect((await save(false, a)).status).toBe(200);
    expect((await list(b)).status).toBe(403);
    expect((await list(a)).status).toBe(403);
    // and back, the other way round
    expect((await save(true, b)).status).toBe(200);
    expect((await list(a)).status).toBe(200);
  });

  it('counts failed sign-ins of both processes against one limit', async () => {
    const [[a], [b]] = pinned();
    await inFreshWindow(DEFAULT_RATE_LIMIT.windowMs, WINDOW_MARGIN_MS);
    for (let i = 0; i < DEFAULT_RATE_LIMIT.perUser; i++) {
      const res = await tokenCall(i % 2 ? a : b, {
        grant_type: 'password',
        username: 'vendor',
        password: 'wrong-1234',
      });
      expect(res.status).toBe(400);
    }
    for (const agent of [a, b]) {
      const res = await tokenCall(agent, { grant_type: 'password', username: 'vendor', password: PASSWORD });
      expect(res.status).toBe(429);
    }
  }, 60_000);

  it('a refresh token used on one process and presented again on the other revokes its family', async () => {
    const [[a], [b]] = pinned();
    const first = await tokenCall(a, { grant_type: 'password', username: 'staff', password: PASSWORD });
    expect(first.status).toBe(200);
    const refresh = String(first.body.refresh_token);
    const rotated = await tokenCall(a, { grant_type: 'refresh_token', refresh_token: refresh });
    expect(rotated.status).toBe(200);
    const reuse = await tokenCall(b, { grant_type: 'refresh_token', refresh_token: refresh });
    expect(reuse.status).toBe(400);
    const familyDead = await tokenCall(a, {
      grant_type: 'refresh_token',
      refresh_token: String(rotated.body.refresh_token),
    });
    expect(familyDead.status).toBe(400);
  });

  it('lands every one of many concurrent creates from both processes, with exact counts on both', async () => {
    const [[a], [b]] = pinned();
    const tag = `CL${dialect.slice(0, 2)}${Date.now().toString(36)}`.toUpperCase();
    const count = async (agent: Agent) => {
      const res = await api(agent, 'Sales/Customer/GetList', tokens.admin!, {
        startRow: 0,
        endRow: 1,
        sortModel: [],
        filterModel: { code: { filterType: 'text', type: 'startsWith', filter: tag } },
      });
      return (res.body.Data as { lastRow: number }).lastRow;
    };
    const create = (agent: Agent | false, i: number) =>
      api(agent, 'Sales/Customer/Create', tokens.admin!, {
        values: {
          code: `${tag}-${i}`,
          name: 'مشتری آزمون دو فرایند',
          customerType: 'person',
          nationalCode: '0499370899',
          city: 'تهران',
          active: true,
        },
      });
    expect((await create(a, 1000)).status).toBe(200);
    expect((await create(a, 1001)).status).toBe(200);
    // both processes keep the count of this filter (more rows than the page asked: counted)
    expect(await count(a)).toBe(2);
    expect(await count(b)).toBe(2);
    const N = 120;
    const answers = await Promise.all(Array.from({ length: N }, (_, i) => create(false, i)));
    expect(answers.filter((r) => r.status !== 200).map((r) => JSON.stringify(r.body))).toEqual([]);
    expect(new Set(answers.map((r) => r.pid)).size).toBe(2);
    // the writes of each process dropped the other's kept count
    expect(await count(a)).toBe(N + 2);
    expect(await count(b)).toBe(N + 2);
    // one more through one process: the other's kept count follows at once
    expect((await create(a, 1002)).status).toBe(200);
    expect(await count(b)).toBe(N + 3);
  }, 60_000);

  it('runs an import job in one process only, while both are asked its status', async () => {
    const [[a], [b]] = pinned();
    const tag = `IM${dialect.slice(0, 2)}${Date.now().toString(36)}`.toUpperCase();
    const N = 1000;
    const lines = ['کد مشتری,نام,نوع,کد ملی'];
    for (let i = 0; i < N; i++) lines.push(`${tag}-${i},مشتری درون‌ریزی,حقیقی,0499370899`);
    const content = Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8').toString('base64');
    const started = await api(a, 'Import/Run', tokens.admin!, {
      entity: 'sales.customer',
      fileName: 'c.csv',
      content,
      mode: 'insert',
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const id = String((started.body.Data as { id: string }).id);
    let job: ImportJobAnswer | null = null;
    for (let i = 0; i < 2000 && job?.status !== 'done'; i++) {
      // the process that did not start it is asked most
      const s = await api(i % 4 ? b : a, 'Import/Status', tokens.admin!, { id });
      expect(s.status).toBe(200);
      job = s.body.Data as ImportJobAnswer;
      if (job.status !== 'running' && job.status !== 'done') break;
    }
    expect(job).toMatchObject({ status: 'done', written: N, failed: 0, errors: [] });
    const database = openDatabase(db.url);
    try {
      const sql = database.db as unknown as Untyped;
      // a second run (in the other process) would fail on every row the first wrote, and record so
      // when it ends: it is given the time to
      await new Promise((r) => setTimeout(r, 3000));
      const row = (await sql
        .selectFrom('import_jobs')
        .select(['lease_owner', 'written', 'failed'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()) as { lease_owner: string; written: unknown; failed: unknown };
      expect([Number(row.written), Number(row.failed)]).toEqual([N, 0]);
      // held by the process that started it, from start to end
      expect(row.lease_owner.split(':')[1]).toBe(started.pid);
      const written = (await sql
        .selectFrom('e_sales_customer')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('code', 'like', `${tag}-%`)
        .executeTakeFirstOrThrow()) as { n: unknown };
      expect(Number(written.n)).toBe(N);
    } finally {
      await database.close();
    }
  }, 120_000);
});
