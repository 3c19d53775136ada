/**
 * Concurrency on both databases: two users saving the same record — the later save gets the Persian
 * conflict message (417) and nothing is silently overwritten; 10,000 concurrent operations (5,000 per
 * database: creates and read-modify-write increments with version retry on one row) lose nothing: every create is a
 * row with its audit entry, and the counter ends at exactly its start plus the acknowledged increments.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EntityRow } from '../../runtime/shared/definition';
import type { ListPage } from '../../runtime/shared/envelope';
import { sql } from 'kysely';
import type { CurrentUser } from '../../server/context';
import { createRow, getRow, updateRow } from '../../server/entities/repository';
import { HttpError } from '../../server/http/errors';
import { DIALECTS, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

const CONFLICT_FA =
  'این رکورد پس از باز شدن توسط کاربر دیگری تغییر کرده است. صفحه را بازخوانی کنید و دوباره تلاش کنید.';
// per database: 5,000 on SQLite and 5,000 on PostgreSQL, through the repository (the layer that
// owns versions and audit); the HTTP path of a conflict is the first test
const CREATES = 4_800;
const INCREMENTS = 200;
const WORKERS = 32;

/** The editable values of a row as Get answers it (the schema's properties only, no nulls). */
function editable(app: FastifyInstance, apiPath: string, row: EntityRow): Record<string, unknown> {
  const [module, name] = apiPath.split('/') as [string, string];
  const entity = app.ctx.registry.byApiPath(module, name);
  if (!entity) throw new Error(`no entity ${apiPath}`);
  const values: Record<string, unknown> = {};
  for (const key of Object.keys(entity.def.schema.properties))
    if (row[key] !== null && row[key] !== undefined) values[key] = row[key];
  return values;
}

/** Runs `count` jobs with `workers` at a time. */
async function pool(count: number, workers: number, job: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < count) await job(next++);
    }),
  );
}

describe.each(DIALECTS)('concurrent saves on %s', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  let admin: string;
  let staff: string;

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url);
    admin = (await signIn(app, 'admin')).access_token;
    staff = (await signIn(app, 'staff')).access_token;
  });
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  it('the later of two saves of one record gets the Persian conflict message', async () => {
    const page = await call<ListPage<EntityRow>>(app, 'Sales/Customer/GetList', staff, {
      startRow: 0,
      endRow: 1,
    });
    const id = page.body.Data.rows[0]!.id;
    const opened = await call<EntityRow>(app, 'Sales/Customer/Get', staff, { id });
    const again = await call<EntityRow>(app, 'Sales/Customer/Get', admin, { id });
    const row = opened.body.Data;
    const first = await call<EntityRow>(app, 'Sales/Customer/Update', staff, {
      id,
      version: row.version,
      values: { ...editable(app, 'Sales/Customer', row), name: 'ذخیرهٔ اول' },
    });
    expect(first.status).toBe(200);
    const second = await call<EntityRow>(app, 'Sales/Customer/Update', admin, {
      id,
      version: again.body.Data.version,
      values: { ...editable(app, 'Sales/Customer', again.body.Data), name: 'ذخیرهٔ دوم' },
    });
    expect(second.status).toBe(417);
    expect(second.body.MessageTexts).toEqual([CONFLICT_FA]);
    const stored = await call<EntityRow>(app, 'Sales/Customer/Get', staff, { id });
    expect(stored.body.Data.name).toBe('ذخیرهٔ اول');
    expect(stored.body.Data.version).toBe(row.version + 1);
    // a stale delete is refused the same way
    const del = await call(app, 'Sales/Customer/Delete', admin, { id, version: row.version });
    expect(del.status).toBe(417);
    expect(del.body.MessageTexts).toEqual([CONFLICT_FA]);
  });

  it(`${CREATES + INCREMENTS} concurrent operations lose nothing`, { timeout: 120_000 }, async () => {
    const { ctx } = app;
    const unit = ctx.registry.byApiPath('Inventory', 'Unit')!;
    const item = ctx.registry.byApiPath('Inventory', 'Item')!;
    const row = await app.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    const user: CurrentUser = {
      id: Number(row.id),
      username: row.username,
      displayName: row.display_name,
      role: row.role,
      isVendor: false,
      isCustomer: false,
      partyId: null,
      pwdChange: false,
    };
    const count = async (table: string) =>
      Number(
        (await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(ctx.db)).rows[0]!.n,
      );
    const unitsBefore = await count(unit.table);
    const auditBefore = await count('audit_log');
    const items = await call<ListPage<EntityRow>>(app, 'Inventory/Item/GetList', admin, {
      startRow: 0,
      endRow: 1,
    });
    const itemId = Number(items.body.Data.rows[0]!.id);
    const start = Number((await getRow(ctx, item, user, itemId)).salePrice ?? 0);

    let conflicts = 0;
    let acknowledged = 0;
    const increment = async () => {
      for (;;) {
        const current = await getRow(ctx, item, user, itemId);
        const values = {
          ...editable(app, 'Inventory/Item', current as EntityRow),
          salePrice: Number(current.salePrice ?? 0) + 1,
        };
        try {
          await updateRow(ctx, item, user, itemId, Number(current.version), values);
          acknowledged += 1;
          return;
        } catch (e) {
          expect(e).toBeInstanceOf(HttpError);
          expect((e as HttpError).key).toBe('ConcurrencyConflict');
          conflicts += 1;
        }
      }
    };
    const created = new Set<number>();
    // creates and increments interleaved: every 25th job is an increment
    await pool(CREATES + INCREMENTS, WORKERS, async (i) => {
      if (i % 25 === 0) return increment();
      const res = await createRow(ctx, unit, user, { title: `واحد ${i}`, symbol: `u${i}` });
      created.add(Number(res.id));
    });

    expect(acknowledged).toBe(INCREMENTS);
    expect(created.size).toBe(CREATES);
    expect(conflicts).toBeGreaterThan(0); // the increments really raced
    expect(Number((await getRow(ctx, item, user, itemId)).salePrice)).toBe(start + INCREMENTS);
    expect(await count(unit.table)).toBe(unitsBefore + CREATES);
    expect((await count('audit_log')) - auditBefore).toBe(CREATES + INCREMENTS);
  });
});
