/**
 * Password resets and sessions (docs/api.md, account): an admin's reset and the forced change after
 * it end every session of the user; the temporary password of a reset request is never stored,
 * audited or answered (and a migration scrubs rows of earlier versions); PasswordReset/Request is
 * rate-limited, keeps one pending row per user and answers known and unknown users alike.
 */
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { EntityRow } from '../../runtime/shared/definition';
import type { ListPage } from '../../runtime/shared/envelope';
import { resetRequestsSettled } from '../../server/auth/resetRequests';
import { migrateDownTo, migrationsInCode } from '../../server/db/migrations';
import type { TokenPair } from '../../server/auth/tokens';
import type { UserEntry as UserAnswer } from '../../runtime/shared/users';
import { DIALECTS, call, freshDatabase, makeApp, signIn, token, type TestDb } from './helpers';

const HOUR = 3_600_000;
const TABLE = 'e_security_passwordresetrequest';

function resetFrom(app: FastifyInstance, address: string, username: string) {
  return app.inject({
    method: 'POST',
    url: '/api/Security/PasswordReset/Request',
    remoteAddress: address,
    payload: { username },
  });
}

const refreshWith = (app: FastifyInstance, refresh: string) =>
  token(app, { grant_type: 'refresh_token', refresh_token: refresh });

