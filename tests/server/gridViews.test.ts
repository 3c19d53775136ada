/**
 * Saved grid views (Grid/View/*), on SQLite and PostgreSQL: a user saves, lists, makes default and
 * deletes its views of one entity's grid; another user never sees nor changes them (the user comes
 * from the token); an entity the caller may not view is refused; a malformed view is a 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { GridView } from '../../runtime/shared/gridViews';
import { DIALECTS, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

const STATE = {
  columns: [
    { colId: 'code', width: 120 },
    { colId: 'city', hide: true },
    { colId: 'name', sort: 'asc', sortIndex: 0 },
  ],
  filterModel: { city: { filterType: 'text', type: 'contains', filter: 'تهران' } },
  q: 'علی',
};

describe.each(DIALECTS)('saved grid views on %s', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  let admin = '';
  let staff = '';
  let vendor = '';

  const views = (token: string, entity = 'sales.customer') =>
    call<GridView[]>(app, 'Grid/View/List', token, { entity });
  const save = (token: string, body: Record<string, unknown>) =>
    call<GridView[]>(app, 'Grid/View/Save', token, { entity: 'sales.customer', state: STATE, ...body });

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url);
    admin = (await signIn(app, 'admin')).access_token;
    staff = (await signIn(app, 'staff')).access_token;
    vendor = (await signIn(app, 'vendor')).access_token;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  it('saves, lists, makes default, replaces and deletes a user’s own views', async () => {
    expect((await views(staff)).body.Data).toEqual([]);
    const first = await save(staff, { name: 'تهرانی‌ها', isDefault: true });
    expect(first.status).toBe(200);
    expect(first.body.Data).toEqual([{ name: 'تهرانی‌ها', isDefault: true, state: STATE }]);
    await save(staff, { name: 'همه', state: { columns: [], filterModel: {}, q: '' }, isDefault: true });
    const listed = (await views(staff)).body.Data;
    expect(listed.map((v) => [v.name, v.isDefault])).toEqual([
      ['تهرانی‌ها', false],
      ['همه', true],
    ]);
    // the same name replaces the view
    await save(staff, { name: 'همه', state: { ...STATE, q: 'رضا' } });
    const replaced = (await views(staff)).body.Data.find((v) => v.name === 'همه')!;
    expect(replaced.state.q).toBe('رضا');
    expect(replaced.isDefault).toBe(false);
    const deleted = await call<GridView[]>(app, 'Grid/View/Delete', staff, {
      entity: 'sales.customer',
      name: 'تهرانی‌ها',
    });
    expect(deleted.body.Data.map((v) => v.name)).toEqual(['همه']);
  });

  it('no user reads, replaces or deletes another user’s views', async () => {
    await save(staff, { name: 'مال من', isDefault: true });
    expect((await views(admin)).body.Data).toEqual([]);
    // admin saving and deleting the same name touches its own views only
    await save(admin, { name: 'مال من', state: { columns: [], filterModel: {}, q: 'x' } });
    await call(app, 'Grid/View/Delete', admin, { entity: 'sales.customer', name: 'مال من' });
    const mine = (await views(staff)).body.Data.find((v) => v.name === 'مال من')!;
    expect(mine).toEqual({ name: 'مال من', isDefault: true, state: STATE });
    // a user id in the body is ignored
    const forged = await call<GridView[]>(app, 'Grid/View/List', admin, {
      entity: 'sales.customer',
      userId: 2,
      user_id: 2,
    });
    expect(forged.body.Data).toEqual([]);
    expect((await call(app, 'Grid/View/List', null, { entity: 'sales.customer' })).status).toBe(401);
  });

  it('refuses an entity the caller may not view and a malformed view', async () => {
    expect((await views(vendor, 'salary.payrollRun')).status).toBe(403);
    expect((await views(staff, 'no.such')).status).toBe(404);
    for (const body of [
      { name: '' },
      { name: 'x'.repeat(61) },
      { name: 'a', state: null },
      { name: 'a', state: { columns: 'code' } },
      { name: 'a', state: { columns: [{ width: 3 }] } },
      { name: 'a', state: { columns: [], filterModel: [] } },
      { name: 'a', state: { columns: [], q: 5 } },
      { name: 'a', state: { columns: [], filterModel: { big: 'x'.repeat(20_001) } } },
      { name: 'a', isDefault: 'yes' },
    ]) {
      const res = await save(staff, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
  });
});
