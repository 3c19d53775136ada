/**
 * Legal-person customers and vendors (issue #22): a company needs its شناسه ملی (11 digits, its
 * own checksum), a natural person its کد ملی (the definition's `conditions.<field>.required`, the
 * rule the form marks too: runtime/shared/requiredWhen.ts); economic code, postal code and Sheba
 * are checked on both definitions. The server refuses with 417 and a Persian message on the field.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

type Row = { id: number } & Record<string, unknown>;

const VALID_ID = '10380284790';
const SHEBA = 'IR820540102680020817909002';

describe.each(DIALECTS)('legal-person ids of customers and vendors on %s', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  let admin: string;
  let n = 0;
  const code = () => `LP-${dialect}-${++n}`;

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url);
    admin = (await signIn(app, 'admin')).access_token;
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  const create = (path: string, values: Record<string, unknown>) =>
    call<Row>(app, `${path}/Create`, admin, { values });

  for (const [path, typeField] of [
    ['Sales/Customer', 'customerType'],
    ['SupplyChain/Vendor', 'vendorType'],
  ] as const) {
    it(`${path}: a company without its national id is refused in Persian; with it (Persian digits too) saved`, async () => {
      const missing = await create(path, { code: code(), name: 'شرکت نمونه', [typeField]: 'company' });
      expect(missing.status).toBe(417);
      // the definition's condition makes the field required: a Persian message on that field alone
      expect(missing.body.ServerMessageTexts).toEqual([
        expect.objectContaining({
          FieldName: 'nationalId',
          Key: 'validation.required',
          Message: 'این فیلد الزامی است.',
        }),
      ]);

      const saved = await create(path, {
        code: code(),
        name: 'شرکت نمونه',
        [typeField]: 'company',
        nationalId: '۱۰۳۸۰۲۸۴۷۹۰',
        economicCode: '411111111111',
        postalCode: '۱۵۹۸۷۶۵۴۳۲',
        sheba: SHEBA,
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const read = await call<Row>(app, `${path}/Get`, admin, { id: saved.body.Data.id });
      expect(read.body.Data).toMatchObject({
        nationalId: VALID_ID,
        postalCode: '1598765432',
        economicCode: '411111111111',
        sheba: SHEBA,
      });
    }, 60_000);

    it(`${path}: a person needs her national code and no national id`, async () => {
      const missing = await create(path, { code: code(), name: 'علی رضایی', [typeField]: 'person' });
      expect(missing.status).toBe(417);
      expect(missing.body.ServerMessageTexts).toEqual([
        expect.objectContaining({
          FieldName: 'nationalCode',
          Key: 'validation.required',
          Message: 'این فیلد الزامی است.',
        }),
      ]);
      // an empty input counts as missing
      const blank = await create(path, {
        code: code(),
        name: 'علی رضایی',
        [typeField]: 'person',
        nationalCode: '',
      });
      expect(blank.status).toBe(417);
      expect(blank.body.ServerMessageTexts?.map((m) => m.FieldName)).toEqual(['nationalCode']);

      const person = await create(path, {
        code: code(),
        name: 'علی رضایی',
        [typeField]: 'person',
        nationalCode: '۰۴۹۹۳۷۰۸۹۹',
      });
      expect(person.status, JSON.stringify(person.body)).toBe(200);
      const read = await call<Row>(app, `${path}/Get`, admin, { id: person.body.Data.id });
      expect(read.body.Data).toMatchObject({ nationalCode: '0499370899' });
      expect(read.body.Data.nationalId).toBeUndefined();
    }, 60_000);

    it(`${path}: a wrong checksum, postal code or Sheba is refused by field`, async () => {
      for (const [field, value, text] of [
        ['nationalId', '10380284791', /شناسه ملی معتبر نیست/],
        ['nationalId', '1038028479', /شناسه ملی معتبر نیست/],
        ['postalCode', '12345', /کد پستی/],
        ['sheba', 'IR000000000000000000000000', /شبا/],
        ['economicCode', '12ab', /./],
      ] as const) {
        const bad = await create(path, {
          code: code(),
          name: 'شرکت نمونه',
          [typeField]: 'company',
          nationalId: VALID_ID,
          [field]: value,
        });
        expect(bad.status, `${field}=${value}`).toBe(417);
        const message = bad.body.ServerMessageTexts?.find((m) => m.FieldName === field);
        expect(message?.Message, `${field}=${value}`).toMatch(text);
      }
    }, 60_000);
  }
});