/** Holds the database's write lock (SQLite, from another thread) or the request table's (PostgreSQL) for `ms`. */
async function holdLock(dialect: string, url: string, ms: number): Promise<{ released: Promise<void> }> {
  if (dialect === 'sqlite') {
    const file = url.replace(/^sqlite:/, '');
    const worker = new Worker(
      `const { workerData, parentPort } = require('node:worker_threads');
       const db = new (require('better-sqlite3'))(workerData.file);
       db.exec('BEGIN IMMEDIATE');
       parentPort.postMessage('locked');
       Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, workerData.ms);
       db.exec('COMMIT');
       db.close();`,
      { eval: true, workerData: { file, ms } },
    );
    const released = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    await new Promise((resolve) => worker.once('message', resolve));
    return { released };
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('begin');
  await client.query(`lock table ${TABLE} in exclusive mode`);
  const released = new Promise<void>((resolve) =>
    setTimeout(() => {
      void client
        .query('commit')
        .then(() => client.end())
        .then(() => resolve());
    }, ms),
  );
  return { released };
}

describe.each(DIALECTS)('password resets and sessions on %s', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  let admin: string;

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url, { rateLimit: { windowMs: HOUR } });
    admin = (await signIn(app, 'admin')).access_token;
  });
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  async function userNamed(name: string): Promise<UserAnswer> {
    const list = await call<UserAnswer[]>(app, 'Security/User/List', admin);
    return list.body.Data.find((u) => u.username === name)!;
  }

  it(
    "an admin's password reset ends the user's sessions, and so does the forced change after it",
    { timeout: 120_000 },
    async () => {
      const before = await signIn(app, 'vendor');
      const saved = await call(app, 'Security/User/Save', admin, {
        ...(await userNamed('vendor')),
        password: 'Reset2026x',
      });
      expect(saved.status).toBe(200);
      expect((await refreshWith(app, before.refresh_token)).body).toEqual({ error: 'invalid_grant' });

      // two sessions with the temporary password; the forced change from one ends the other
      const mine = await signIn(app, 'vendor', 'Reset2026x');
      const other = await signIn(app, 'vendor', 'Reset2026x');
      const changed = await call<TokenPair>(app, 'Security/Account/ChangePassword', mine.access_token, {
        currentPassword: 'Reset2026x',
        newPassword: 'Own2026pass',
      });
      expect(changed.status).toBe(200);
      expect((await refreshWith(app, other.refresh_token)).body).toEqual({ error: 'invalid_grant' });
      expect((await refreshWith(app, mine.refresh_token)).body).toEqual({ error: 'invalid_grant' });
      // the pair the change answered goes on
      expect((await refreshWith(app, changed.body.Data.refresh_token)).status).toBe(200);
    },
  );

  it(
    'the temporary password never reaches the row, the audit trail or an answer, on Create as on Update',
    { timeout: 120_000 },
    async () => {
      const secret = 'Temp9876xyz';
      const created = await call<EntityRow>(app, 'Security/PasswordResetRequest/Create', admin, {
        values: { username: 'staff', status: 'approved', temporaryPassword: secret },
      });
      expect(created.status).toBe(200);
      expect(JSON.stringify(created.body)).not.toContain(secret);
      // approved on Create: the user's password is the temporary one, to be changed
      const temp = await signIn(app, 'staff', secret);
      expect((await call(app, 'Security/Menu/GetMenu', temp.access_token)).status).toBe(426);

      // pending with a temporary password: nothing happens, nothing is kept
      const pending = await call<EntityRow>(app, 'Security/PasswordResetRequest/Update', admin, {
        id: created.body.Data.id,
        version: created.body.Data.version,
        values: { username: 'staff', status: 'pending', temporaryPassword: 'Other5432abc' },
      });
      expect(pending.status).toBe(200);
      const weak = await call(app, 'Security/PasswordResetRequest/Update', admin, {
        id: created.body.Data.id,
        version: pending.body.Data.version,
        values: { username: 'staff', status: 'approved', temporaryPassword: 'short' },
      });
      expect(weak.status).toBe(417);
      expect(weak.body.ServerMessageTexts[0]?.FieldName).toBe('temporaryPassword');

      const rows = await app.ctx.db
        .selectFrom(TABLE as never)
        .selectAll()
        .execute();
      expect(JSON.stringify(rows)).not.toMatch(/Temp9876xyz|Other5432abc/);
      const audit = await app.ctx.db.selectFrom('audit_log').select(['diff', 'lines']).execute();
      expect(JSON.stringify(audit)).not.toMatch(/Temp9876xyz|Other5432abc/);
      const list = await call<ListPage<EntityRow>>(app, 'Security/PasswordResetRequest/GetList', admin, {
        startRow: 0,
        endRow: 100,
      });
      const got = await call(app, 'Security/PasswordResetRequest/Get', admin, { id: created.body.Data.id });
      const history = await call(app, 'Security/PasswordResetRequest/GetAudit', admin, {
        id: created.body.Data.id,
      });
      for (const answer of [list, got, history, pending]) {
        expect(answer.status).toBe(200);
        expect(JSON.stringify(answer.body)).not.toMatch(/Temp9876xyz|Other5432abc/);
      }
    },
  );

  it(
    'a migration scrubs temporary passwords that earlier versions stored',
    { timeout: 120_000 },
    async () => {
      const old = 'Stored1234old';
      const { id } = (await app.ctx.db
        .insertInto(TABLE as never)
        .values({
          username: 'customer',
          requestedAt: new Date().toISOString(),
          status: 'pending',
          temporaryPassword: old,
          version: 1,
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        } as never)
        .returning('id' as never)
        .executeTakeFirstOrThrow()) as { id: number };
      await app.ctx.db
        .insertInto('audit_log')
        .values({
          user_id: null,
          at: new Date().toISOString(),
          entity: 'security.passwordResetRequest',
          row_id: Number(id),
          action: 'create',
          diff: JSON.stringify({ status: [null, 'pending'], temporaryPassword: [null, old] }),
          lines: null,
        })
        .execute();
      // a database from before the migration: it and every later one taken back down
      await migrateDownTo(app.ctx.db as never, app.ctx.dialect, '0006_attachment_rows');
      const again = await makeApp(db.url);
      try {
        const rows = await again.ctx.db
          .selectFrom(TABLE as never)
          .selectAll()
          .execute();
        expect(JSON.stringify(rows)).not.toContain(old);
        const audit = await again.ctx.db
          .selectFrom('audit_log')
          .select('diff')
          .where('row_id', '=', Number(id))
          .where('entity', '=', 'security.passwordResetRequest')
          .execute();
        expect(audit.map((a) => JSON.parse(a.diff) as unknown)).toContainEqual({ status: [null, 'pending'] });
        expect(JSON.stringify(audit)).not.toContain(old);
      } finally {
        await again.close();
      }
    },
  );

  it(
    'reset requests are limited per address and per username (429 + Retry-After) and keep one pending row per user',
    { timeout: 60_000 },
    async () => {
      const limited = await makeApp(db.url, { rateLimit: { windowMs: HOUR } });
      try {
        const answers = [];
        for (let i = 0; i < 12; i++) answers.push(await resetFrom(limited, '10.8.0.1', `nobody${i}`));
        expect(answers.slice(0, 10).map((a) => a.statusCode)).toEqual(Array(10).fill(200));
        for (const refused of answers.slice(10)) {
          expect(refused.statusCode).toBe(429);
          expect(refused.json()).toMatchObject({ MessageTexts: [expect.any(String)] });
          expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        }
        // one username from many addresses: 3 per window
        const byName = [];
        for (let i = 0; i < 4; i++)
          byName.push((await resetFrom(limited, `10.8.1.${i}`, 'vendor')).statusCode);
        expect(byName).toEqual([200, 200, 200, 429]);
        await resetRequestsSettled(limited.ctx);
        const rows = await limited.ctx.db
          .selectFrom(TABLE as never)
          .selectAll()
          .where('username' as never, '=', 'vendor' as never)
          .execute();
        expect(rows).toHaveLength(1);
      } finally {
        await limited.close();
      }
    },
  );

  it(
    'a known and an unknown user get the same answer in the same time, even when the row write is slow',
    { timeout: 60_000 },
    async () => {
      const timed = async (address: string, username: string) => {
        const { released } = await holdLock(dialect, db.url, 1500);
        const started = Date.now();
        const res = await resetFrom(app, address, username);
        const ms = Date.now() - started;
        await released;
        await resetRequestsSettled(app.ctx);
        return { ms, status: res.statusCode, body: res.body };
      };
      const known = await timed('10.7.0.1', 'customer');
      const unknown = await timed('10.7.0.2', 'nobody-at-all');
      expect(known.status).toBe(200);
      expect(known.body).toBe(unknown.body);
      // the write waits for the lock (1.5 s); the answer must not tell whether there was one
      expect(Math.abs(known.ms - unknown.ms)).toBeLessThan(750);
    },
  );
});

describe('migrations', () => {
  it('every one from 0007 on can be taken down, so a test can make a database of an earlier version', async () => {
    const all = await migrationsInCode('sqlite');
    const later = Object.entries(all).filter(([name]) => name >= '0007');
    expect(later.length).toBeGreaterThan(4);
    for (const [name, migration] of later) expect(typeof migration.down, name).toBe('function');
  });
});
