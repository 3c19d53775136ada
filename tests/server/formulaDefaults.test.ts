/**
 * Default values written as formulas (`rules.defaults`, runtime/shared/initialValues.ts,
 * docs/formulas.md) on the server: a published entity's new row gets them on Create when the
 * request leaves the field out (the same code the form opens a new record with), a value given is
 * kept, and Update does not fill them. Publish refuses a default for a field the entity lacks, on a
 * line table, and `today()` outside a default value, each naming the JSON path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EntityDefinition, EntityRow } from '../../runtime/shared/definition';
import { todayIso } from '../../runtime/shared/jalali';
import { addDays } from '../../runtime/shared/ruleDates';
import { withInitialValues } from '../../runtime/shared/initialValues';
import { DIALECTS, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

function dueCard(extra: Partial<EntityDefinition> = {}): EntityDefinition {
  return {
    name: 'dueCard',
    module: 'common',
    title: { fa: 'کارت سررسید', en: 'Due cards' },
    displayField: 'title',
    schema: {
      type: 'object',
      properties: {
        title: { type: 'string', maxLength: 100 },
        date: { type: 'string', format: 'date' },
        days: { type: 'integer', minimum: 0 },
        dueDate: { type: 'string', format: 'date' },
        madeOn: { type: 'string', format: 'date' },
        note: { type: 'string', maxLength: 100, default: 'ثابت' },
      },
      required: ['title', 'dueDate'],
    },
    fields: {
      title: { label: { fa: 'عنوان', en: 'Title' } },
      date: { label: { fa: 'تاریخ', en: 'Date' }, initial: 'today' },
      days: { label: { fa: 'مهلت (روز)', en: 'Days' } },
      dueDate: { label: { fa: 'سررسید', en: 'Due date' } },
      madeOn: { label: { fa: 'ساخته در', en: 'Made on' } },
      note: { label: { fa: 'یادداشت', en: 'Note' } },
    },
    list: { columns: ['title', 'date', 'dueDate'] },
    menu: { order: 7 },
    rules: {
      defaults: {
        dueDate: { addDays: [{ var: 'date' }, { var: ['days', 30] }] },
        madeOn: { today: [] },
      },
    },
    ...extra,
  };
}

describe.each(DIALECTS)('default formulas (%s)', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  let analyst: string;
  const messages = (res: { body: { ServerMessageTexts?: { FieldName: string }[] } }) =>
    (res.body.ServerMessageTexts ?? []).map((m) => m.FieldName);

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url, { demoVolume: 'small' });
    analyst = (await signIn(app, 'analyst')).access_token;
    const pub = await call(app, 'SystemConfig/Designer/Publish', analyst, { definition: dueCard() });
    expect(pub.status).toBe(200);
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  const create = (values: Record<string, unknown>) =>
    call<EntityRow>(app, 'Common/DueCard/Create', analyst, { values });
  const get = async (id: number) =>
    (await call<EntityRow>(app, 'Common/DueCard/Get', analyst, { id })).body.Data;

  it('fills a missing field on Create from its formula, over the values given and the named initials', async () => {
    const made = await create({ title: 'الف', date: '2026-01-20', days: 12 });
    expect(made.status).toBe(200);
    const today = todayIso();
    expect(await get(made.body.Data.id)).toMatchObject({
      date: '2026-01-20',
      dueDate: '2026-02-01',
      madeOn: today,
    });
    // the date itself from its named initial (today), the days from the formula's fallback (30)
    const bare = await create({ title: 'ب' });
    expect(bare.status).toBe(200);
    const row = await get(bare.body.Data.id);
    expect(row).toMatchObject({ date: today, dueDate: addDays(today, 30), madeOn: today });
    // a constant default stays the form's: the server leaves the field as it was sent
    expect(row.note ?? null).toBeNull();
  });

  it('gives the form the same values: the definition it serves opens a new record alike', async () => {
    const served = await call<EntityDefinition>(app, 'Meta/Entity/GetDefinition', analyst, {
      module: 'common',
      name: 'dueCard',
    });
    expect(served.status).toBe(200);
    expect(served.body.Data.rules?.defaults).toEqual(dueCard().rules!.defaults);
    const now = new Date();
    expect(withInitialValues(served.body.Data, { date: '2026-01-20', days: 12 }, now)).toEqual({
      date: '2026-01-20',
      days: 12,
      dueDate: '2026-02-01',
      madeOn: todayIso(now),
    });
  });

  it('keeps a value given, and Update fills nothing', async () => {
    const made = await create({
      title: 'پ',
      date: '2026-01-20',
      dueDate: '2026-05-05',
      madeOn: '2026-01-01',
    });
    expect(made.status).toBe(200);
    const row = await get(made.body.Data.id);
    expect(row).toMatchObject({ dueDate: '2026-05-05', madeOn: '2026-01-01' });
    const updated = await call<EntityRow>(app, 'Common/DueCard/Update', analyst, {
      id: row.id,
      version: row.version,
      values: { title: 'پ۲', date: '2026-01-20', dueDate: '2026-05-05' },
    });
    expect(updated.status).toBe(200);
    expect((await get(row.id)).madeOn ?? null).toBeNull();
  });

  it('refuses a default for no field, on a line table, and today() outside a default value', async () => {
    const plan = (definition: EntityDefinition) =>
      call(app, 'SystemConfig/Designer/Plan', analyst, { definition });
    const noField = await plan(dueCard({ rules: { defaults: { nosuch: 1 } } }));
    expect(noField.status).toBe(417);
    expect(messages(noField)).toContain('/rules/defaults/nosuch');
    const clock = await plan(
      dueCard({
        rules: {
          computed: { madeOn: { today: [] } },
          rules: [{ id: 'past', assert: { '<=': [{ var: 'date' }, { today: [] }] }, message: { fa: 'x' } }],
        },
      }),
    );
    expect(clock.status).toBe(417);
    expect(messages(clock)).toEqual(
      expect.arrayContaining(['/rules/computed/madeOn', '/rules/rules/0/assert']),
    );
    const line = await plan(
      dueCard({
        children: {
          lines: {
            label: { fa: 'اقلام' },
            schema: { type: 'object', properties: { qty: { type: 'integer' } } },
            fields: { qty: { label: { fa: 'مقدار' } } },
            rules: { defaults: { qty: 1 } },
          },
        },
      }),
    );
    expect(line.status).toBe(417);
    expect(messages(line)).toContain('/children/lines/rules/defaults');
  });
});
