/**
 * Legal-person customers and vendors (issue #22): a company needs its شناسه ملی (11 digits, its
 * own checksum), a person does not; economic code, postal code and Sheba are checked on both
 * definitions. The server refuses with 417 and a Persian message naming the field.
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
      // the definition's cross-field rule, with its Persian message naming the field
      const errors = (missing.body.Data as unknown as { BusinessErrors?: string[] }).BusinessErrors;
      expect(errors).toEqual([expect.stringMatching(/حقوقی، شناسه ملی لازم است/)]);

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

    it(`${path}: a person needs no national id; a wrong checksum, postal code or Sheba is refused by field`, async () => {
      const person = await create(path, { code: code(), name: 'علی رضایی', [typeField]: 'person' });
      expect(person.status, JSON.stringify(person.body)).toBe(200);
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
