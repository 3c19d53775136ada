/**
 * Automations on both databases (docs/automations.md): a document type published by the analyst
 * with automations on each event (created, updated, changed:<field>, finalised, cancelled,
 * dateReached) and each action (setField, createDocument, notify, webhook); inTransaction runs
 * inside the save (its failure refuses the save in Persian, nothing kept), afterCommit after it
 * (its failure is logged, the document stays); webhooks go to a local receiver on 127.0.0.1 signed
 * with HMAC-SHA256, retried with exponential backoff (time injected), logged for the admin only;
 * notifications reach only the role or user named and never show a field hidden from the
 * recipient; a createDocument needs the writer's create right; a definition may not name a URL.
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EntityDefinition, EntityRow } from '../../runtime/shared/definition';
import type { Envelope, ListPage } from '../../runtime/shared/envelope';
import { todayIso } from '../../runtime/shared/businessDay';
import { toPersianDigits } from '../../runtime/shared/normalize';
import { settleAutomations } from '../../server/automations/effect';
import { addDays, tickAutomations } from '../../server/automations/scheduler';
import { AUTOMATION_LOG, WEBHOOK_OUTBOX } from '../../server/automations/tables';
import { BACKOFF_BASE_MS } from '../../server/automations/webhooks';
import type { NotificationItem } from '../../server/automations/routes';
import { DIALECTS, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

type Row = EntityRow & Record<string, unknown>;
type Mine = { rows: NotificationItem[]; unread: number };

const SECRET = 'test-secret-0123456789abcdef';
/** A value as a notification shows it (Persian digits). */
const fa = (v: unknown) => toPersianDigits(String(v));

/** A local HTTP receiver: records each request, answers the next status of `answers` (then 200). */
interface Receiver {
  server: Server;
  url: string;
  got: { headers: IncomingHttpHeaders; body: string }[];
  answers: number[];
}

