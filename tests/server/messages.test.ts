/**
 * Every message the server answers is a translation key with parameters (runtime/shared/envelope.ts):
 * `Messages[i]` is the key of `MessageTexts[i]`, and each field or cell message carries `Key` and
 * `Params` with `Message` = their text in the request language — in Persian and in English, for
 * answer-level errors, field checks, line checks, a definition's rule, a duplicate, a refused
 * filter and a reference to nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Lang } from '../../runtime/shared/definition';
import { TEXT_KEY, type Envelope, type MessageRef } from '../../runtime/shared/envelope';
import type { EntityRow } from '../../runtime/shared/definition';
import type { ListPage } from '../../runtime/shared/envelope';
import { t } from '../../server/i18n';
import { DIALECTS, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

const LANGS: Lang[] = ['fa', 'en'];

/** The message's key names a text of the translation files (or is the person-written text key). */
function isKnownKey(m: MessageRef): boolean {
  return m.Key === TEXT_KEY ? typeof m.Params.text === 'string' : t('fa', m.Key) !== m.Key;
}

/** Every message of the envelope is a known key whose text in `lang` is the text sent. */
function expectKeyed(body: Envelope, lang: Lang): void {
  expect(body.Messages).toHaveLength(body.MessageTexts.length);
  body.Messages.forEach((m, i) => {
    expect(isKnownKey(m), m.Key).toBe(true);
    expect(body.MessageTexts[i]).toBe(t(lang, m.Key, m.Params));
  });
  for (const m of [...body.ServerMessageTexts, ...body.TableMessageTexts]) {
    expect(isKnownKey(m), m.Key).toBe(true);
    expect(m.Message, m.Key).toBe(t(lang, m.Key, m.Params));
    expect(m.Message).not.toBe(m.Key);
  }
}

describe.each(DIALECTS)('messages as keys with parameters on %s', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  let staff: string;
  let customer: number;

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url);
    staff = (await signIn(app, 'staff')).access_token;
    const page = await call<ListPage<EntityRow>>(app, 'Sales/Customer/GetList', staff, {
      startRow: 0,
      endRow: 1,
    });
    customer = Number(page.body.Data.rows[0]!.id);
  });
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  it.each(LANGS)('answer-level errors, field and line checks carry their key (%s)', async (lang) => {
    const headers = { 'accept-language': lang };
    const answers: Envelope[] = [];
    const ask = async (path: string, body: object, status: number, token: string | null = staff) => {
      const res = await call(app, path, token, body, headers);
      expect(res.status, path).toBe(status);
      answers.push(res.body);
      return res.body;
    };
    await ask('Sales/Nothing/GetList', {}, 404);
    await ask('Sales/Customer/GetList', {}, 401, null);
    // field checks (required, a format) and the answer's own message
    const fields = await ask(
      'Sales/Customer/Create',
      { values: { name: 'ab', customerType: 'person', nationalCode: '1234567890' } },
      417,
    );
    expect(fields.Messages).toEqual([{ Key: 'errors.YouHaveNotEnteredValuesCorrectly', Params: {} }]);
    expect(fields.ServerMessageTexts.map((m) => m.Key).sort()).toEqual([
      'validation.format.ir-national-code',
      'validation.required',
    ]);
    // a line check with its parameter (the minimum), a reference to no row
    const lines = await ask(
      'Sales/Invoice/Create',
      {
        values: {
          number: 'F-MSG-1',
          customer,
          date: '2026-05-01',
          lines: [{ item: 1, quantity: 0, unitPrice: 100 }],
        },
      },
      417,
    );
    expect(lines.TableMessageTexts[0]).toMatchObject({ Key: 'validation.minimum', Params: { limit: 0.001 } });
    const reference = await ask(
      'Sales/Invoice/Create',
      {
        values: {
          number: 'F-MSG-2',
          customer: 999_999,
          date: '2026-05-01',
          lines: [{ item: 1, quantity: 1, unitPrice: 100 }],
        },
      },
      417,
    );
    expect(reference.ServerMessageTexts).toEqual([
      expect.objectContaining({ FieldName: 'customer', Key: 'errors.ReferenceNotFound' }),
    ]);
    // a duplicate of a unique field
    const values = {
      code: `M-${lang}`,
      name: 'مشتری پیام',
      customerType: 'person',
      nationalCode: '0499370899',
    };
    await ask('Sales/Customer/Create', { values }, 200);
    const duplicate = await ask('Sales/Customer/Create', { values: { ...values, name: 'دیگری' } }, 417);
    expect(duplicate.ServerMessageTexts).toEqual([
      expect.objectContaining({ FieldName: 'code', Key: 'validation.unique' }),
    ]);
    // a refused filter (400)
    const filter = await ask(
      'Sales/Customer/GetList',
      { startRow: 0, endRow: 1, filterModel: { nope: { filterType: 'text', type: 'equals', filter: 'x' } } },
      400,
    );
    expect(filter.Messages).toEqual([{ Key: 'errors.BadRequest', Params: {} }]);
    for (const body of answers) expectKeyed(body, lang);
  });

  it.each(LANGS)(
    "a definition's rule message travels as the text key with the text in the request language (%s)",
    async (lang) => {
      const account = async (code: string) =>
        (
          await call<ListPage<EntityRow>>(app, 'Accounting/Account/GetList', staff, {
            startRow: 0,
            endRow: 1,
            filterModel: { code: { filterType: 'text', type: 'equals', filter: code } },
          })
        ).body.Data.rows[0]!.id;
      const [cash, sales] = [await account('1101'), await account('4101')];
      const bad = await call(
        app,
        'Accounting/Voucher/Create',
        staff,
        {
          values: {
            number: `S-MSG-${lang}`,
            date: '2026-06-01',
            description: 'سند نابرابر',
            lines: [
              { account: cash, debit: 1000, credit: 0 },
              { account: sales, debit: 0, credit: 900 },
            ],
          },
        },
        { 'accept-language': lang },
      );
      expect(bad.status).toBe(417);
      expect(bad.body.Messages).toEqual([{ Key: 'errors.BusinessRuleViolated', Params: {} }]);
      expect(bad.body.TableMessageTexts).toEqual([
        expect.objectContaining({ FieldName: 'credit', Key: TEXT_KEY, Params: { text: expect.any(String) } }),
      ]);
      expectKeyed(bad.body, lang);
    },
  );
});
