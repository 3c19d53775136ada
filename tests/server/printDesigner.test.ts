/**
 * Print formats on publish (runtime/shared/print/formatChecks.ts, docs/print.md «The print formats
 * designer»): the server checks a published definition's formats again, whatever the designer let
 * through. A format naming a field the entity lacks, a lines table it does not have, or a second
 * default is refused with the block's JSON path and a Persian message, and nothing is published; a
 * good one is kept as a new version that Designer/Get sends back, and rolled back with it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EntityDefinition } from '../../runtime/shared/definition';
import type { ServerMessage } from '../../runtime/shared/envelope';
import type { PrintFormat } from '../../runtime/shared/printFormat';
import { DIALECTS, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

function slip(printFormats: PrintFormat[]): EntityDefinition {
  return {
    name: 'printSlip',
    module: 'common',
    title: { fa: 'برگه‌های چاپی', en: 'Print slips' },
    displayField: 'title',
    schema: {
      type: 'object',
      properties: {
        title: { type: 'string', maxLength: 100 },
        amount: { type: 'integer', minimum: 0 },
      },
      required: ['title'],
    },
    fields: {
      title: { label: { fa: 'عنوان', en: 'Title' } },
      amount: { label: { fa: 'مبلغ', en: 'Amount' }, money: true },
    },
    list: { columns: ['title'] },
    menu: { order: 5 },
    printFormats,
  };
}

const good: PrintFormat = {
  name: 'slip',
  title: { fa: 'برگه' },
  default: true,
  blocks: [
    { kind: 'header', logo: true },
    { kind: 'fields', values: [{ field: 'title' }, { field: 'amount', label: { fa: 'مبلغ کل' } }] },
    { kind: 'words', field: 'amount' },
    { kind: 'signatures', boxes: [{ fa: 'امضای تحویل‌گیرنده' }] },
    { kind: 'footer' },
  ],
};

describe.each(DIALECTS)('print formats on publish (%s)', (dialect) => {
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
  const listed = async () =>
    (await call<{ key: string }[]>(app, 'SystemConfig/Designer/List', analyst, {})).body.Data.map(
      (e) => e.key,
    );

  it('refuses a format naming a field or a table the entity lacks, in Persian at the block', async () => {
    const bad: PrintFormat = {
      ...good,
      blocks: [
        { kind: 'header' },
        { kind: 'fields', values: [{ field: 'nosuch' }] },
        { kind: 'lines', table: 'lines' },
      ],
    };
    const res = await publish(slip([bad]));
    expect(res.status).toBe(417);
    const messages = res.body.ServerMessageTexts as ServerMessage[];
    expect(messages).toEqual([
      expect.objectContaining({
        FieldName: '/printFormats/0/blocks/1',
        Message: 'فیلد «nosuch» در این موجودیت نیست.',
      }),
      expect.objectContaining({
        FieldName: '/printFormats/0/blocks/2',
        Message: 'جدول «lines» در این موجودیت نیست.',
      }),
    ]);
    expect(await listed()).not.toContain('common.printSlip');
  });

  it('refuses two defaults and a name used twice, in Persian', async () => {
    const res = await publish(slip([good, { ...good, title: { fa: 'دومی' } }]));
    expect(res.status).toBe(417);
    const messages = res.body.ServerMessageTexts as ServerMessage[];
    expect(messages.map((m) => [m.FieldName, m.Message])).toEqual([
      ['/printFormats/1', 'نام فنی قالب «slip» دو بار به کار رفته است.'],
      ['/printFormats', 'تنها یک قالب می‌تواند پیش‌فرض باشد.'],
    ]);
    // in English when asked
    const en = await call(
      app,
      'SystemConfig/Designer/Publish',
      analyst,
      { definition: slip([good, good]) },
      {
        'accept-language': 'en',
      },
    );
    expect((en.body.ServerMessageTexts as ServerMessage[]).map((m) => m.Message)).toContain(
      'Only one format can be the default.',
    );
    expect(await listed()).not.toContain('common.printSlip');
  });

  it('publishes a good format as a version, sends it back, and rolls back with the definition', async () => {
    expect((await publish(slip([good]))).status).toBe(200);
    const second: PrintFormat = { ...good, name: 'short', title: { fa: 'برگه کوتاه' }, default: undefined };
    delete second.default;
    expect((await publish(slip([good, second]))).status).toBe(200);
    const get = () =>
      call<{ definition: EntityDefinition; version: number }>(app, 'SystemConfig/Designer/Get', analyst, {
        key: 'common.printSlip',
      });
    const got = await get();
    expect(got.body.Data.version).toBe(2);
    expect(got.body.Data.definition.printFormats).toEqual([good, second]);
    const back = await call(app, 'SystemConfig/Designer/Rollback', analyst, {
      key: 'common.printSlip',
      version: 1,
    });
    expect(back.status).toBe(200);
    expect((await get()).body.Data.definition.printFormats).toEqual([good]);
  });
});