async function receiver(): Promise<Receiver> {
  const r: Receiver = { server: createServer(), url: '', got: [], answers: [] };
  r.server.on('request', (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      r.got.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = r.answers.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((done) => r.server.listen(0, '127.0.0.1', done));
  r.url = `http://127.0.0.1:${(r.server.address() as AddressInfo).port}/hook`;
  return r;
}

const businessErrors = (body: Envelope<unknown>) =>
  ((body.Data as { BusinessErrors?: string[] } | null)?.BusinessErrors ?? []) as string[];

const task: EntityDefinition = {
  name: 'autoTask',
  module: 'sales',
  title: { fa: 'کار پیگیری آزمون', en: 'Follow-up task (test)' },
  displayField: 'title',
  schema: {
    type: 'object',
    properties: { title: { type: 'string', minLength: 1, maxLength: 80 }, ref: { type: 'integer' } },
    required: ['title'],
  },
  fields: { title: { label: { fa: 'عنوان' } }, ref: { label: { fa: 'سند' } } },
  list: { columns: ['title', 'ref'] },
};

function doc(): EntityDefinition {
  return {
    name: 'autoDoc',
    module: 'sales',
    title: { fa: 'سند خودکارسازی آزمون', en: 'Automation document (test)' },
    displayField: 'title',
    schema: {
      type: 'object',
      properties: {
        title: { type: 'string', minLength: 1, maxLength: 60 },
        date: { type: 'string', format: 'date' },
        amount: { type: 'integer', minimum: 0 },
        note: { type: 'string', maxLength: 200 },
        flag: { type: 'string', maxLength: 60 },
      },
      required: ['title', 'date', 'amount'],
    },
    fields: {
      title: { label: { fa: 'عنوان' } },
      date: { label: { fa: 'تاریخ' } },
      amount: { label: { fa: 'مبلغ' }, money: true },
      note: { label: { fa: 'یادداشت' } },
      flag: { label: { fa: 'نشان' } },
    },
    list: { columns: ['title', 'date', 'amount', 'note', 'flag'] },
    lifecycle: {},
    automations: [
      {
        name: 'stampNew',
        on: 'created',
        phase: 'inTransaction',
        actions: [{ setField: { field: 'note', value: { cat: ['new:', { var: 'title' }] } } }],
      },
      {
        name: 'amountMoved',
        on: 'changed:amount',
        actions: [{ setField: { field: 'flag', value: 'amountChanged' } }],
      },
      {
        name: 'refuseOdd',
        on: 'updated',
        phase: 'inTransaction',
        when: { '==': [{ var: 'amount' }, 666] },
        actions: [{ setField: { field: 'amount', value: 'not a number' } }],
      },
      {
        name: 'brokenLater',
        on: 'updated',
        when: { '==': [{ var: 'amount' }, 777] },
        actions: [{ createDocument: { entity: 'sales.autoTask', template: { ref: { var: 'id' } } } }],
      },
      {
        name: 'onFinal',
        on: 'finalised',
        actions: [
          {
            createDocument: {
              entity: 'sales.autoTask',
              template: { title: { cat: ['پیگیری ', { var: 'title' }] }, ref: { var: 'id' } },
            },
          },
          {
            notify: {
              role: 'admin',
              text: {
                fa: 'سند {title} به مبلغ {amount} نهایی شد',
                en: 'Document {title} of {amount} is final',
              },
            },
          },
          { webhook: { endpoint: 'hook' } },
        ],
      },
      {
        name: 'onCancel',
        on: 'cancelled',
        phase: 'inTransaction',
        actions: [
          {
            notify: {
              user: 'staff',
              text: { fa: '{title} باطل شد؛ مبلغ {amount}', en: '{title} cancelled; {amount}' },
            },
          },
          { webhook: { endpoint: 'nowhere' } },
        ],
      },
      {
        name: 'dueReminder',
        on: 'dateReached:date',
        offsetDays: 1,
        when: { '>': [{ var: 'amount' }, 0] },
        actions: [{ notify: { role: 'admin', text: { fa: 'موعد {title} گذشت', en: '{title} is due' } } }],
      },
    ],
  };
}

describe.each(DIALECTS)('automations on %s', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  let hook: Receiver;
  let admin = '';
  let staff = '';
  let analyst = '';
  let n = 0;

  const create = async (values: Record<string, unknown>, token = admin) => {
    const res = await call<Row>(app, 'Sales/AutoDoc/Create', token, { values });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.Data;
  };
  const get = async (id: number) => (await call<Row>(app, 'Sales/AutoDoc/Get', admin, { id })).body.Data;
  const mine = async (token: string) => (await call<Mine>(app, 'Notifications/GetMine', token, {})).body.Data;
  const fresh = () => ({ title: `سند ${(n += 1)}`, date: '2026-05-10', amount: 1_250_000 });

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url, { demoVolume: 'small' });
    hook = await receiver();
    admin = (await signIn(app, 'admin')).access_token;
    staff = (await signIn(app, 'staff')).access_token;
    analyst = (await signIn(app, 'analyst')).access_token;
    // Publish takes only endpoints an admin made: `nowhere` is made for it and removed after, so
    // the automation naming it meets a missing endpoint when it runs
    for (const [name, enabled] of [
      ['hook', true],
      ['nowhere', false],
    ] as const) {
      const endpoint = await call(app, 'Security/WebhookEndpoint/Create', admin, {
        values: { name, url: hook.url, secret: SECRET, enabled },
      });
      expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(200);
    }
    for (const definition of [task, doc()]) {
      const published = await call(app, 'SystemConfig/Designer/Publish', analyst, { definition });
      expect(published.status, JSON.stringify(published.body)).toBe(200);
    }
    const endpoints = app.ctx.registry.byEntityKey('security.webhookEndpoint')!.table;
    await app.ctx.db
      .deleteFrom(endpoints as never)
      .where('name' as never, '=', 'nowhere' as never)
      .execute();
    // staff reads the documents but not their amount
    await app.ctx.db
      .insertInto('role_permissions')
      .values({
        role: 'staff',
        entity: 'sales.autoDoc',
        can_view: 1,
        can_create: 1,
        can_edit: 1,
        can_delete: 0,
        can_export: 0,
        can_print: 0,
        can_finalise: 1,
        can_cancel: 1,
        can_import: 0,
      })
      .onConflict((oc) => oc.columns(['role', 'entity']).doUpdateSet({ can_view: 1, can_create: 1 }))
      .execute();
    await app.ctx.db
      .insertInto('field_permissions')
      .values({ role: 'staff', entity: 'sales.autoDoc', field: 'amount', mode: 'hidden' })
      .execute();
    await app.ctx.db
      .deleteFrom('role_permissions')
      .where('role', '=', 'staff')
      .where('entity', '=', 'sales.autoTask')
      .execute();
  });
  afterAll(async () => {
    await app?.close();
    await new Promise((done) => hook?.server.close(done));
    db?.cleanup();
  });

  it('created (inTransaction setField) is in the answer and stored; changed:amount (afterCommit) follows', async () => {
    const row = await create(fresh());
    expect(row.note).toBe(`new:${row.title as string}`);
    expect((await get(row.id)).note).toBe(`new:${row.title as string}`);
    const upd = await call<Row>(app, 'Sales/AutoDoc/Update', admin, {
      id: row.id,
      version: row.version,
      values: { title: row.title, date: row.date, amount: 2_000_000 },
    });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    await settleAutomations(app.ctx);
    const after = await get(row.id);
    expect(after.flag).toBe('amountChanged');
    // a field set after commit is a new version: a form holding the old one is told (409/417)
    expect(after.version).toBe(upd.body.Data.version + 1);
  });

  it('an inTransaction failure refuses the save in Persian and keeps nothing', async () => {
    const row = await create(fresh());
    const res = await call<Row>(app, 'Sales/AutoDoc/Update', admin, {
      id: row.id,
      version: row.version,
      values: { title: 'تغییر', date: row.date, amount: 666 },
    });
    expect(res.status).toBe(417);
    expect(businessErrors(res.body)).toEqual([
      'خودکارسازی «refuseOdd» انجام نشد: مقدار به‌دست‌آمده برای «مبلغ» معتبر نیست.',
    ]);
    const kept = await get(row.id);
    expect(kept.amount).toBe(row.amount);
    expect(kept.title).toBe(row.title);
  });

  it('an afterCommit failure is logged and never loses the document', async () => {
    const row = await create(fresh());
    const res = await call<Row>(app, 'Sales/AutoDoc/Update', admin, {
      id: row.id,
      version: row.version,
      values: { title: row.title, date: row.date, amount: 777 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await settleAutomations(app.ctx);
    expect((await get(row.id)).amount).toBe(777);
    const log = await app.ctx.db
      .selectFrom(AUTOMATION_LOG as never)
      .selectAll()
      .where('automation' as never, '=', 'brokenLater' as never)
      .execute();
    expect(log).toHaveLength(1);
  });

  it('finalised: a task is created, the admins are notified (not staff), the webhook is signed and retried with backoff', async () => {
    const row = await create(fresh());
    hook.answers.push(500, 503);
    const before = hook.got.length;
    const fin = await call<Row>(app, 'Sales/AutoDoc/Finalise', admin, { id: row.id, version: row.version });
    expect(fin.status, JSON.stringify(fin.body)).toBe(200);
    await settleAutomations(app.ctx);
    // the created document went through the write pipeline
    const tasks = (await call<ListPage<Row>>(app, 'Sales/AutoTask/GetList', admin, {})).body.Data.rows;
    expect(tasks.filter((t) => t.ref === row.id).map((t) => t.title)).toEqual([
      `پیگیری ${row.title as string}`,
    ]);
    // the admin's bell, with the amount in Persian digits
    const adminBell = await mine(admin);
    const text = `سند ${fa(row.title)} به مبلغ ۱٬۲۵۰٬۰۰۰ نهایی شد`;
    expect(adminBell.rows.map((r) => r.text)).toContain(text);
    expect(adminBell.unread).toBeGreaterThan(0);
    expect((await mine(staff)).rows.map((r) => r.text)).not.toContain(text);
    // attempt 1 right after commit: 500
    expect(hook.got.length).toBe(before + 1);
    const [outbox] = (await app.ctx.db
      .selectFrom(WEBHOOK_OUTBOX as never)
      .selectAll()
      .where('row_id' as never, '=', row.id as never)
      .where('automation' as never, '=', 'onFinal' as never)
      .execute()) as { id: number; attempts: number; next_at: string; status: string }[];
    expect(outbox).toMatchObject({ status: 'pending', attempts: 1 });
    const first = Date.parse(outbox!.next_at);
    // not due 10 s later; due after the first backoff (30 s): fails again (503), waits twice as long
    const at = (ms: number) => () => new Date(first + ms);
    expect((await tickAutomations(app.ctx, { now: at(-BACKOFF_BASE_MS + 10_000) })).delivered).toBe(0);
    expect((await tickAutomations(app.ctx, { now: at(1000) })).delivered).toBe(1);
    const again = (await app.ctx.db
      .selectFrom(WEBHOOK_OUTBOX as never)
      .selectAll()
      .where('id' as never, '=', outbox!.id as never)
      .executeTakeFirstOrThrow()) as { attempts: number; next_at: string; status: string };
    expect(again).toMatchObject({ status: 'pending', attempts: 2 });
    expect(Date.parse(again.next_at) - (first + 1000)).toBe(2 * BACKOFF_BASE_MS);
    expect((await tickAutomations(app.ctx, { now: at(1000 + BACKOFF_BASE_MS) })).delivered).toBe(0);
    expect((await tickAutomations(app.ctx, { now: at(2000 + 2 * BACKOFF_BASE_MS) })).delivered).toBe(1);
    expect(hook.got.length).toBe(before + 3);
    // the same signed body each time, its signature checks with the endpoint's secret
    for (const got of hook.got.slice(before)) {
      const expected = `sha256=${createHmac('sha256', SECRET).update(got.body).digest('hex')}`;
      expect(got.headers['x-webhook-signature']).toBe(expected);
      expect(got.headers['x-webhook-delivery']).toBe(String(outbox!.id));
      expect(JSON.parse(got.body)).toMatchObject({ event: 'finalised', entity: 'sales.autoDoc', id: row.id });
    }
    // the delivery log: the admin reads it, staff does not
    const log = await call<ListPage<Row>>(app, 'Security/WebhookDelivery/GetList', admin, {});
    expect(log.status).toBe(200);
    expect(log.body.Data.rows.find((r) => r.id === outbox!.id)).toMatchObject({
      status: 'delivered',
      attempts: 3,
      lastStatus: 200,
      endpoint: 'hook',
    });
    expect((await call(app, 'Security/WebhookDelivery/GetList', staff, {})).status).toBe(403);
    expect((await call(app, 'Security/WebhookEndpoint/GetList', staff, {})).status).toBe(403);
  });

  it('cancelled (inTransaction): the user named is told without the field hidden from the role; a missing endpoint is skipped', async () => {
    const row = await create(fresh());
    const fin = await call<Row>(app, 'Sales/AutoDoc/Finalise', admin, { id: row.id, version: row.version });
    await settleAutomations(app.ctx);
    const cancel = await call<Row>(app, 'Sales/AutoDoc/Cancel', admin, {
      id: row.id,
      version: fin.body.Data.version,
      reason: 'آزمون ابطال',
    });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    await settleAutomations(app.ctx);
    const staffBell = await mine(staff);
    const told = staffBell.rows.find((r) => r.text.startsWith(`${fa(row.title)} باطل شد`));
    expect(told?.text).toBe(`${fa(row.title)} باطل شد؛ مبلغ …`);
    expect(told?.rowId).toBe(row.id);
    expect((await mine(admin)).rows.some((r) => r.text.includes('باطل شد'))).toBe(false);
    // marking read: only one's own
    const adminIds = (await mine(admin)).rows.map((r) => r.id);
    const marked = await call<{ unread: number }>(app, 'Notifications/MarkRead', staff, {
      ids: [told!.id, ...adminIds],
    });
    expect(marked.status).toBe(200);
    expect((await mine(staff)).rows.find((r) => r.id === told!.id)?.read).toBe(true);
    expect((await mine(admin)).rows.filter((r) => !r.read).length).toBe(
      adminIds.length > 0 ? (await mine(admin)).unread : 0,
    );
    expect((await mine(admin)).unread).toBeGreaterThan(0);
    const skipped = (await app.ctx.db
      .selectFrom(WEBHOOK_OUTBOX as never)
      .selectAll()
      .where('endpoint' as never, '=', 'nowhere' as never)
      .execute()) as { status: string }[];
    expect(skipped.map((s) => s.status)).toEqual(['skipped']);
  });

  it('createDocument needs the writer’s create right: staff’s finalise keeps the document, no task, a log entry', async () => {
    const row = await create(fresh());
    const fin = await call<Row>(app, 'Sales/AutoDoc/Finalise', staff, { id: row.id, version: row.version });
    expect(fin.status, JSON.stringify(fin.body)).toBe(200);
    await settleAutomations(app.ctx);
    expect((await get(row.id)).docState).toBe('final');
    const tasks = (await call<ListPage<Row>>(app, 'Sales/AutoTask/GetList', admin, {})).body.Data.rows;
    expect(tasks.some((t) => t.ref === row.id)).toBe(false);
    const log = (await app.ctx.db
      .selectFrom(AUTOMATION_LOG as never)
      .selectAll()
      .where('row_id' as never, '=', row.id as never)
      .execute()) as { automation: string; error: string }[];
    expect(log.map((l) => l.automation)).toEqual(['onFinal']);
    expect(log[0]!.error).toContain('اجازه ایجاد');
  });

  it('dateReached fires once per row per day, whatever the ticks', async () => {
    const now = new Date();
    const today = todayIso(now);
    const row = await create({ ...fresh(), date: addDays(today, -1) });
    await create({ ...fresh(), date: today });
    const first = await tickAutomations(app.ctx, { now: () => now });
    expect(first.fired).toBe(1);
    expect((await tickAutomations(app.ctx, { now: () => now })).fired).toBe(0);
    const due = (await mine(admin)).rows.filter((r) => r.text === `موعد ${fa(row.title)} گذشت`);
    expect(due).toHaveLength(1);
    // the next day the other row's date is reached
    const tomorrow = new Date(now.getTime() + 86_400_000);
    expect((await tickAutomations(app.ctx, { now: () => tomorrow })).fired).toBe(1);
  });

  it('a definition may not name a URL, an unknown field or a server-written entity', async () => {
    const refused = async (change: (d: EntityDefinition) => void) => {
      const d = doc();
      d.name = `autoBad${(n += 1)}`;
      change(d);
      const res = await call(app, 'SystemConfig/Designer/Publish', analyst, { definition: d });
      expect(res.status).toBe(417);
      return res.body.ServerMessageTexts.map((m) => m.FieldName);
    };
    const paths = await refused((d) => {
      d.automations = [
        { name: 'leak', on: 'created', actions: [{ webhook: { endpoint: 'https://evil.example/x' } }] },
      ];
    });
    expect(paths.join(' ')).toContain('/automations/0/actions/0');
    expect(
      await refused((d) => {
        d.automations = [
          {
            name: 'x',
            on: 'changed:nothing',
            actions: [{ notify: { role: 'admin', text: { fa: '{secret}' } } }],
          },
        ];
      }),
    ).toEqual(['/automations/0/on', '/automations/0/actions/0/notify/text/fa']);
    expect(
      await refused((d) => {
        d.automations = [
          {
            name: 'y',
            on: 'created',
            actions: [{ createDocument: { entity: 'security.webhookEndpoint', template: { name: 'z' } } }],
          },
        ];
      }),
    ).toEqual(['/automations/0/actions/0/createDocument/entity']);
  });
});
