/**
 * Written by the server, not through the API (docs/api.md, "System settings, licence, logs"):
 * - logs and histories (`writes: "server"`: workflow history, audit trail, UI log) refuse
 *   Create/Update/Delete for everyone, admin included, and GetEntityPermissions says so; a designer
 *   publish of the definition cannot lift that; the server's own writes go on;
 * - system settings (`writes: "admin"`) are written by admin only;
 * - the licence comes from the operator (LICENCE_EXPIRES_ON): its settings row is shown, never
 *   written through the API, and an expired licence stays enforced.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EntityPermissions, EntityRow } from '../../runtime/shared/definition';
import type { ListPage } from '../../runtime/shared/envelope';
import { DIALECTS, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

const LICENCE_FILTER = {
  filterModel: { key: { filterType: 'text', type: 'equals', filter: 'licence.expiresOn' } },
};

describe.each(DIALECTS)('system writes on %s', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  const tok: Record<string, string> = {};

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url, { licenceExpiresOn: '2098-12-31' });
    for (const u of ['admin', 'staff']) tok[u] = (await signIn(app, u)).access_token;
  });
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  const permissions = async (who: string, module: string, name: string) =>
    (
      await call<EntityPermissions>(app, 'Security/Permission/GetEntityPermissions', tok[who]!, {
        module,
        name,
      })
    ).body.Data;

  const licenceRow = async (on: FastifyInstance, token: string) =>
    (await call<ListPage<EntityRow>>(on, 'SystemConfig/Setting/GetList', token, LICENCE_FILTER)).body.Data
      .rows;

  it('settings: admin writes them, staff may only read (403 and no buttons)', async () => {
    const created = await call<EntityRow>(app, 'SystemConfig/Setting/Create', tok.admin!, {
      values: { key: 'report.footer', value: 'شرکت نمونه' },
    });
    expect(created.status).toBe(200);
    const row = created.body.Data;
    expect(
      (
        await call(app, 'SystemConfig/Setting/Create', tok.staff!, {
          values: { key: 'report.header', value: 'x' },
        })
      ).status,
    ).toBe(403);
    const staffUpdate = await call(app, 'SystemConfig/Setting/Update', tok.staff!, {
      id: row.id,
      version: row.version,
      values: { key: 'report.footer', value: 'دست‌کاری' },
    });
    expect(staffUpdate.status).toBe(403);
    expect(staffUpdate.body.State).toBeDefined();
    expect(
      (await call(app, 'SystemConfig/Setting/Delete', tok.staff!, { id: row.id, version: row.version }))
        .status,
    ).toBe(403);
    const stored = await call<EntityRow>(app, 'SystemConfig/Setting/Get', tok.staff!, { id: row.id });
    expect(stored.status).toBe(200);
    expect(stored.body.Data.value).toBe('شرکت نمونه');
    expect(await permissions('staff', 'systemConfig', 'setting')).toMatchObject({
      view: true,
      create: false,
      edit: false,
      delete: false,
    });
    expect(await permissions('admin', 'systemConfig', 'setting')).toMatchObject({
      view: true,
      create: true,
      edit: true,
      delete: true,
    });
  });

  it('the licence is the operator’s: shown among the settings, never written through the API, not even by admin', async () => {
    const [row, ...more] = await licenceRow(app, tok.admin!);
    expect(more).toEqual([]);
    expect(row!.value).toBe('2098-12-31');
    const update = await call(app, 'SystemConfig/Setting/Update', tok.admin!, {
      id: row!.id,
      version: row!.version,
      values: { key: 'licence.expiresOn', value: '2199-01-01' },
    });
    expect(update.status).toBe(403);
    expect(
      (await call(app, 'SystemConfig/Setting/Delete', tok.admin!, { id: row!.id, version: row!.version }))
        .status,
    ).toBe(403);
    expect(
      (
        await call(app, 'SystemConfig/Setting/Create', tok.admin!, {
          values: { key: 'licence.expiresOn', value: '2199-01-01' },
        })
      ).status,
    ).toBe(403);
    // nor by renaming another setting into the licence
    const other = await call<EntityRow>(app, 'SystemConfig/Setting/Create', tok.admin!, {
      values: { key: 'report.title', value: 'x' },
    });
    const renamed = await call(app, 'SystemConfig/Setting/Update', tok.admin!, {
      id: other.body.Data.id,
      version: other.body.Data.version,
      values: { key: 'licence.expiresOn', value: '2199-01-01' },
    });
    expect(renamed.status).toBe(403);
    expect((await licenceRow(app, tok.admin!)).map((r) => r.value)).toEqual(['2098-12-31']);
  });

  it('an expired licence stays enforced whatever an admin tries through the API', async () => {
    const expired = await makeApp(db.url, { licenceExpiresOn: '2020-01-01' });
    try {
      const admin = (await signIn(expired, 'admin')).access_token;
      const [row] = await licenceRow(expired, admin);
      expect(row!.value).toBe('2020-01-01');
      const extend = await call(expired, 'SystemConfig/Setting/Update', admin, {
        id: row!.id,
        version: row!.version,
        values: { key: 'licence.expiresOn', value: '2099-01-01' },
      });
      expect(extend.status).toBe(403);
      expect((await call(expired, 'Sales/Customer/GetList', admin, { startRow: 0, endRow: 1 })).status).toBe(
        402,
      );
    } finally {
      await expired.close();
    }
  });

  const LOGS = [
    ['WorkFlow/TransitionLog', 'workFlow', 'transitionLog'],
    ['Management/AuditLog', 'management', 'auditLog'],
    ['Management/UiLog', 'management', 'uiLog'],
  ] as const;

  it.each(LOGS)(
    '%s: Create/Update/Delete refused for admin; GetEntityPermissions says read-only',
    async (path, module, name) => {
      const forged = await call(app, `${path}/Create`, tok.admin!, {
        values: {
          entityKey: 'supplyChain.purchaseOrder',
          rowId: 1,
          fromState: 'submitted',
          toState: 'approved',
          userName: 'ceo',
          at: '2026-05-01T10:00:00.000Z',
        },
      });
      expect(forged.status).toBe(403);
      expect(forged.body.MessageTexts).toHaveLength(1);
      for (const action of ['Update', 'Delete'])
        expect(
          (await call(app, `${path}/${action}`, tok.admin!, { id: 1, version: 1, values: { rowId: 2 } }))
            .status,
        ).toBe(403);
      for (const who of ['admin', 'staff'])
        expect(await permissions(who, module, name)).toMatchObject({
          create: false,
          edit: false,
          delete: false,
        });
      expect((await permissions('admin', module, name)).view).toBe(true);
      // the permissions screen shows the rule in force, not the stored grant
      const screen = await call<{ entities: { key: string; permissions: EntityPermissions }[] }>(
        app,
        'Security/Permission/Get',
        tok.admin!,
        { role: 'staff' },
      );
      expect(screen.body.Data.entities.find((e) => e.key === `${module}.${name}`)?.permissions).toMatchObject(
        {
          create: false,
          edit: false,
          delete: false,
        },
      );
    },
  );

  it('the workflow history lists only the transitions the server wrote; a publish cannot make it writable', async () => {
    const before = await call<ListPage<EntityRow>>(app, 'WorkFlow/TransitionLog/GetList', tok.admin!, {
      filterModel: { userName: { filterType: 'text', type: 'equals', filter: 'ceo' } },
    });
    expect(before.status).toBe(200);
    expect(before.body.Data.rows).toEqual([]);
    const shipped = JSON.parse(readFileSync('schemas/workFlow/transitionLog.json', 'utf8')) as Record<
      string,
      unknown
    >;
    const { writes: _writes, $schema: _schema, ...unmarked } = shipped;
    const published = await call(app, 'SystemConfig/Designer/Publish', tok.admin!, {
      definition: unmarked,
      acceptBreaking: true,
    });
    expect(published.status).toBe(200);
    expect(
      (
        await call(app, 'WorkFlow/TransitionLog/Create', tok.admin!, {
          values: { entityKey: 'supplyChain.purchaseOrder', rowId: 1, toState: 'approved', userName: 'ceo' },
        })
      ).status,
    ).toBe(403);
    expect((await permissions('admin', 'workFlow', 'transitionLog')).create).toBe(false);
  });

  it('the server’s own log writes go on: the UI log route and the audit trail of a change', async () => {
    const logged = await call(app, 'Management/UILog/Create', tok.staff!, {
      Log: { message: 'خطای آزمایشی' },
    });
    expect(logged.status).toBe(200);
    const uiLog = await call<ListPage<EntityRow>>(app, 'Management/UiLog/GetList', tok.admin!, {});
    expect(uiLog.body.Data.lastRow).toBeGreaterThan(0);
    const audit = await call<ListPage<EntityRow>>(app, 'Management/AuditLog/GetList', tok.admin!, {
      filterModel: { entityKey: { filterType: 'text', type: 'equals', filter: 'systemConfig.setting' } },
    });
    expect(audit.body.Data.rows.length).toBeGreaterThan(0);
  });
});
