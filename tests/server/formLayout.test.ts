/**
 * The form layout on publish (runtime/shared/layout.ts, docs/lowcode-layout.md): a layout naming a
 * field the entity lacks, or a field twice, is refused with the cell's JSON path; a good one is
 * kept and sent back by Designer/Get, whose versions name the publisher by display name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EntityDefinition } from '../../runtime/shared/definition';
import type { FormLayout } from '../../runtime/shared/layout';
import type { ServerMessage } from '../../runtime/shared/envelope';
import { DIALECTS, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

function card(layout: FormLayout): EntityDefinition {
  return {
    name: 'layoutCard',
    module: 'common',
    title: { fa: 'کارت چیدمان', en: 'Layout card' },
    displayField: 'title',
    schema: {
      type: 'object',
      properties: {
        title: { type: 'string', maxLength: 100 },
        amount: { type: 'integer', minimum: 0 },
        note: { type: 'string' },
      },
      required: ['title'],
    },
    fields: {
      title: { label: { fa: 'عنوان', en: 'Title' } },
      amount: { label: { fa: 'مبلغ', en: 'Amount' } },
      note: { label: { fa: 'یادداشت', en: 'Note' } },
    },
    list: { columns: ['title'] },
    menu: { order: 5 },
    layout,
  };
}

const tabs = (first: { field: string; span?: number }[], second: { field: string }[]): FormLayout => ({
  tabs: [
    { title: { fa: 'اصلی' }, sections: [{ title: { fa: 'مشخصات' }, rows: [first] }] },
    { title: { fa: 'جزئیات' }, sections: [{ collapsible: true, rows: [second] }] },
  ],
});

describe.each(DIALECTS)('the form layout on publish (%s)', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  let analyst: string;

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url, { demoVolume: 'small' });
    analyst = (await signIn(app, 'analyst')).access_token;
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  const publish = (definition: EntityDefinition) =>
    call(app, 'SystemConfig/Designer/Publish', analyst, { definition });

  it('refuses a layout naming a field the entity does not have', async () => {
    const res = await publish(card(tabs([{ field: 'title' }, { field: 'nosuch' }], [{ field: 'note' }])));
    expect(res.status).toBe(417);
    const messages = res.body.ServerMessageTexts as ServerMessage[];
    expect(messages).toEqual([
      expect.objectContaining({ FieldName: '/layout/tabs/0/sections/0/rows/0/1/field' }),
    ]);
    expect(messages[0]!.Message).toContain('nosuch');
    // nothing was published
    const list = await call<{ key: string }[]>(app, 'SystemConfig/Designer/List', analyst, {});
    expect(list.body.Data.map((e) => e.key)).not.toContain('common.layoutCard');
  });

  it('refuses a field placed twice, and a span wider than the grid', async () => {
    const twice = await publish(card(tabs([{ field: 'title' }, { field: 'note' }], [{ field: 'note' }])));
    expect(twice.status).toBe(417);
    expect(twice.body.ServerMessageTexts).toEqual([
      expect.objectContaining({ FieldName: '/layout/tabs/1/sections/0/rows/0/0/field' }),
    ]);
    const wide = await publish(
      card({
        columns: 4,
        tabs: [{ title: { fa: 'الف' }, sections: [{ rows: [[{ field: 'title', span: 6 }]] }] }],
      }),
    );
    expect(wide.status).toBe(417);
    expect(wide.body.ServerMessageTexts).toEqual([
      expect.objectContaining({ FieldName: '/layout/tabs/0/sections/0/rows/0/0/span' }),
    ]);
  });

  it('publishes a good layout (fields left out allowed) and Get sends it back, the publisher by name', async () => {
    const layout = tabs([{ field: 'title', span: 8 }, { field: 'amount' }], [{ field: 'note' }]);
    const res = await publish(card(layout));
    expect(res.status).toBe(200);
    const got = await call<{
      definition: EntityDefinition;
      versions: { publishedBy: number | null; publishedByName: string | null }[];
    }>(app, 'SystemConfig/Designer/Get', analyst, { key: 'common.layoutCard' });
    expect(got.body.Data.definition.layout).toEqual(layout);
    expect(got.body.Data.versions).toEqual([
      expect.objectContaining({ publishedBy: expect.any(Number), publishedByName: 'تحلیلگر سامانه' }),
    ]);
    // a layout leaving fields out is fine: they come after it
    const partial = card(tabs([{ field: 'title' }], []));
    partial.layout!.tabs[1]!.sections[0]!.rows = [];
    expect((await call(app, 'SystemConfig/Designer/Plan', analyst, { definition: partial })).status).toBe(
      200,
    );
  });
});
