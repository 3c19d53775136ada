/**
 * Standalone validator modules (server/meta/validators.ts): served with the definition's URLs,
 * importable JavaScript that validates exactly like the server's own validator, and a new URL when
 * the schema changes.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { EntityDefinition } from '../../runtime/shared/definition';
import {
  validatorRequire,
  type StandaloneValidate,
  type ValidatorModule,
} from '../../runtime/shared/validatorRuntime';
import { validatorUrls } from '../../server/meta/validators';
import { call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

const dir = mkdtempSync(join(tmpdir(), 'validators-'));
let n = 0;

/** Imports module text the way a browser would: as an ES module file. */
async function importModule(code: string): Promise<StandaloneValidate> {
  const file = join(dir, `m${n++}.mjs`);
  writeFileSync(file, code);
  const mod = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as ValidatorModule;
  return mod.default(validatorRequire);
}

const summary = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? []).map((e) => `${e.instancePath} ${e.keyword} ${JSON.stringify(e.params)}`).sort();

function expectSame(served: StandaloneValidate, own: ValidateFunction, samples: unknown[]): void {
  for (const sample of samples) {
    const a = served(sample);
    const b = own(sample);
    expect({ sample, valid: a, errors: summary(served.errors) }).toEqual({
      sample,
      valid: b,
      errors: summary(own.errors),
    });
  }
}

describe('validator modules', () => {
  let db: TestDb;
  let app: FastifyInstance;
  let staff = '';

  beforeAll(async () => {
    db = await freshDatabase('sqlite');
    app = await makeApp(db.url);
    staff = (await signIn(app, 'staff')).access_token;
  });
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  async function definition(module: string, name: string): Promise<EntityDefinition> {
    const res = await call<EntityDefinition>(app, 'Meta/Entity/GetDefinition', staff, { module, name });
    expect(res.status).toBe(200);
    return res.body.Data;
  }

  async function fetchModule(url: string) {
    const res = await app.inject({ method: 'GET', url });
    return res;
  }

  it('serves the customer record validator, immutable JavaScript that validates like the server', async () => {
    const def = await definition('sales', 'customer');
    expect(def.validators?.record).toMatch(/^\/api\/validators\/sales\/customer\/record\.[0-9a-f]{20}\.js$/);
    const res = await fetchModule(def.validators!.record);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.body).not.toMatch(/new Function|eval\(/);

    const served = await importModule(res.body);
    const own = app.ctx.registry.byEntityKey('sales.customer')!.validate;
    expectSame(served, own, [
      { code: 'C-1', name: 'شرکت نمونه', customerType: 'company' },
      { code: 'C-1', name: 'نام', customerType: 'person', nationalCode: '0499370899', mobile: '09121234567' },
      { code: 'C 1', name: 'ن', customerType: 'other' },
      { code: 'C-1', name: 'نام', customerType: 'person', nationalCode: '1234567890' },
      { code: 'C-1', name: 'نام', customerType: 'person', mobile: '0912', registeredOn: '2026-13-40' },
      { code: 'C-1', name: '😀😀', customerType: 'person', creditLimit: -1, extra: 1 },
      { name: 'x'.repeat(121) },
      'not an object',
    ]);
    // a sample the server accepts and one it refuses, so the comparison means something
    expect(served({ code: 'C-1', name: 'شرکت نمونه', customerType: 'company' })).toBe(true);
    expect(served({ code: 'C-1', name: 'نام', customerType: 'person', nationalCode: '1234567890' })).toBe(
      false,
    );
  });

  it('serves the invoice line validator named by the definition', async () => {
    const def = await definition('sales', 'invoice');
    const url = def.validators?.children.lines;
    expect(url).toMatch(/^\/api\/validators\/sales\/invoice\/lines\.[0-9a-f]{20}\.js$/);
    const served = await importModule((await fetchModule(url!)).body);
    const own = app.ctx.registry.byEntityKey('sales.invoice')!.children.find((c) => c.name === 'lines')!;
    expectSame(served, own.validate, [
      { item: 'پیچ', quantity: 2, unitPrice: 1000 },
      { item: '', quantity: 0, unitPrice: 1.5 },
      { quantity: 'x' },
      { item: 'a', quantity: 1, unitPrice: 1, amount: -1, other: true },
    ]);
    const record = await importModule((await fetchModule(def.validators!.record)).body);
    expectSame(record, app.ctx.registry.byEntityKey('sales.invoice')!.validate, [{}, { lines: [] }]);
  });

  it('answers with a new URL when the schema changes, and 404 for an unknown module', async () => {
    const def = app.ctx.registry.byEntityKey('sales.customer')!.def;
    const before = validatorUrls(app.ctx.registry, def).record;
    const changed: EntityDefinition = structuredClone(def);
    changed.schema.properties.name!.maxLength = 10;
    const after = validatorUrls(app.ctx.registry, changed).record;
    expect(after).not.toBe(before);
    const served = await importModule((await fetchModule(after)).body);
    expect(served({ code: 'C-1', name: 'یک نام بلندتر از ده', customerType: 'person' })).toBe(false);
    expect(validatorUrls(app.ctx.registry, structuredClone(def)).record).toBe(before);

    const missing = before.replace(/\.[0-9a-f]{20}\.js$/, '.00000000000000000000.js');
    expect((await fetchModule(missing)).statusCode).toBe(404);
    expect((await fetchModule('/api/validators/sales/customer/record.js')).statusCode).toBe(404);
  });
});
