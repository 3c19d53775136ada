/**
 * Automations published through the designer API (docs/automations.md «The automations tab»):
 * Publish refuses, in Persian on the automation's JSON path, a webhook endpoint no admin made and a
 * set field that is read-only or unknown; SystemConfig/Designer/AutomationChoices gives a designer
 * the roles by label, staff users and endpoint NAMES only, and refuses everyone else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EntityDefinition } from '../../runtime/shared/definition';
import type { AutomationChoices } from '../../runtime/shared/automationCheck';
import { DIALECTS, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

const SECRET = 'designer-secret-0123456789';
const URL = 'http://127.0.0.1:9/never';

function definition(name: string, automations: EntityDefinition['automations']): EntityDefinition {
  return {
    name,
    module: 'sales',
    title: { fa: 'سند اتوماسیون طراح', en: 'Designer automation document' },
    displayField: 'title',
    schema: {
      type: 'object',
      properties: {
        title: { type: 'string', minLength: 1, maxLength: 60 },
        amount: { type: 'integer', minimum: 0 },
        code: { type: 'string', maxLength: 20, readOnly: true },
      },
      required: ['title'],
    },
    fields: {
      title: { label: { fa: 'عنوان' } },
      amount: { label: { fa: 'مبلغ' } },
      code: { label: { fa: 'کد' } },
    },
    list: { columns: ['title', 'amount'] },
    automations,
  };
}

const notifyStaff = { notify: { role: 'staff', text: { fa: 'سند {title} ثبت شد', en: '{title} created' } } };

describe.each(DIALECTS)('automations published through the designer on %s', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  let admin = '';
  let analyst = '';
  let staff = '';
  let vendor = '';
  let n = 0;

  const publish = (def: EntityDefinition, token = analyst) =>
    call(app, 'SystemConfig/Designer/Publish', token, { definition: def });
  /** The refusal's messages as «path: text». */
  const refusal = async (def: EntityDefinition) => {
    const res = await publish(def);
    expect(res.status, JSON.stringify(res.body)).toBe(417);
    return res.body.ServerMessageTexts.map((m) => `${m.FieldName}: ${m.Message}`);
  };

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url, { demoVolume: 'small' });
    admin = (await signIn(app, 'admin')).access_token;
    analyst = (await signIn(app, 'analyst')).access_token;
    staff = (await signIn(app, 'staff')).access_token;
    vendor = (await signIn(app, 'vendor')).access_token;
    const made = await call(app, 'Security/WebhookEndpoint/Create', admin, {
      values: { name: 'crm', url: URL, secret: SECRET, enabled: false },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  it('refuses a webhook endpoint no admin made, in Persian on its path', async () => {
    const def = definition(`autoDesign${(n += 1)}`, [
      { name: 'toCrm', on: 'created', actions: [notifyStaff, { webhook: { endpoint: 'nowhere' } }] },
    ]);
    expect(await refusal(def)).toEqual([
      '/automations/0/actions/1/webhook/endpoint: نقطهٔ وب‌هوک «nowhere» تعریف نشده است؛ از مدیر سیستم بخواهید آن را بسازد.',
    ]);
    // Plan refuses what Publish would
    const planned = await call(app, 'SystemConfig/Designer/Plan', analyst, { definition: def });
    expect(planned.status).toBe(417);
  });

  it('refuses a set field that is read-only or unknown, in Persian', async () => {
    const readOnly = definition(`autoDesign${(n += 1)}`, [
      { name: 'stamp', on: 'created', actions: [{ setField: { field: 'code', value: 'X' } }] },
    ]);
    expect(await refusal(readOnly)).toEqual([
      '/automations/0/actions/0/setField/field: «code» فیلد قابل‌تغییر این سند نیست.',
    ]);
    const unknown = definition(`autoDesign${(n += 1)}`, [
      { name: 'stamp', on: 'created', actions: [{ setField: { field: 'nothing', value: 1 } }] },
    ]);
    expect(await refusal(unknown)).toEqual([
      '/automations/0/actions/0/setField/field: «nothing» فیلد قابل‌تغییر این سند نیست.',
    ]);
  });

  it('publishes an endpoint an admin made; once it is gone the definition in force may still be published', async () => {
    const def = definition(`autoDesign${(n += 1)}`, [
      {
        name: 'big',
        on: 'created',
        when: { '>': [{ var: 'amount' }, 100] },
        actions: [notifyStaff, { webhook: { endpoint: 'crm' } }],
      },
    ]);
    const first = await publish(def);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const endpoint = app.ctx.registry.byEntityKey('security.webhookEndpoint')!;
    await (app.ctx.db as unknown as { deleteFrom: (t: string) => { execute: () => Promise<unknown> } })
      .deleteFrom(endpoint.table)
      .execute();
    // the same endpoint, named already by the definition in force: allowed (the call is skipped)
    const again = await publish({ ...def, title: { fa: 'سند اتوماسیون طراح ۲' } });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    // a new automation naming a missing one: refused
    const more = structuredClone(def);
    more.automations!.push({ name: 'other', on: 'created', actions: [{ webhook: { endpoint: 'gone' } }] });
    expect((await refusal(more)).join(' ')).toContain('«gone»');
  });

  it('an analyst may not publish an automation reading a field hidden from the analyst', async () => {
    const def = definition(`autoDesign${(n += 1)}`, [
      { name: 'tell', on: 'created', actions: [notifyStaff] },
    ]);
    expect((await publish(def)).status).toBe(200);
    const key = `sales.${def.name}`;
    await app.ctx.db
      .insertInto('field_permissions')
      .values({ role: 'analyst', entity: key, field: 'amount', mode: 'hidden' })
      .execute();
    // a condition on it (a notification only when it holds) and a value copied from it: refused
    const leaky = structuredClone(def);
    leaky.automations = [
      {
        name: 'tell',
        on: 'created',
        when: { '>': [{ var: 'amount' }, 1_000_000] },
        actions: [notifyStaff, { setField: { field: 'title', value: { cat: [{ var: 'amount' }] } } }],
      },
    ];
    const paths = (await refusal(leaky)).map((m) => m.split(': ')[0]);
    expect(paths).toEqual(['/automations/0/when', '/automations/0/actions/1/setField/value']);
    // the admin may
    expect((await publish(leaky, admin)).status).toBe(200);
  });

  it('offers a designer roles by label, staff users and endpoint names only; refuses the others', async () => {
    const made = await call(app, 'Security/WebhookEndpoint/Create', admin, {
      values: { name: 'erp-audit', url: URL, secret: SECRET, enabled: true },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const res = await call<AutomationChoices>(app, 'SystemConfig/Designer/AutomationChoices', analyst, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const choices = res.body.Data;
    expect(choices.endpoints).toContain('erp-audit');
    // nothing of an endpoint but its name
    const text = JSON.stringify(choices);
    expect(text).not.toContain(URL);
    expect(text).not.toContain(SECRET);
    // a role an admin named comes with its labels; one nobody named with none (the client names it
    // by the shipped roles' translations, as every role list does)
    const named = await call(app, 'Security/Role/Save', admin, {
      role: 'cashier',
      label: { fa: 'صندوقدار', en: 'Cashier' },
    });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    const again = (await call<AutomationChoices>(app, 'SystemConfig/Designer/AutomationChoices', analyst, {}))
      .body.Data;
    expect(again.roles.find((r) => r.key === 'cashier')?.label).toEqual({ fa: 'صندوقدار', en: 'Cashier' });
    expect(again.roles.find((r) => r.key === 'staff')?.label).toEqual({ fa: '', en: '' });
    expect(choices.roles.map((r) => r.key)).toContain('admin');
    // staff users only: a vendor or customer user is not offered by name
    const names = choices.users.map((u) => u.username);
    expect(names).toContain('staff');
    expect(names).not.toContain('vendor');
    expect(names).not.toContain('customer');
    for (const token of [staff, vendor]) {
      const refused = await call(app, 'SystemConfig/Designer/AutomationChoices', token, {});
      expect(refused.status).toBe(403);
    }
    expect((await call(app, 'SystemConfig/Designer/AutomationChoices', null, {})).status).toBe(401);
  });
});
