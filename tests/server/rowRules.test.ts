/**
 * Roles and row rules (docs/security.md): roles made, labelled and deleted by the admin only; row
 * rules of a role (`own`, `userAttribute`, OR-ed) held inside the query of every read (GetList and
 * its count, filters, quick search, Get, Export, lookups, Report/Run, GetAudit, the audit log) and
 * of every write (Update/Delete of a row outside: 404; a row written outside: 403; a lookup naming
 * a row outside: 417); a rule change takes effect on the next call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { lookupDisplayKey, type EntityRow } from '../../runtime/shared/definition';
import type { ListPage } from '../../runtime/shared/envelope';
import type { RowRule } from '../../runtime/shared/rowRules';
import { DIALECTS, PASSWORD, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

const NOTE = 'Common/BranchNote';
const ALL = {
  view: true,
  create: true,
  edit: true,
  delete: true,
  export: true,
  print: true,
  finalise: true,
  cancel: true,
};

describe.each(DIALECTS)('roles and row rules on %s', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  let admin: string;
  let analyst: string;
  let clerkA: string;
  let clerkB: string;
  let clerkAId: number;
  const branch: Record<'A' | 'B', number> = { A: 0, B: 0 };
  const notes: Record<string, { id: number; version: number }> = {};

  const list = async (token: string, body: object = {}) =>
    call<ListPage<EntityRow>>(app, `${NOTE}/GetList`, token, { startRow: 0, endRow: 100, ...body });
  const texts = async (token: string, body: object = {}) =>
    ((await list(token, body)).body.Data.rows.map((r) => r.text as string) ?? []).sort();
  const rules = (entity: string, value: RowRule[]) =>
    call(app, 'Security/RowRule/Save', admin, { role: 'clerk', entity, rules: value });

  async function addUser(
    username: string,
    role: string,
    attributes: Record<string, string>,
  ): Promise<number> {
    const saved = await call<{ id: number }>(app, 'Security/User/Save', admin, {
      username,
      displayName: username,
      role,
      isVendor: false,
      isCustomer: false,
      partyId: null,
      disabled: false,
      password: PASSWORD,
      attributes,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const changed = await call(app, 'Security/Account/ChangePassword', null, {
      username,
      currentPassword: PASSWORD,
      newPassword: 'Second@1405',
    });
    expect(changed.status).toBe(200);
    return saved.body.Data.id;
  }

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url);
    admin = (await signIn(app, 'admin')).access_token;
    analyst = (await signIn(app, 'analyst')).access_token;
    for (const k of ['A', 'B'] as const) {
      const made = await call<EntityRow>(app, 'SystemConfig/Branch/Create', admin, {
        values: { code: `RR${k}`, title: `شعبه ${k}` },
      });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      branch[k] = made.body.Data.id;
    }
    const published = await call(app, 'SystemConfig/Designer/Publish', admin, {
      definition: {
        name: 'branchNote',
        module: 'common',
        title: { fa: 'یادداشت شعبه' },
        displayField: 'text',
        schema: {
          type: 'object',
          properties: {
            branch: { type: 'integer' },
            region: { type: 'string', maxLength: 20 },
            text: { type: 'string', maxLength: 100 },
            amount: { type: 'integer' },
          },
          required: ['text'],
        },
        fields: {
          branch: { label: { fa: 'شعبه' }, lookup: { entity: 'systemConfig.branch', displayField: 'title' } },
          region: { label: { fa: 'منطقه' } },
          text: { label: { fa: 'متن' } },
          amount: { label: { fa: 'مبلغ' }, money: true },
        },
        list: { columns: ['branch', 'region', 'text', 'amount'] },
        menu: { order: 1 },
        lifecycle: {},
      },
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const role = await call(app, 'Security/Role/Save', admin, {
      role: 'clerk',
      label: { fa: 'کارمند شعبه', en: 'Branch clerk' },
      description: 'sees its branch',
    });
    expect(role.status).toBe(200);
    const perms = await call(app, 'Security/Permission/Save', admin, {
      role: 'clerk',
      entities: [
        { key: 'common.branchNote', permissions: ALL, fields: {} },
        { key: 'systemConfig.branch', permissions: { view: true }, fields: {} },
        { key: 'management.auditLog', permissions: { view: true }, fields: {} },
        { key: 'inventory.item', permissions: { view: true, export: true }, fields: {} },
      ],
    });
    expect(perms.status).toBe(200);
    clerkAId = await addUser('clerka', 'clerk', { branch: String(branch.A), region: 'north' });
    await addUser('clerkb', 'clerk', { branch: String(branch.B), region: 'south' });
    clerkA = (await signIn(app, 'clerka', 'Second@1405')).access_token;
    clerkB = (await signIn(app, 'clerkb', 'Second@1405')).access_token;
    const add = async (token: string, name: string, b: 'A' | 'B', region: string, amount: number) => {
      const made = await call<EntityRow>(app, `${NOTE}/Create`, token, {
        values: { branch: branch[b], region, text: name, amount },
      });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      notes[name] = { id: made.body.Data.id, version: made.body.Data.version as number };
    };
    await add(admin, 'a1', 'A', 'north', 100);
    await add(admin, 'a2', 'A', 'south', 200);
    await add(admin, 'b1', 'B', 'north', 400);
    await add(admin, 'b2', 'B', 'south', 800);
    await add(clerkA, 'mine', 'B', 'south', 1600);
  }, 240_000);
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  it('roles, rules and user attributes are the admin’s: the analyst is refused every call', async () => {
    for (const [path, body] of [
      ['Security/Role/Save', { role: 'mine', label: { fa: 'من' } }],
      ['Security/Role/Delete', { role: 'clerk' }],
      ['Security/RowRule/Get', { role: 'clerk' }],
      ['Security/RowRule/Save', { role: 'clerk', entity: 'common.branchNote', rules: [] }],
      ['Security/User/Save', { username: 'analyst', displayName: 'x', role: 'admin' }],
    ] as const)
      expect((await call(app, path, analyst, body)).status, path).toBe(403);
    // the role list carries the labels; the admin role is never held by rules nor deleted
    const roles = await call<{ role: string; label: { fa: string; en: string }; users: number }[]>(
      app,
      'Security/Role/List',
      admin,
    );
    expect(roles.body.Data.find((r) => r.role === 'clerk')).toMatchObject({
      label: { fa: 'کارمند شعبه', en: 'Branch clerk' },
      users: 2,
    });
    expect((await call(app, 'Security/Role/Delete', admin, { role: 'admin' })).status).toBe(417);
    expect(
      (
        await call(app, 'Security/RowRule/Save', admin, {
          role: 'admin',
          entity: 'common.branchNote',
          rules: [],
        })
      ).status,
    ).toBe(417);
    // declarations are checked: an unknown field or kind is refused
    for (const bad of [
      [{ kind: 'userAttribute', field: 'nope', attribute: 'branch' }],
      [{ kind: 'all' }],
      'x',
    ])
      expect(
        (
          await call(app, 'Security/RowRule/Save', admin, {
            role: 'clerk',
            entity: 'common.branchNote',
            rules: bad,
          })
        ).status,
      ).toBe(417);
    const users = await call<{ username: string; attributes: Record<string, string> }[]>(
      app,
      'Security/User/List',
      admin,
    );
    expect(users.body.Data.find((u) => u.username === 'clerka')?.attributes).toEqual({
      branch: String(branch.A),
      region: 'north',
    });
  });

  it('a role is deleted only while no user has it', async () => {
    expect((await call(app, 'Security/Role/Delete', admin, { role: 'clerk' })).status).toBe(417);
    expect(
      (await call(app, 'Security/Role/Save', admin, { role: 'temp', label: { fa: 'موقت' } })).status,
    ).toBe(200);
    await call(app, 'Security/Permission/Save', admin, {
      role: 'temp',
      entities: [{ key: 'common.branchNote', permissions: ALL, fields: {} }],
    });
    expect((await call(app, 'Security/Role/Delete', admin, { role: 'temp' })).status).toBe(200);
    const roles = await call<{ role: string }[]>(app, 'Security/Role/List', admin);
    expect(roles.body.Data.map((r) => r.role)).not.toContain('temp');
  });

  it('without a rule the role sees every row; a rule change takes effect on the next call', async () => {
    expect(await texts(clerkA)).toEqual(['a1', 'a2', 'b1', 'b2', 'mine']);
    expect((await rules('common.branchNote', [{ kind: 'own' }])).status).toBe(200);
    expect(await texts(clerkA)).toEqual(['mine']);
    expect(await texts(clerkB)).toEqual([]);
    expect((await rules('common.branchNote', [])).status).toBe(200);
    expect(await texts(clerkB)).toEqual(['a1', 'a2', 'b1', 'b2', 'mine']);
  });

  it('userAttribute: every read holds the rule inside its query (count, filters, search, totals, export, report, audit)', async () => {
    await rules('common.branchNote', [{ kind: 'userAttribute', field: 'branch', attribute: 'branch' }]);
    expect(await texts(clerkA)).toEqual(['a1', 'a2']);
    expect(await texts(clerkB)).toEqual(['b1', 'b2', 'mine']);
    const page = await list(clerkA);
    expect(page.body.Data.lastRow).toBe(2);
    // a filter, a sort or a quick search naming hidden rows finds nothing of them
    expect(
      await texts(clerkA, { filterModel: { text: { filterType: 'text', type: 'equals', filter: 'b1' } } }),
    ).toEqual([]);
    expect(
      (
        await list(clerkA, {
          filterModel: { amount: { filterType: 'number', type: 'greaterThan', filter: 300 } },
        })
      ).body.Data.lastRow,
    ).toBe(0);
    expect(await texts(clerkA, { q: 'b1' })).toEqual([]);
    expect(await texts(clerkA, { sortModel: [{ colId: 'amount', sort: 'desc' }] })).toEqual(['a1', 'a2']);
    // Get, Update, Delete of a row outside: not found
    expect((await call(app, `${NOTE}/Get`, clerkA, { id: notes.b1!.id })).status).toBe(404);
    expect((await call(app, `${NOTE}/Get`, clerkA, { id: notes.a1!.id })).status).toBe(200);
    expect(
      (
        await call(app, `${NOTE}/Update`, clerkA, {
          id: notes.b1!.id,
          version: notes.b1!.version,
          values: { text: 'x' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(app, `${NOTE}/Delete`, clerkA, { id: notes.b2!.id, version: notes.b2!.version })).status,
    ).toBe(404);
    // Finalise and Cancel (the server's writes on the user's behalf) of a row outside: not found
    for (const action of ['Finalise', 'Cancel'])
      expect(
        (
          await call(app, `${NOTE}/${action}`, clerkA, {
            id: notes.b1!.id,
            version: notes.b1!.version,
            reason: 'x',
          })
        ).status,
        action,
      ).toBe(404);
    expect((await call(app, `${NOTE}/GetAudit`, clerkA, { id: notes.b1!.id })).status).toBe(404);
    expect((await call(app, `${NOTE}/GetAudit`, clerkA, { id: notes.a1!.id })).status).toBe(200);
    // Export: the same rows
    const csv = await app.inject({
      method: 'POST',
      url: `/api/${NOTE}/Export`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${clerkA}` },
      payload: JSON.stringify({ format: 'csv' }),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('a1');
    expect(csv.body).not.toContain('b1');
    expect(csv.body).not.toContain('mine');
    // Report/Run (the dashboard's cards run it): the sum of the rows it may read
    const report = await call<{ rows: { value: number }[] }>(app, 'Report/Run', clerkA, {
      entity: 'common.branchNote',
      measure: { op: 'sum', field: 'amount' },
    });
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    expect(report.body.Data.rows.reduce((s, r) => s + r.value, 0)).toBe(300);
    // the audit log screen shows no entry of an entity its rules hold
    const audit = await call<ListPage<EntityRow>>(app, 'Management/AuditLog/GetList', clerkA, {
      startRow: 0,
      endRow: 1000,
    });
    expect(audit.status).toBe(200);
    expect(audit.body.Data.rows.filter((r) => r.entityKey === 'common.branchNote')).toEqual([]);
  });

  it('writes: a row written outside the rule is refused, one inside is kept', async () => {
    await rules('common.branchNote', [{ kind: 'userAttribute', field: 'branch', attribute: 'branch' }]);
    const outside = await call(app, `${NOTE}/Create`, clerkA, {
      values: { branch: branch.B, region: 'north', text: 'sneak' },
    });
    expect(outside.status).toBe(403);
    const inside = await call<EntityRow>(app, `${NOTE}/Create`, clerkA, {
      values: { branch: branch.A, region: 'north', text: 'inside' },
    });
    expect(inside.status).toBe(200);
    // moving its own row to another branch is refused, and nothing is kept
    const moved = await call(app, `${NOTE}/Update`, clerkA, {
      id: inside.body.Data.id,
      version: inside.body.Data.version,
      values: { branch: branch.B, region: 'north', text: 'inside' },
    });
    expect(moved.status).toBe(403);
    expect(
      (await call<EntityRow>(app, `${NOTE}/Get`, admin, { id: inside.body.Data.id })).body.Data.branch,
    ).toBe(branch.A);
    expect(
      (
        await call(app, `${NOTE}/Delete`, clerkA, {
          id: inside.body.Data.id,
          version: inside.body.Data.version,
        })
      ).status,
    ).toBe(200);
    expect(await texts(admin)).not.toContain('sneak');
  });

  it('rules are OR-ed: own rows or the user’s region', async () => {
    await rules('common.branchNote', [
      { kind: 'own' },
      { kind: 'userAttribute', field: 'region', attribute: 'region' },
    ]);
    expect(await texts(clerkA)).toEqual(['a1', 'b1', 'mine']);
    expect(await texts(clerkB)).toEqual(['a2', 'b2', 'mine']);
    // an attribute changed by the admin applies at once
    await call(app, 'Security/User/Save', admin, {
      id: clerkAId,
      username: 'clerka',
      displayName: 'clerka',
      role: 'clerk',
      isVendor: false,
      isCustomer: false,
      partyId: null,
      disabled: false,
      attributes: { branch: String(branch.A), region: 'south' },
    });
    expect(await texts(clerkA)).toEqual(['a2', 'b2', 'mine']);
    // a user without the attribute matches none by it
    await call(app, 'Security/User/Save', admin, {
      id: clerkAId,
      username: 'clerka',
      displayName: 'clerka',
      role: 'clerk',
      isVendor: false,
      isCustomer: false,
      partyId: null,
      disabled: false,
      attributes: { branch: String(branch.A) },
    });
    expect(await texts(clerkA)).toEqual(['mine']);
    await rules('common.branchNote', []);
  });

  it('lookups: a rule on the looked-up entity lists only its rows and refuses a write naming another', async () => {
    await rules('systemConfig.branch', [{ kind: 'userAttribute', field: 'code', attribute: 'branchCode' }]);
    await call(app, 'Security/User/Save', admin, {
      id: clerkAId,
      username: 'clerka',
      displayName: 'clerka',
      role: 'clerk',
      isVendor: false,
      isCustomer: false,
      partyId: null,
      disabled: false,
      attributes: { branch: String(branch.A), branchCode: 'RRA' },
    });
    const branches = await call<ListPage<EntityRow>>(app, 'SystemConfig/Branch/GetList', clerkA, {
      startRow: 0,
      endRow: 100,
    });
    expect(branches.body.Data.rows.map((r) => r.id)).toEqual([branch.A]);
    expect(branches.body.Data.lastRow).toBe(1);
    const refused = await call(app, `${NOTE}/Create`, clerkA, {
      values: { branch: branch.B, text: 'other branch' },
    });
    expect(refused.status).toBe(417);
    // the display of a lookup to a row outside is not given
    const rows = (await list(clerkA)).body.Data.rows;
    const b1 = rows.find((r) => r.text === 'b1')!;
    expect(b1.branch).toBe(branch.B);
    expect(b1[lookupDisplayKey('branch')] ?? null).toBeFalsy();
    expect(JSON.stringify(b1)).not.toContain('شعبه B');
    await rules('systemConfig.branch', []);
  });

  it('reports over ledgers or stock are refused to a user whose roles have any row rule', async () => {
    const run = () =>
      call(app, 'Report/Definition/Run', clerkA, { report: 'inventory.belowReorder', params: {} });
    expect((await run()).status).not.toBe(403);
    // a rule on the stock moves: the stock reports sum them all, so they are refused
    await rules('inventory.stockMove', [{ kind: 'own' }]);
    expect((await run()).status).toBe(403);
    await rules('inventory.stockMove', []);
    expect((await run()).status).not.toBe(403);
  });
});
