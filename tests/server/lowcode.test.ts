/** Low-code designer: publish, breaking changes, rollback, a published entity usable at once (SQLite). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EntityDefinition, EntityRow } from '../../runtime/shared/definition';
import type { ListPage } from '../../runtime/shared/envelope';
import { call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

interface MenuGroup {
  route: string;
  children: { route: string }[];
}

function visitNote(extra: Partial<EntityDefinition> = {}): EntityDefinition {
  return {
    name: 'visitNote',
    module: 'common',
    title: { fa: 'یادداشت بازدید', en: 'Visit note' },
    displayField: 'title',
    schema: {
      type: 'object',
      properties: {
        title: { type: 'string', maxLength: 100 },
        visits: { type: 'integer', minimum: 0 },
        note: { type: 'string' },
      },
      required: ['title'],
    },
    fields: {
      title: { label: { fa: 'عنوان', en: 'Title' }, sortable: true, filterable: true },
      visits: { label: { fa: 'تعداد', en: 'Visits' } },
      note: { label: { fa: 'یادداشت', en: 'Note' } },
    },
    list: { columns: ['title', 'visits', 'note'] },
    menu: { order: 5 },
    ...extra,
  };
}

describe('low-code designer on sqlite', () => {
  let db: TestDb;
  let app: FastifyInstance;
  const tok: Record<string, string> = {};
  const menuRoutes = async (who: string) =>
    (await call<MenuGroup[]>(app, 'Security/Menu/GetMenu', tok[who]!)).body.Data.flatMap((g) =>
      g.children.map((c) => c.route),
    );

  beforeAll(async () => {
    db = await freshDatabase('sqlite');
    app = await makeApp(db.url);
    for (const u of ['admin', 'analyst', 'staff', 'vendor']) tok[u] = (await signIn(app, u)).access_token;
  }, 180_000); // a loaded 2-core machine: app start and four sign-ins
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  it('shows the designer to the analyst and admin only, and refuses its API to others', async () => {
    expect(await menuRoutes('analyst')).toContain('/systemConfig/designer');
    expect(await menuRoutes('admin')).toEqual(
      expect.arrayContaining(['/systemConfig/designer', '/security/permissions', '/security/users']),
    );
    expect(await menuRoutes('staff')).not.toContain('/systemConfig/designer');
    expect(await menuRoutes('vendor')).not.toContain('/systemConfig/designer');
    expect((await call(app, 'SystemConfig/Designer/List', tok.staff!)).status).toBe(403);
    expect(
      (await call(app, 'SystemConfig/Designer/Publish', tok.vendor!, { definition: visitNote() })).status,
    ).toBe(403);
    expect((await call(app, 'Security/Role/List', tok.analyst!)).status).toBe(403);
  }, 120_000);

  it('refuses an invalid definition with the JSON path of the problem', async () => {
    const bad = visitNote({ list: { columns: ['title', 'nope'] } });
    const res = await call(app, 'SystemConfig/Designer/Plan', tok.analyst!, { definition: bad });
    expect(res.status).toBe(417);
    expect(res.body.ServerMessageTexts).toEqual([expect.objectContaining({ FieldName: '/list/columns/1' })]);
    const lookup = visitNote();
    lookup.fields.visits = { label: { fa: 'x' }, lookup: { entity: 'no.such', displayField: 'name' } };
    const res2 = await call(app, 'SystemConfig/Designer/Publish', tok.analyst!, { definition: lookup });
    expect(res2.status).toBe(417);
    expect(res2.body.ServerMessageTexts?.[0]?.FieldName).toBe('/fields/visits/lookup/entity');
  }, 120_000);

  it('publishes a new entity that is in the menu and usable at once, then versions, refuses breaking changes and rolls back', async () => {
    const plan = await call<{
      changes: { kind: string }[];
      breaking: boolean;
      preview: { validators: { record: string } };
    }>(app, 'SystemConfig/Designer/Plan', tok.analyst!, { definition: visitNote() });
    expect(plan.status).toBe(200);
    expect(plan.body.Data.changes.map((c) => c.kind)).toEqual(['addEntity']);
    const module = await app.inject({ method: 'GET', url: plan.body.Data.preview.validators.record });
    expect(module.statusCode).toBe(200);
    expect(module.body).toContain('export default function validator');

    const pub = await call(app, 'SystemConfig/Designer/Publish', tok.analyst!, {
      definition: visitNote(),
      comment: 'v1',
    });
    expect(pub.status).toBe(200);
    expect(pub.body.Data).toEqual({ key: 'common.visitNote', version: 1 });
    expect(await menuRoutes('analyst')).toContain('/common/visitNote');
    expect(await menuRoutes('admin')).toContain('/common/visitNote');
    expect(await menuRoutes('vendor')).not.toContain('/common/visitNote');
    expect((await call(app, 'Common/VisitNote/GetList', tok.vendor!, {})).status).toBe(403);

    const created = await call<EntityRow>(app, 'Common/VisitNote/Create', tok.analyst!, {
      values: { title: 'بازدید اول', visits: 3, note: 'خوب' },
    });
    expect(created.status).toBe(200);
    const listed = await call<ListPage<EntityRow>>(app, 'Common/VisitNote/GetList', tok.admin!, {});
    expect(listed.body.Data.rows).toEqual([
      expect.objectContaining({ title: 'بازدید اول', visits: 3, note: 'خوب' }),
    ]);

    // removing a field that holds a value is breaking: refused, then accepted with the values kept
    const { note: _note, ...props } = visitNote().schema.properties;
    const { note: _meta, ...fields } = visitNote().fields;
    const v2 = visitNote({
      schema: { type: 'object', properties: props, required: ['title'] },
      fields,
      list: { columns: ['title', 'visits'] },
    });
    const planned = await call<{
      changes: { kind: string; field?: string; rows: number; breaking: boolean }[];
      breaking: boolean;
    }>(app, 'SystemConfig/Designer/Plan', tok.analyst!, { definition: v2 });
    expect(planned.body.Data.breaking).toBe(true);
    expect(planned.body.Data.changes).toContainEqual(
      expect.objectContaining({ kind: 'removeField', field: 'note', rows: 1, breaking: true }),
    );
    const refused = await call(app, 'SystemConfig/Designer/Publish', tok.analyst!, { definition: v2 });
    expect(refused.status).toBe(417);
    expect((refused.body.Data as { BusinessErrors: string[] }).BusinessErrors).toHaveLength(1);
    const accepted = await call(app, 'SystemConfig/Designer/Publish', tok.analyst!, {
      definition: v2,
      acceptBreaking: true,
    });
    expect(accepted.body.Data).toEqual({ key: 'common.visitNote', version: 2 });
    const row = await call<EntityRow>(app, 'Common/VisitNote/Get', tok.analyst!, {
      id: created.body.Data.id,
    });
    expect(row.body.Data).not.toHaveProperty('note');

    // a type change whose values do not convert is breaking too
    const v3 = structuredClone(v2);
    v3.schema.properties.title = { type: 'integer' };
    const typePlan = await call<{ changes: { kind: string }[]; breaking: boolean }>(
      app,
      'SystemConfig/Designer/Plan',
      tok.analyst!,
      {
        definition: v3,
      },
    );
    expect(typePlan.body.Data.changes).toContainEqual(
      expect.objectContaining({ kind: 'changeType', field: 'title', rows: 1, breaking: true }),
    );

    // a label change, then the rollback to version 1 brings the field and its kept value back
    const v4 = structuredClone(v2);
    v4.fields.title!.label = { fa: 'موضوع', en: 'Subject' };
    const labelPlan = await call<{ changes: { kind: string }[]; breaking: boolean }>(
      app,
      'SystemConfig/Designer/Plan',
      tok.analyst!,
      {
        definition: v4,
      },
    );
    expect(labelPlan.body.Data).toMatchObject({
      breaking: false,
      changes: [{ kind: 'changeLabel', field: 'title' }],
    });
    expect(
      (await call(app, 'SystemConfig/Designer/Publish', tok.analyst!, { definition: v4 })).body.Data,
    ).toEqual({
      key: 'common.visitNote',
      version: 3,
    });
    const def = await call<EntityDefinition>(app, 'Meta/Entity/GetDefinition', tok.analyst!, {
      module: 'common',
      name: 'visitNote',
    });
    expect(def.body.Data.schema.properties.title?.title).toBe('موضوع');

    const back = await call(app, 'SystemConfig/Designer/Rollback', tok.analyst!, {
      key: 'common.visitNote',
      version: 1,
    });
    expect(back.body.Data).toEqual({ key: 'common.visitNote', version: 4 });
    const again = await call<EntityRow>(app, 'Common/VisitNote/Get', tok.analyst!, {
      id: created.body.Data.id,
    });
    expect(again.body.Data).toMatchObject({ title: 'بازدید اول', note: 'خوب' });
    const got = await call<{ source: string; version: number; versions: { version: number }[] }>(
      app,
      'SystemConfig/Designer/Get',
      tok.analyst!,
      { key: 'common.visitNote' },
    );
    expect(got.body.Data).toMatchObject({ source: 'database', version: 4 });
    expect(got.body.Data.versions.map((v) => v.version)).toEqual([4, 3, 2, 1]);
    const listedDefs = await call<{ key: string; source: string }[]>(
      app,
      'SystemConfig/Designer/List',
      tok.analyst!,
    );
    expect(listedDefs.body.Data).toContainEqual(
      expect.objectContaining({ key: 'common.visitNote', source: 'database', version: 4 }),
    );
    expect(listedDefs.body.Data).toContainEqual(
      expect.objectContaining({ key: 'sales.customer', source: 'file', version: 0 }),
    );
  }, 120_000);

  it('keeps published definitions over a restart', async () => {
    await app.close();
    app = await makeApp(db.url);
    tok.analyst = (await signIn(app, 'analyst')).access_token;
    const listed = await call<ListPage<EntityRow>>(app, 'Common/VisitNote/GetList', tok.analyst, {});
    expect(listed.status).toBe(200);
    expect(listed.body.Data.rows[0]).toMatchObject({ note: 'خوب' });
  }, 120_000);
});
