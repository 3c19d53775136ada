/**
 * Shared commits of entity writes on SQLite (server/db/writeBatch.ts) and the in-memory access
 * reads (server/security/accessCache.ts): concurrent Creates share commits, a failing one answers
 * its own error and leaves the others (rows and audit entries) intact; a permission changed by a
 * direct write to the table applies to the very next call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EntityRow } from '../../runtime/shared/definition';
import type { ListPage } from '../../runtime/shared/envelope';
import { call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

describe('entity writes on SQLite', () => {
  let db: TestDb;
  let app: FastifyInstance;
  let admin: string;

  beforeAll(async () => {
    db = await freshDatabase('sqlite');
    app = await makeApp(db.url);
    admin = (await signIn(app, 'admin')).access_token;
  });
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  it('concurrent Creates share commits; a duplicate answers 417 alone', async () => {
    // 20 at once: 15 distinct codes, 5 repeating one of them
    const codes = Array.from({ length: 20 }, (_, i) => `GC-${i < 15 ? i : i - 15}`);
    const answers = await Promise.all(
      codes.map((code) =>
        call<EntityRow>(app, 'Sales/Customer/Create', admin, {
          values: { code, name: 'مشتری هم‌زمان', customerType: 'person', nationalCode: '0499370899' },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(15);
    expect(answers.filter((a) => a.status === 417)).toHaveLength(5);
    const page = await call<ListPage<EntityRow>>(app, 'Sales/Customer/GetList', admin, {
      startRow: 0,
      endRow: 100,
      filterModel: { code: { filterType: 'text', type: 'startsWith', filter: 'GC-' } },
    });
    expect(page.body.Data.lastRow).toBe(15);
    const ids = answers.filter((a) => a.status === 200).map((a) => Number(a.body.Data.id));
    const audited = await app.ctx.db
      .selectFrom('audit_log')
      .select('row_id')
      .where('entity', '=', 'sales.customer')
      .where('action', '=', 'create')
      .where('row_id', 'in', ids)
      .execute();
    expect(audited).toHaveLength(15);
  });

  it('a permission written straight to the table applies to the next call', async () => {
    const staff = (await signIn(app, 'staff')).access_token;
    const list = () => call(app, 'Sales/Customer/GetList', staff, { startRow: 0, endRow: 1 });
    expect((await list()).status).toBe(200);
    await app.ctx.db
      .updateTable('role_permissions')
      .set({ can_view: 0 })
      .where('role', '=', 'staff')
      .where('entity', '=', 'sales.customer')
      .execute();
    expect((await list()).status).toBe(403);
    await app.ctx.db
      .updateTable('role_permissions')
      .set({ can_view: 1 })
      .where('role', '=', 'staff')
      .where('entity', '=', 'sales.customer')
      .execute();
    expect((await list()).status).toBe(200);
  });
});
