/** Text fields that hold entity keys, workflow states or field names are served with their labels. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EntityDefinition } from '../../runtime/shared/definition';
import { DIALECTS, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

describe.each(DIALECTS)('borrowed labels on %s', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  let admin = '';

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url);
    admin = (await signIn(app, 'admin')).access_token;
  });
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  const definition = async (module: string, name: string, lang = 'fa') =>
    (
      await call<EntityDefinition>(
        app,
        'Meta/Entity/GetDefinition',
        admin,
        { module, name },
        { 'accept-language': lang },
      )
    ).body.Data;

  it('names the entity and the states in the workflow history', async () => {
    const def = await definition('workFlow', 'transitionLog');
    expect(def.fields.entityKey?.enumLabels?.['supplyChain.purchaseOrder']).toEqual({
      fa: 'سفارش‌های خرید',
      en: 'Purchase orders',
    });
    const states = def.fields.toState?.enumLabels ?? {};
    expect(states.approved?.fa).toBeTruthy();
    expect(states.draft?.fa).toBeTruthy();
    expect(def.fields.fromState?.enumLabels).toEqual(states);
    // the stored values and what they may be are unchanged: still text, no enum
    expect(def.schema.properties.toState?.enum).toBeUndefined();
  });

  it('names the entity and the fields of a saved report, and the audited entity', async () => {
    const report = await definition('report', 'savedReport');
    expect(report.fields.entity?.enumLabels?.['sales.invoice']?.fa).toBe('فاکتورهای فروش');
    expect(report.fields.groupBy?.enumLabels?.city?.fa).toBe('شهر');
    expect(report.fields.dateField?.enumLabels?.date?.fa).toBe('تاریخ');
    const audit = await definition('management', 'auditLog');
    expect(audit.fields.entityKey?.enumLabels?.['sales.customer']?.fa).toBe('مشتریان');
  });

  it('names the settings the server writes', async () => {
    const setting = await definition('systemConfig', 'setting');
    expect(setting.fields.key?.enumLabels?.['licence.expiresOn']?.fa).toBe('پایان اعتبار مجوز');
    const en = await definition('systemConfig', 'setting', 'en');
    expect(en.fields.key?.enumLabels?.['licence.expiresOn']?.en).toBe('Licence expires on');
    // a value of a closed list reads as its word: the credit mode «warn» is «هشدار»
    expect(setting.fields.value?.enumLabels?.warn?.fa).toBe('هشدار');
    expect(setting.fields.value?.enumLabels?.refuse?.fa).toBe('رد');
  });

  it('leaves a definition without borrowed labels as it is', async () => {
    const customer = await definition('sales', 'customer');
    expect(Object.values(customer.fields).some((f) => f.labelsFrom)).toBe(false);
    expect(customer.fields.name?.enumLabels).toBeUndefined();
  });
});
