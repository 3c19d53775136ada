/**
 * The handler table of /api/{Module}/{Entity}/{Action} is the list of runtime/shared/entityActions.ts:
 * every listed action is answered (whatever the case of its name) and gated by the permission the
 * list names for it; a segment that is no action — Object.prototype's own names included, which a
 * lookup in a plain object would find — answers 404 UnknownEntity, never 403 or 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EntityRow } from '../../runtime/shared/definition';
import type { ListPage } from '../../runtime/shared/envelope';
import { ENTITY_ACTION_NAMES, ENTITY_ACTION_PERMISSION } from '../../runtime/shared/entityActions';
import { t } from '../../server/i18n';
import { DIALECTS, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

type RolePerms = { entities: { key: string; permissions: Record<string, boolean>; fields: object }[] };

describe.each(DIALECTS)('entity action table on %s', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  let staff: string;
  let admin: string;
  let row: EntityRow;

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url);
    staff = (await signIn(app, 'staff')).access_token;
    admin = (await signIn(app, 'admin')).access_token;
    const page = await call<ListPage<EntityRow>>(app, 'Sales/Customer/GetList', staff, {
      startRow: 0,
      endRow: 1,
    });
    row = page.body.Data.rows[0]!;
  });
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  it("answers 404 UnknownEntity for Object.prototype's names and other non-actions, signed in with every right", async () => {
    const names = [...Object.getOwnPropertyNames(Object.prototype), 'prototype', 'Frobnicate', 'getlistx'];
    expect(names).toContain('constructor');
    expect(names).toContain('__proto__');
    for (const name of names) {
      for (const who of [staff, admin]) {
        const res = await call(app, `Sales/Customer/${name}`, who, { id: row.id, version: row.version });
        expect(res.status, name).toBe(404);
        expect(res.body.MessageTexts, name).toEqual([t('fa', 'errors.UnknownEntity')]);
      }
    }
  });

  it('answers every listed action, whatever the case of its name', async () => {
    const bodies: Record<(typeof ENTITY_ACTION_NAMES)[number], object> = {
      GetList: { startRow: 0, endRow: 1 },
      Get: { id: row.id },
      Print: { id: row.id },
      GetAudit: { id: row.id },
      Export: { format: 'csv', sortModel: [], filterModel: {} },
      // a refused write still reaches its handler: 417 for values, 400 for a missing version
      Create: { values: {} },
      Update: { id: row.id, values: {} },
      Delete: { id: row.id },
      Preview: { values: {} },
      // a customer has no lifecycle: the lifecycle actions reach their handler and are refused
      Finalise: { id: row.id, version: row.version },
      Cancel: { id: row.id, version: row.version, reason: 'دلیل' },
      Amend: { id: row.id },
      // a customer is made from nothing: refused
      CreateFrom: { source: row.id },
    };
    const expected: Record<string, number> = {
      Create: 417,
      Update: 400,
      Delete: 400,
      Preview: 417,
      Finalise: 417,
      Cancel: 417,
      Amend: 417,
      CreateFrom: 417,
    };
    for (const name of ENTITY_ACTION_NAMES) {
      for (const spelling of [name, name.toLowerCase(), name.toUpperCase()]) {
        const res = await app.inject({
          method: 'POST',
          url: `/api/Sales/Customer/${spelling}`,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${staff}` },
          payload: JSON.stringify(bodies[name]),
        });
        expect(res.statusCode, spelling).toBe(expected[name] ?? 200);
      }
    }
  });

  it('gates each action by the permission the shared list names for it', async () => {
    const before = (
      await call<RolePerms>(app, 'Security/Permission/Get', admin, { role: 'staff' })
    ).body.Data.entities.find((e) => e.key === 'sales.customer')!;
    const save = (permissions: Record<string, boolean>) =>
      call(app, 'Security/Permission/Save', admin, {
        role: 'staff',
        entities: [{ key: before.key, permissions, fields: before.fields }],
      });
    for (const name of ENTITY_ACTION_NAMES) {
      const need = ENTITY_ACTION_PERMISSION[name];
      expect(before.permissions[need], need).toBe(true);
      expect((await save({ ...before.permissions, [need]: false })).status).toBe(200);
      try {
        const res = await call(app, `Sales/Customer/${name}`, staff, { id: row.id, version: row.version });
        expect(res.status, name).toBe(403);
        expect(res.body.MessageTexts).toEqual([t('fa', 'errors.YouDoNotHavePermissionToAccessThisSection')]);
      } finally {
        expect((await save(before.permissions)).status).toBe(200);
      }
    }
  });
});
