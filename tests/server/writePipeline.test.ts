/**
 * The write pipeline (server/entities/write/pipeline.ts): its steps are the declared ones in the
 * declared order (and docs/api.md lists them so), a real Create/Update/Delete runs them in that
 * order, and a step that refuses after the row, its lines, the workflow log and the audit entry
 * were written rolls all of it back, on both databases.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EntityRow } from '../../runtime/shared/definition';
import type { ListPage } from '../../runtime/shared/envelope';
import { invalid } from '../../server/http/errors';
import { TRANSITION_LOG_TABLE } from '../../server/operations/workflow';
import type { Untyped } from '../../server/db/untyped';
import { WRITE_STEPS, stepsOf } from '../../server/entities/write/pipeline';
import type { WriteStep } from '../../server/entities/write/state';
import { DIALECTS, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';
import { serverText } from '../support/messages';

const SYSTEM = ['id', 'version', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy'];

/** A row's fields as a form sends them back: without the system fields (a line keeps its `id`). */
function withoutSystem(row: Record<string, unknown>, keepId = false): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).filter(([k]) => !SYSTEM.includes(k) || (keepId && k === 'id')),
  );
}

/** The order every issue after this one plugs into (docs/api.md, "The write pipeline"). */
const DECLARED = [
  'load',
  'fieldModes',
  'secrets',
  'initialValues',
  'validate',
  'permissions',
  'references',
  'lifecycle',
  'closedPeriod',
  'numbering',
  'workflow',
  'stockOnHand',
  'entityRules',
  'inUse',
  'store',
  'rowRules',
  'detailAccount',
  'effects',
  'attachments',
  'audit',
  'cacheInvalidation',
];

describe('write pipeline: the declared steps', () => {
  it('lists the steps in the declared order, each once', () => {
    expect(WRITE_STEPS.map((s) => s.name)).toEqual(DECLARED);
  });

  it('runs for each action the steps that apply to it', () => {
    expect(stepsOf('create')).toEqual(DECLARED.filter((n) => !['load', 'inUse'].includes(n)));
    expect(stepsOf('update')).toEqual(DECLARED.filter((n) => !['inUse', 'initialValues'].includes(n)));
    expect(stepsOf('delete')).toEqual(
      DECLARED.filter(
        (n) =>
          ![
            'fieldModes',
            'secrets',
            'initialValues',
            'validate',
            'references',
            'numbering',
            'workflow',
            'stockOnHand',
            'rowRules',
          ].includes(n),
      ),
    );
  });

  it('every file of write/steps/ is a step registered in the list', async () => {
    const dir = resolve(__dirname, '../../server/entities/write/steps');
    const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));
    expect(files).toHaveLength(DECLARED.length);
    for (const file of files) {
      const exported = Object.values((await import(resolve(dir, file))) as Record<string, unknown>);
      const steps = exported.filter((v): v is WriteStep => typeof v === 'object' && v !== null && 'run' in v);
      expect(steps, file).toHaveLength(1);
      expect(WRITE_STEPS, file).toContain(steps[0]);
    }
  });

  it('docs/api.md names the steps in the same order', () => {
    const doc = readFileSync(resolve(__dirname, '../../docs/api.md'), 'utf8');
    const section = doc.slice(doc.indexOf('#### The write pipeline'));
    const listed = [...section.matchAll(/^\d+\. `(\w+)`/gm)].map((m) => m[1]);
    expect(listed).toEqual(DECLARED);
  });
});

