/**
 * The document lifecycle (#23, docs/api.md "Document lifecycle"): a draft is edited and deleted
 * freely; Finalise makes it final, after which Update and Delete answer 417 with a Persian reason
 * (but fields editable when final); Cancel needs its own permission and a reason; Amend makes a
 * linked draft copy with the lines; a workflow's per-state roles gate edit and delete; a vendor
 * cannot finalise; an analyst publishes a new document type with a lifecycle and walks a row
 * through every state; the demo holds documents of every kind in every state. On SQLite and
 * PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { pascal, type EntityRow } from '../../runtime/shared/definition';
import type { ListPage } from '../../runtime/shared/envelope';
import { t } from '../../server/i18n';
import { DIALECTS, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

type Doc = EntityRow & { lines?: Record<string, unknown>[] };
type Answer = { BusinessErrors?: string[] };

const PERSIAN = /[\u0600-\u06FF]/;

/** An API row as Create/Update values: system and lifecycle fields left out. */
function valuesOf(row: EntityRow): Record<string, unknown> {
  const skip = new Set(['id', 'version', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy']);
  return Object.fromEntries(Object.entries(row).filter(([k]) => !skip.has(k) && !k.endsWith('__display')));
}

/** A document type with a lifecycle, notes editable when final and a workflow with per-state roles. */
const CLAIM = {
  name: 'expenseClaim',
  module: 'common',
  title: { fa: 'درخواست هزینه', en: 'Expense claim' },
  displayField: 'title',
  lifecycle: { editableWhenFinal: ['note'], attachmentsWhenFinal: false, finaliseFrom: ['approved'] },
  workflow: {
    field: 'status',
    initial: 'open',
    transitions: [{ from: 'open', to: 'approved', roles: ['analyst', 'admin'] }],
    states: { approved: { edit: ['admin'], delete: ['admin'] } },
  },
  schema: {
    type: 'object',
    properties: {
      title: { type: 'string', minLength: 1, maxLength: 100 },
      note: { type: 'string', maxLength: 200 },
      status: { type: 'string', enum: ['open', 'approved'] },
    },
    required: ['title'],
  },
  fields: {
    title: { label: { fa: 'عنوان' } },
    note: { label: { fa: 'یادداشت' } },
    status: {
      label: { fa: 'وضعیت' },
      enumLabels: { open: { fa: 'باز' }, approved: { fa: 'تأییدشده' } },
    },
  },
  children: {
    lines: {
      label: { fa: 'اقلام' },
      schema: {
        type: 'object',
        properties: { what: { type: 'string', maxLength: 100 }, amount: { type: 'integer', minimum: 0 } },
        required: ['what', 'amount'],
      },
      fields: { what: { label: { fa: 'شرح' } }, amount: { label: { fa: 'مبلغ' }, money: true } },
    },
  },
  list: { columns: ['title', 'status'] },
  menu: { order: 1 },
};

describe.each(DIALECTS)('document lifecycle on %s', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  let staff = '';
  let admin = '';
  let invoice: Doc;

  const businessErrors = (body: { Data: unknown }) => (body.Data as Answer | null)?.BusinessErrors ?? [];

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url);
    staff = (await signIn(app, 'staff')).access_token;
    admin = (await signIn(app, 'admin')).access_token;
    // a new draft invoice, a copy of the newest draft one (a date in an open period)
    const page = await call<ListPage<Doc>>(app, 'Sales/Invoice/GetList', staff, {
      startRow: 0,
      endRow: 1,
      sortModel: [{ colId: 'date', sort: 'desc' }],
      filterModel: { docState: { filterType: 'text', type: 'equals', filter: 'draft' } },
    });
    const source = (await call<Doc>(app, 'Sales/Invoice/Get', staff, { id: page.body.Data.rows[0]!.id })).body
      .Data;
    const lines = (source.lines ?? []).map((l) => ({
      item: l.item,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
    }));
    const created = await call<Doc>(app, 'Sales/Invoice/Create', staff, {
      // a state sent with a new document is ignored: it starts as a draft
      values: { ...valuesOf(source), number: `LC-${dialect}`, docState: 'final', lines },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    invoice = created.body.Data;
  }, 240_000);
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  const update = (doc: Doc, values: Record<string, unknown>, who = staff) =>
    call<Doc>(app, 'Sales/Invoice/Update', who, { id: doc.id, version: doc.version, values });

  it('the demo holds drafts, finals and cancelled documents of every document kind; the newest are drafts', async () => {
    const kinds = app.ctx.registry.all().filter((e) => e.def.lifecycle);
    expect(kinds.map((e) => e.key)).toEqual(
      expect.arrayContaining([
        'sales.invoice',
        'supplyChain.purchaseOrder',
        'supplyChain.goodsReceipt',
        'accounting.voucher',
        'treasury.receipt',
        'treasury.payment',
        'salary.payrollRun',
        'inventory.stockMove',
        'inventory.stockCount',
        'transport.delivery',
      ]),
    );
    for (const kind of kinds) {
      const path = `${pascal(kind.def.module)}/${pascal(kind.def.name)}/GetList`;
      for (const state of ['draft', 'final', 'cancelled']) {
        const page = await call<ListPage<Doc>>(app, path, admin, {
          startRow: 0,
          endRow: 5,
          filterModel: { docState: { filterType: 'text', type: 'equals', filter: state } },
        });
        expect(page.status).toBe(200);
        expect(page.body.Data.lastRow, `${kind.key} ${state}`).toBeGreaterThan(0);
        if (state === 'cancelled') expect(page.body.Data.rows[0]?.cancelReason).toMatch(PERSIAN);
      }
      // the grid's first rows (newest first), which people and tests open and edit, are drafts
      const newest = await call<ListPage<Doc>>(app, path, admin, { startRow: 0, endRow: 1 });
      expect(newest.body.Data.rows[0]?.docState, kind.key).toBe('draft');
    }
  });

  it('creates a draft whatever state is sent, and a draft is edited freely', async () => {
    expect(invoice.docState).toBe('draft');
    expect(invoice.lines?.length).toBeGreaterThan(0);
    const edited = await update(invoice, { ...valuesOf(invoice), description: 'پیش‌نویس ویرایش‌شده' });
    expect(edited.status).toBe(200);
    expect(edited.body.Data.description).toBe('پیش‌نویس ویرایش‌شده');
    invoice = edited.body.Data;
  });

  it('the definition carries the lifecycle fields, the state as a coloured, filterable grid column', async () => {
    const def = (
      await call<{
        list: { columns: string[] };
        fields: Record<string, { enumColors?: Record<string, string>; filterable?: boolean }>;
      }>(app, 'Meta/Entity/GetDefinition', staff, { module: 'sales', name: 'invoice' })
    ).body.Data;
    expect(def.list.columns).toContain('docState');
    expect(def.fields.docState?.enumColors).toEqual({
      draft: 'informative',
      final: 'success',
      cancelled: 'danger',
    });
    expect(def.fields.docState?.filterable).toBe(true);
    expect(Object.keys(def.fields)).toEqual(expect.arrayContaining(['cancelReason', 'amendedFrom']));
  });

  it('finalises a draft; a final document refuses Update and Delete with a Persian reason', async () => {
    const done = await call<Doc>(app, 'Sales/Invoice/Finalise', staff, {
      id: invoice.id,
      version: invoice.version,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.Data.docState).toBe('final');
    expect(done.body.Data.lines?.length).toBe(invoice.lines?.length);
    invoice = done.body.Data;

    const edit = await update(invoice, { ...valuesOf(invoice), description: 'تغییر پس از قطعی شدن' });
    expect(edit.status).toBe(417);
    expect(businessErrors(edit.body)).toEqual([t('fa', 'docLifecycle.finalEdit')]);
    expect(businessErrors(edit.body)[0]).toMatch(PERSIAN);
    const remove = await call(app, 'Sales/Invoice/Delete', staff, {
      id: invoice.id,
      version: invoice.version,
    });
    expect(remove.status).toBe(417);
    expect(businessErrors(remove.body)).toEqual([t('fa', 'docLifecycle.finalDelete')]);
    // finalising twice is refused, naming the state
    const again = await call(app, 'Sales/Invoice/Finalise', staff, {
      id: invoice.id,
      version: invoice.version,
    });
    expect(again.status).toBe(417);
    expect(businessErrors(again.body)[0]).toContain('قطعی');
    // the audit trail holds the change of state
    const audit = await call<{ diff: Record<string, unknown[]> }[]>(app, 'Sales/Invoice/GetAudit', staff, {
      id: invoice.id,
    });
    expect(audit.body.Data.some((e) => JSON.stringify(e.diff.docState) === '["draft","final"]')).toBe(true);
  });

  it('cancelling needs the cancel permission (403) and a reason (417), then keeps the document', async () => {
    await app.ctx.db
      .updateTable('role_permissions')
      .set({ can_cancel: 0 })
      .where('role', '=', 'staff')
      .where('entity', '=', 'sales.invoice')
      .execute();
    const denied = await call(app, 'Sales/Invoice/Cancel', staff, {
      id: invoice.id,
      version: invoice.version,
      reason: 'اشتباه در مبلغ',
    });
    expect(denied.status).toBe(403);
    await app.ctx.db
      .updateTable('role_permissions')
      .set({ can_cancel: 1 })
      .where('role', '=', 'staff')
      .where('entity', '=', 'sales.invoice')
      .execute();
    const noReason = await call(app, 'Sales/Invoice/Cancel', staff, {
      id: invoice.id,
      version: invoice.version,
    });
    expect(noReason.status).toBe(417);
    expect(noReason.body.ServerMessageTexts).toEqual([
      expect.objectContaining({ FieldName: 'reason', Message: expect.stringMatching(PERSIAN) }),
    ]);
    const stale = await call(app, 'Sales/Invoice/Cancel', staff, {
      id: invoice.id,
      version: invoice.version - 1,
      reason: 'اشتباه در مبلغ',
    });
    expect(stale.status).toBe(417);
    expect(stale.body.MessageTexts).toEqual([t('fa', 'errors.ConcurrencyConflict')]);
    const cancelled = await call<Doc>(app, 'Sales/Invoice/Cancel', staff, {
      id: invoice.id,
      version: invoice.version,
      reason: 'اشتباه در مبلغ',
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.Data).toMatchObject({ docState: 'cancelled', cancelReason: 'اشتباه در مبلغ' });
    invoice = cancelled.body.Data;
    const remove = await call(app, 'Sales/Invoice/Delete', staff, {
      id: invoice.id,
      version: invoice.version,
    });
    expect(remove.status).toBe(417);
    expect(businessErrors(remove.body)).toEqual([t('fa', 'docLifecycle.cancelledDelete')]);
    const edit = await update(invoice, { ...valuesOf(invoice), description: 'x' });
    expect(businessErrors(edit.body)).toEqual([t('fa', 'docLifecycle.cancelledEdit')]);
  });

  it('amends a cancelled document: a linked draft copy with its lines', async () => {
    const amended = await call<Doc>(app, 'Sales/Invoice/Amend', staff, { id: invoice.id });
    expect(amended.status, JSON.stringify(amended.body)).toBe(200);
    const copy = amended.body.Data;
    expect(copy.id).not.toBe(invoice.id);
    expect(copy).toMatchObject({ docState: 'draft', amendedFrom: invoice.id, customer: invoice.customer });
    expect(copy.cancelReason).toBeUndefined();
    const strip = (ls: Record<string, unknown>[] = []) =>
      ls.map((l) => ({ item: l.item, quantity: l.quantity, unitPrice: l.unitPrice }));
    expect(strip(copy.lines)).toEqual(strip(invoice.lines));
    // only a cancelled document is amended
    const notCancelled = await call(app, 'Sales/Invoice/Amend', staff, { id: copy.id });
    expect(notCancelled.status).toBe(417);
    expect(businessErrors(notCancelled.body)[0]).toMatch(PERSIAN);
    // Amend needs the create permission
    await app.ctx.db
      .updateTable('role_permissions')
      .set({ can_create: 0 })
      .where('role', '=', 'staff')
      .where('entity', '=', 'sales.invoice')
      .execute();
    try {
      expect((await call(app, 'Sales/Invoice/Amend', staff, { id: invoice.id })).status).toBe(403);
    } finally {
      await app.ctx.db
        .updateTable('role_permissions')
        .set({ can_create: 1 })
        .where('role', '=', 'staff')
        .where('entity', '=', 'sales.invoice')
        .execute();
    }
    // the draft copy is deleted freely
    const removed = await call(app, 'Sales/Invoice/Delete', staff, { id: copy.id, version: copy.version });
    expect(removed.status).toBe(200);
  });

  it('a vendor cannot finalise: 403 without the permission, not found outside its rows', async () => {
    const vendor = (await signIn(app, 'vendor')).access_token;
    const orders = await call<ListPage<Doc>>(app, 'SupplyChain/PurchaseOrder/GetList', admin, {
      startRow: 0,
      endRow: 200,
      filterModel: { docState: { filterType: 'text', type: 'equals', filter: 'draft' } },
    });
    const me = await app.ctx.db
      .selectFrom('users')
      .select('party_id')
      .where('username', '=', 'vendor')
      .executeTakeFirst();
    const other = orders.body.Data.rows.find((r) => r.vendor !== Number(me?.party_id))!;
    expect(other).toBeDefined();
    const ask = () =>
      call(app, 'SupplyChain/PurchaseOrder/Finalise', vendor, { id: other.id, version: other.version });
    expect((await ask()).status).toBe(403);
    await app.ctx.db
      .updateTable('role_permissions')
      .set({ can_finalise: 1 })
      .where('role', '=', 'vendor')
      .where('entity', '=', 'supplyChain.purchaseOrder')
      .execute();
    try {
      const res = await ask();
      expect(res.status).toBe(404);
      const after = await call<Doc>(app, 'SupplyChain/PurchaseOrder/Get', admin, { id: other.id });
      expect(after.body.Data.docState).toBe('draft');
    } finally {
      await app.ctx.db
        .updateTable('role_permissions')
        .set({ can_finalise: 0 })
        .where('role', '=', 'vendor')
        .where('entity', '=', 'supplyChain.purchaseOrder')
        .execute();
    }
  });

  it('refuses a lifecycle that names unknown fields or workflow states', async () => {
    const analyst = (await signIn(app, 'analyst')).access_token;
    const bad = await call(app, 'SystemConfig/Designer/Publish', analyst, {
      definition: {
        ...CLAIM,
        name: 'badClaim',
        lifecycle: { editableWhenFinal: ['nope'], finaliseFrom: ['gone'] },
      },
    });
    expect(bad.status).toBe(417);
    const paths = bad.body.ServerMessageTexts.map((m) => m.FieldName);
    expect(paths).toEqual(
      expect.arrayContaining(['/lifecycle/editableWhenFinal/0', '/lifecycle/finaliseFrom/0']),
    );
  });

  it('an analyst publishes a document type with a lifecycle and walks a row draft → final → cancelled → amended', async () => {
    const analyst = (await signIn(app, 'analyst')).access_token;
    const published = await call(app, 'SystemConfig/Designer/Publish', analyst, { definition: CLAIM });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const api = (action: string, body: unknown, who = analyst) =>
      call<Doc>(app, `Common/ExpenseClaim/${action}`, who, body);

    let row = (
      await api('Create', {
        values: { title: 'سفر کاری', status: 'open', lines: [{ what: 'بلیت', amount: 4_500_000 }] },
      })
    ).body.Data;
    expect(row).toMatchObject({ docState: 'draft', status: 'open' });
    // finaliseFrom: only an approved claim is finalised
    const early = await api('Finalise', { id: row.id, version: row.version });
    expect(early.status).toBe(417);
    expect(businessErrors(early.body)[0]).toContain('تأییدشده');
    row = (
      await api('Update', {
        id: row.id,
        version: row.version,
        values: { ...valuesOf(row), status: 'approved' },
      })
    ).body.Data;
    expect(row.status).toBe('approved');
    // workflow.states: in «approved» only admin edits and deletes
    const edit = await api('Update', {
      id: row.id,
      version: row.version,
      values: { ...valuesOf(row), title: 'x' },
    });
    expect(edit.status).toBe(417);
    expect(businessErrors(edit.body)).toEqual([t('fa', 'docLifecycle.workflowEdit', { state: 'تأییدشده' })]);
    const del = await api('Delete', { id: row.id, version: row.version });
    expect(businessErrors(del.body)).toEqual([t('fa', 'docLifecycle.workflowDelete', { state: 'تأییدشده' })]);
    const byAdmin = await api(
      'Update',
      { id: row.id, version: row.version, values: { ...valuesOf(row), title: 'سفر کاری اصفهان' } },
      admin,
    );
    expect(byAdmin.status).toBe(200);
    row = byAdmin.body.Data;

    const final = await api('Finalise', { id: row.id, version: row.version });
    expect(final.status, JSON.stringify(final.body)).toBe(200);
    row = final.body.Data;
    expect(row.docState).toBe('final');
    // editableWhenFinal: the note changes, the title does not
    const note = await api(
      'Update',
      { id: row.id, version: row.version, values: { ...valuesOf(row), note: 'پرداخت شد' } },
      admin,
    );
    expect(note.status, JSON.stringify(note.body)).toBe(200);
    row = note.body.Data;
    const title = await api(
      'Update',
      { id: row.id, version: row.version, values: { ...valuesOf(row), title: 'دیگر' } },
      admin,
    );
    expect(title.status).toBe(417);
    expect(businessErrors(title.body)[0]).toContain('«یادداشت»');
    expect(businessErrors(title.body)[0]).toContain('«عنوان»');

    const cancelled = await api('Cancel', {
      id: row.id,
      version: row.version,
      reason: 'مبلغ بلیت اشتباه بود',
    });
    expect(cancelled.status).toBe(200);
    row = cancelled.body.Data;
    expect(row).toMatchObject({ docState: 'cancelled', cancelReason: 'مبلغ بلیت اشتباه بود' });

    const amended = await api('Amend', { id: row.id });
    expect(amended.status, JSON.stringify(amended.body)).toBe(200);
    expect(amended.body.Data).toMatchObject({
      docState: 'draft',
      amendedFrom: row.id,
      status: 'open',
      title: 'سفر کاری اصفهان',
      lines: [expect.objectContaining({ what: 'بلیت', amount: 4_500_000 })],
    });
    const states = await call<ListPage<Doc>>(app, 'Common/ExpenseClaim/GetList', analyst, {
      startRow: 0,
      endRow: 10,
      filterModel: { docState: { filterType: 'text', type: 'equals', filter: 'cancelled' } },
    });
    expect(states.body.Data.rows.map((r) => r.id)).toEqual([row.id]);
  });
});
