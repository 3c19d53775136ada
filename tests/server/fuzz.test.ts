/**
 * Bad-input fuzzer (deterministic seed): 10,000 generated bad requests across every route the app
 * has (read from Fastify's route table: /Token, /revoke, every /api path, each entity action, the
 * meta/security/management ones): malformed JSON, wrong types, huge bodies, deep nesting, unknown
 * fields, SQL and JSON-path text in sort and filter models, lone surrogates, wrong content types,
 * with and without a token. Promises: no 5xx; every 4xx is the envelope (MessageTexts) or, on
 * /Token and /revoke, the OAuth error shape; refused calls write nothing (row counts and audit).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { freshDatabase, makeApp, signIn, type TestDb } from './helpers';

const TOTAL = 10_000;
const SEED = 0x5eed_1405;

/** mulberry32: a small deterministic generator. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HOSTILE_TEXT = [
  "'; drop table users; --",
  '" or 1=1 --',
  'code) or (1=1',
  "data->>'$.password'",
  '$.users[0].password_hash',
  "json_extract(x, '$')",
  'password_hash',
  '__proto__',
  'constructor',
  '\ud800',
  'a\udfffb',
  '\u0000',
  '𝕏'.repeat(3),
  '<img src=x onerror=alert(1)>',
  '%00%27',
  '../../etc/passwd',
  'x'.repeat(5000),
];

const WEIRD_VALUES: unknown[] = [
  null,
  true,
  -1,
  0,
  1.5,
  1e308,
  -0,
  '',
  '1',
  [],
  [1, 2],
  {},
  { $gt: '' },
  ...HOSTILE_TEXT,
];

function deep(depth: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
}

interface Route {
  method: 'GET' | 'POST';
  url: string;
}

function routesOf(app: FastifyInstance): Route[] {
  const routes: Route[] = [];
  const text = app.printRoutes({ commonPrefix: false });
  for (const match of text.matchAll(/(\/\S*) \(([A-Z, ]+)\)/g)) {
    const [, path, methods] = match as unknown as [string, string, string];
    for (const method of methods.split(', '))
      if (method === 'GET' || method === 'POST') routes.push({ method, url: path });
  }
  return routes;
}

describe('bad-input fuzzer (sqlite)', () => {
  let db: TestDb;
  let app: FastifyInstance;
  let token: string;

  beforeAll(async () => {
    db = await freshDatabase('sqlite');
    // few scrypt runs: the address budget for failed sign-ins is spent at once
    app = await makeApp(db.url, { rateLimit: { perAddress: 3, uiLogPerAddress: 20 } });
    token = (await signIn(app, 'admin')).access_token;
  });
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  async function counts(): Promise<Record<string, number>> {
    const tables = [...new Set(app.ctx.registry.all().map((e) => e.table)), 'audit_log', 'users'];
    const out: Record<string, number> = {};
    for (const table of tables) {
      const res = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(app.ctx.db);
      out[table] = Number(res.rows[0]?.n ?? 0);
    }
    return out;
  }

  it(
    `${TOTAL} bad requests: no 5xx, the right error shape, no partial writes`,
    { timeout: 180_000 },
    async () => {
      const random = rng(SEED);
      const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
      const routes = routesOf(app);
      const entities = app.ctx.registry.all();
      const entityPaths = entities.map((e) => {
        const [module, name] = [e.def.module, e.def.name];
        return `/api/${module[0]!.toUpperCase()}${module.slice(1)}/${name[0]!.toUpperCase()}${name.slice(1)}`;
      });
      const actions = ['GetList', 'Get', 'Create', 'Update', 'Delete', 'Export', 'getlist', 'Nope'];
      // every route of the table, and every entity action spelled out
      const targets: Route[] = [
        ...routes.filter((r) => !r.url.includes('*')),
        ...entityPaths.flatMap((p) => actions.map((a) => ({ method: 'POST' as const, url: `${p}/${a}` }))),
        { method: 'POST', url: '/Token' },
        { method: 'POST', url: '/revoke' },
        { method: 'GET', url: '/api/validators/x/y/record.0123456789abcdef0123.js' },
        { method: 'GET', url: '/api/validators/%2e%2e/%2e%2e/package.json' },
      ];
      expect(targets.length).toBeGreaterThan(entities.length * 6);
      const fieldNames = [...new Set(entities.flatMap((e) => Object.keys(e.def.schema.properties)))];
      const huge = JSON.stringify({ values: { name: 'x'.repeat(1_100_000) } });

      const bodies: Array<() => { payload?: string | Buffer; type?: string }> = [
        () => ({
          payload: pick(['{', '{"a":', '[', 'nul', '{"values":}', '{"id":1,}', "{'a':1}", '\u0000']),
        }),
        () => ({ payload: JSON.stringify(pick(WEIRD_VALUES)) }),
        () => ({ payload: huge }),
        () => ({ payload: JSON.stringify(deep(1 + Math.floor(random() * 4000))) }),
        () => ({ payload: JSON.stringify({ values: deep(500 + Math.floor(random() * 3000)) }) }),
        () => ({ payload: '['.repeat(3000 + Math.floor(random() * 20000)) + ']'.repeat(10) }),
        () => ({
          payload: JSON.stringify({
            id: pick(WEIRD_VALUES),
            version: pick(WEIRD_VALUES),
            values: Object.fromEntries(
              Array.from({ length: 1 + Math.floor(random() * 6) }, () => [
                random() < 0.7 ? pick(fieldNames) : pick(HOSTILE_TEXT),
                pick(WEIRD_VALUES),
              ]),
            ),
            [pick(HOSTILE_TEXT)]: pick(WEIRD_VALUES),
          }),
        }),
        () => ({
          payload: JSON.stringify({
            startRow: pick([0, -5, 'a', 1e12, 2.5, null]),
            endRow: pick([10, -1, 'b', 1e12, 0, null]),
            sortModel: pick([
              [{ colId: pick(HOSTILE_TEXT), sort: 'asc' }],
              [{ colId: pick(fieldNames), sort: pick(HOSTILE_TEXT) }],
              pick(HOSTILE_TEXT),
              [pick(WEIRD_VALUES)],
            ]),
            filterModel: pick([
              { [pick(HOSTILE_TEXT)]: { filterType: 'text', type: 'equals', filter: 'x' } },
              {
                [pick(fieldNames)]: {
                  filterType: pick(['text', 'number', 'date', 'set', pick(HOSTILE_TEXT)]),
                  type: pick(['equals', 'contains', 'inRange', 'blank', pick(HOSTILE_TEXT)]),
                  filter: pick(WEIRD_VALUES),
                  filterTo: pick(WEIRD_VALUES),
                  values: pick(WEIRD_VALUES),
                  operator: pick(['AND', 'OR', pick(HOSTILE_TEXT)]),
                  conditions: [pick(WEIRD_VALUES)],
                },
              },
              [],
              pick(HOSTILE_TEXT),
            ]),
            format: pick(['csv', 'xlsx', pick(HOSTILE_TEXT), 5]),
            entity: pick(HOSTILE_TEXT),
            module: pick(HOSTILE_TEXT),
            name: pick(HOSTILE_TEXT),
          }),
        }),
        // raw lone surrogates and invalid UTF-8 bytes
        () => ({ payload: '{"values":{"name":"\\ud800\\udc00\\ud800","code":"\\udfff"}}' }),
        () => ({ payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x22, 0x7d]) }),
        () => ({
          payload: '{"a":1}',
          type: pick([
            'text/plain',
            'application/xml',
            'multipart/form-data; boundary=x',
            'application/x-www-form-urlencoded',
            'application/json; charset=latin1',
            '',
          ]),
        }),
        () => ({
          payload: pick([
            'grant_type=password&username=%ff&password=x',
            'grant_type[]=x',
            'a=%E0%A4%A',
            'token=\u0000',
          ]),
          type: 'application/x-www-form-urlencoded',
        }),
      ];

      const before = await counts();
      let acceptedWrites = 0;
      const failures: string[] = [];
      const seen = new Map<number, number>();
      let next = 0;
      const one = async (): Promise<void> => {
        const target = pick(targets);
        const body = pick(bodies)();
        const auth = random();
        const headers: Record<string, string> = {};
        if (body.type !== '') headers['content-type'] = body.type ?? 'application/json';
        if (auth < 0.6) headers.authorization = `Bearer ${token}`;
        else if (auth < 0.7)
          headers.authorization = pick(['Bearer x.y.z', 'Basic YTpi', 'Bearer ' + pick(HOSTILE_TEXT)]);
        if (random() < 0.05) headers.tenant = pick(HOSTILE_TEXT);
        if (random() < 0.05) headers.selectedYear = pick(['-1', 'x', '1e99']);
        const options: InjectOptions = { method: target.method, url: target.url, headers };
        if (target.method === 'POST') options.payload = body.payload;
        const res = await app.inject(options);
        seen.set(res.statusCode, (seen.get(res.statusCode) ?? 0) + 1);
        const where = `${target.method} ${target.url} ${String(body.payload).slice(0, 80)} → ${res.statusCode}`;
        if (res.statusCode >= 500) failures.push(`${where} ${res.body.slice(0, 200)}`);
        // planned answers in other shapes: a GET outside the API proper falls to the client's fallback
        // (text/plain 404 when no client is built), and Export answers its errors as a translated text
        // file (the client reads every export answer as a Blob)
        const planned =
          (target.method === 'GET' &&
            res.statusCode === 404 &&
            /^text\/plain/.test(String(res.headers['content-type']))) ||
          (/\/Export$/i.test(target.url) &&
            /^application\/octet-stream/.test(String(res.headers['content-type'])));
        if (res.statusCode >= 400 && res.statusCode < 500 && !planned) {
          let parsed: unknown;
          try {
            parsed = res.json();
          } catch {
            failures.push(`${where}: not JSON`);
            return;
          }
          const oauth = /^\/(Token|revoke)\b/.test(target.url);
          const ok = oauth
            ? typeof (parsed as { error?: unknown }).error === 'string'
            : Array.isArray((parsed as { MessageTexts?: unknown }).MessageTexts) &&
              (parsed as { MessageTexts: unknown[] }).MessageTexts.length > 0;
          if (!ok) failures.push(`${where}: bad error shape ${res.body.slice(0, 200)}`);
        }
        if (res.statusCode < 300 && /\/(Create|Update|Delete)$|Save$|Publish$|Rollback$/i.test(target.url))
          acceptedWrites += 1;
      };
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (next < TOTAL) {
            next += 1;
            await one();
          }
        }),
      );
      expect(failures.slice(0, 20)).toEqual([]);
      expect([...seen.values()].reduce((a, b) => a + b, 0)).toBe(TOTAL);
      // refused calls wrote nothing: every table as before (bad input is never a valid write here)
      expect(acceptedWrites).toBe(0);
      expect(await counts()).toEqual(before);
    },
  );
});