describe.each(DIALECTS)('write pipeline on %s', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  let admin: string;
  const original = [...WRITE_STEPS];

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url);
    admin = (await signIn(app, 'admin')).access_token;
  });
  afterEach(() => {
    WRITE_STEPS.splice(0, WRITE_STEPS.length, ...original);
  });
  afterAll(async () => {
    WRITE_STEPS.splice(0, WRITE_STEPS.length, ...original);
    await app?.close();
    db?.cleanup();
  });

  const untyped = () => app.ctx.db as unknown as Untyped;
  async function count(table: string, where: [string, unknown][] = []): Promise<number> {
    let q = untyped()
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'));
    for (const [column, value] of where) q = q.where(column, '=', value);
    return Number(((await q.executeTakeFirst()) as { n: unknown }).n);
  }

  it('a Create, an Update and a Delete run their steps in the declared order', async () => {
    const ran: string[] = [];
    WRITE_STEPS.splice(
      0,
      WRITE_STEPS.length,
      ...original.map((step): WriteStep => ({
        ...step,
        run: (w) => {
          if (w.entity.key === 'sales.customer') ran.push(step.name);
          return step.run(w);
        },
      })),
    );
    const made = await call<EntityRow>(app, 'Sales/Customer/Create', admin, {
      values: { code: 'WP-1', name: 'ترتیب گام‌ها', customerType: 'person', nationalCode: '0499370899' },
    });
    expect(made.status).toBe(200);
    expect(ran).toEqual(stepsOf('create'));
    ran.length = 0;
    const { id, version } = made.body.Data;
    const changed = await call<EntityRow>(app, 'Sales/Customer/Update', admin, {
      id,
      version,
      values: { code: 'WP-1', name: 'ترتیب گام‌ها ۲', customerType: 'person', nationalCode: '0499370899' },
    });
    expect(changed.status).toBe(200);
    expect(ran).toEqual(stepsOf('update'));
    ran.length = 0;
    const gone = await call(app, 'Sales/Customer/Delete', admin, { id, version: changed.body.Data.version });
    expect(gone.status).toBe(200);
    expect(ran).toEqual(stepsOf('delete'));
  });

  /** A step after `audit` that refuses every write of `entity` with a 417 on `name`. */
  function refuseAfterAudit(entity: string): void {
    const refusing: WriteStep = {
      name: 'refuseForTest',
      on: ['create', 'update', 'delete'],
      run: (w) => {
        if (w.entity.key === entity)
          throw invalid([{ FieldName: 'name', ...serverText('گام آزمایشی این نوشتن را نپذیرفت') }]);
      },
    };
    WRITE_STEPS.splice(WRITE_STEPS.findIndex((s) => s.name === 'audit') + 1, 0, refusing);
  }

  // a field's 417 (http/errors.ts invalid): State 1, the message on the field
  const refusal = {
    State: 1,
    ServerMessageTexts: [{ FieldName: 'name', Message: 'گام آزمایشی این نوشتن را نپذیرفت' }],
  };

  it('a step refusing after the row and its audit entry were written rolls back a Create', async () => {
    const audits = await count('audit_log', [['entity', 'sales.customer']]);
    refuseAfterAudit('sales.customer');
    const res = await call(app, 'Sales/Customer/Create', admin, {
      values: { code: 'WP-2', name: 'نپذیرفته', customerType: 'person', nationalCode: '0499370899' },
    });
    expect(res.status).toBe(417);
    expect(res.body).toMatchObject(refusal);
    expect(await count('e_sales_customer', [['code', 'WP-2']])).toBe(0);
    expect(await count('audit_log', [['entity', 'sales.customer']])).toBe(audits);
  });

  it('rolls back an Update of a document: its row, lines, workflow transition and audit entry', async () => {
    const page = await call<ListPage<EntityRow>>(app, 'SupplyChain/PurchaseOrder/GetList', admin, {
      startRow: 0,
      endRow: 1,
      filterModel: { status: { filterType: 'text', type: 'equals', filter: 'draft' } },
    });
    const draft = page.body.Data.rows[0]!;
    const stored = await call<EntityRow & { lines: EntityRow[] }>(
      app,
      'SupplyChain/PurchaseOrder/Get',
      admin,
      {
        id: draft.id,
      },
    );
    expect(stored.status).toBe(200);
    const order = stored.body.Data;
    expect(order.lines.length).toBeGreaterThan(0);
    const transitions = await count(TRANSITION_LOG_TABLE);
    const audits = await count('audit_log', [['entity', 'supplyChain.purchaseOrder']]);
    const update = {
      id: order.id,
      version: order.version,
      values: {
        ...withoutSystem(order),
        status: 'submitted',
        lines: order.lines.slice(0, 1).map((l) => withoutSystem(l, true)),
      },
    };
    // without the refusing step the same Update goes through (the refusal below is the step's)
    refuseAfterAudit('supplyChain.purchaseOrder');
    const res = await call(app, 'SupplyChain/PurchaseOrder/Update', admin, update);
    expect(res.status).toBe(417);
    expect(res.body).toMatchObject(refusal);
    const after = await call<EntityRow & { lines: EntityRow[] }>(
      app,
      'SupplyChain/PurchaseOrder/Get',
      admin,
      {
        id: order.id,
      },
    );
    expect(after.body.Data).toEqual(order);
    expect(await count(TRANSITION_LOG_TABLE)).toBe(transitions);
    expect(await count('audit_log', [['entity', 'supplyChain.purchaseOrder']])).toBe(audits);
    WRITE_STEPS.splice(0, WRITE_STEPS.length, ...original);
    const through = await call<EntityRow>(app, 'SupplyChain/PurchaseOrder/Update', admin, update);
    expect(through.status).toBe(200);
    expect(through.body.Data.status).toBe('submitted');
    expect(await count(TRANSITION_LOG_TABLE)).toBe(transitions + 1);
  });

  it('rolls back a Delete: the row and its audit trail stay', async () => {
    const made = await call<EntityRow>(app, 'Sales/Customer/Create', admin, {
      values: { code: 'WP-3', name: 'می‌ماند', customerType: 'person', nationalCode: '0499370899' },
    });
    expect(made.status).toBe(200);
    const audits = await count('audit_log', [['entity', 'sales.customer']]);
    refuseAfterAudit('sales.customer');
    const res = await call(app, 'Sales/Customer/Delete', admin, {
      id: made.body.Data.id,
      version: made.body.Data.version,
    });
    expect(res.status).toBe(417);
    expect(res.body).toMatchObject(refusal);
    const kept = await call<EntityRow>(app, 'Sales/Customer/Get', admin, { id: made.body.Data.id });
    expect(kept.status).toBe(200);
    expect(kept.body.Data).toEqual(made.body.Data);
    expect(await count('audit_log', [['entity', 'sales.customer']])).toBe(audits);
  });
});
