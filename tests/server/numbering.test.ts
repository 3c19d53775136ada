/**
 * Numbering series (#23) on both databases: an analyst publishes a document type with a series; the
 * server numbers it per fiscal year on create (a client's number is ignored, updates keep it), a
 * write that rolls back gives its number back, a series `on: 'finalise'` numbers the document once
 * when it is finalised, and a code is unique per its scope (417 naming the field). Publish refuses
 * a bad series. The shipped documents start their series past the demo's numbers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { EntityDefinition, EntityRow } from '../../runtime/shared/definition';
import type { ListPage } from '../../runtime/shared/envelope';
import { SERIES_TABLE } from '../../server/numbering/migration';
import { DIALECTS, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

const DUPLICATE_FA = 'این مقدار پیش‌تر ثبت شده است؛ مقدار دیگری وارد کنید.';

/** A published document type: a number from `pattern`, a date, a code unique per category. */
export function ticket(on: 'create' | 'finalise', extra: Partial<EntityDefinition> = {}): EntityDefinition {
  return {
    name: on === 'create' ? 'ticket' : 'claim',
    module: 'common',
    title: { fa: on === 'create' ? 'تیکت' : 'ادعا', en: on === 'create' ? 'Ticket' : 'Claim' },
    displayField: 'number',
    schema: {
      type: 'object',
      properties: {
        number: { type: 'string', minLength: 1, maxLength: 20 },
        date: { type: 'string', format: 'date' },
        category: { type: 'string', maxLength: 20 },
        code: { type: 'string', maxLength: 20 },
      },
      required: ['number', 'date'],
    },
    fields: {
      number: { label: { fa: 'شماره', en: 'Number' } },
      date: { label: { fa: 'تاریخ', en: 'Date' } },
      category: { label: { fa: 'دسته', en: 'Category' } },
      code: { label: { fa: 'کد', en: 'Code' }, unique: true, uniqueScope: ['category'] },
    },
    list: { columns: ['number', 'date', 'category', 'code'] },
    period: { field: 'date' },
    numbering: { field: 'number', pattern: 'TK-{year}-{counter:4}', on },
    ...extra,
  };
}

describe.each(DIALECTS)('numbering series on %s', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  const tok: Record<string, string> = {};

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url);
    for (const u of ['admin', 'analyst']) tok[u] = (await signIn(app, u)).access_token;
    for (const on of ['create', 'finalise'] as const) {
      const pub = await call(app, 'SystemConfig/Designer/Publish', tok.analyst!, {
        // a series given on finalise numbers a document with a lifecycle
        definition: ticket(on, on === 'finalise' ? { lifecycle: {} } : {}),
      });
      expect(pub.status).toBe(200);
    }
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  const create = (values: Record<string, unknown>, entity = 'Ticket') =>
    call<EntityRow>(app, `Common/${entity}/Create`, tok.admin!, { values });

  it('sends the numbered field as the server’s: read-only and not required', async () => {
    const def = await call<EntityDefinition>(app, 'Meta/Entity/GetDefinition', tok.admin!, {
      module: 'common',
      name: 'ticket',
    });
    expect(def.status).toBe(200);
    expect(def.body.Data.schema.properties.number?.readOnly).toBe(true);
    expect(def.body.Data.schema.required).toEqual(['date']);
    expect(def.body.Data.numbering).toEqual({
      field: 'number',
      pattern: 'TK-{year}-{counter:4}',
      on: 'create',
    });
  });

  it('numbers on create per fiscal year, ignores a number sent and keeps it on update', async () => {
    const a = await create({ number: 'MINE-1', date: '2026-05-01', category: 'x', code: 'A' });
    expect(a.status).toBe(200);
    expect(a.body.Data.number).toBe('TK-1405-0001');
    const b = await create({ date: '2026-06-01', category: 'x', code: 'B' });
    expect(b.body.Data.number).toBe('TK-1405-0002');
    // 2027-05-01 lies in no fiscal period of the demo: the Jalali year of the date, 1406
    const c = await create({ date: '2027-05-01', category: 'x', code: 'C' });
    expect(c.body.Data.number).toBe('TK-1406-0001');
    const updated = await call<EntityRow>(app, 'Common/Ticket/Update', tok.admin!, {
      id: a.body.Data.id,
      version: a.body.Data.version,
      values: { number: 'TK-1405-9999', date: '2026-05-02', category: 'x', code: 'A' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.Data.number).toBe('TK-1405-0001');
  });

  it('gives back the number of a write that rolls back, and keeps a code unique per its scope', async () => {
    // the same code in another category is no duplicate
    const other = await create({ date: '2026-07-01', category: 'y', code: 'A' });
    expect(other.status).toBe(200);
    expect(other.body.Data.number).toBe('TK-1405-0003');
    // the same code in the same category: 417 naming the field, and number 0004 is not spent
    const dup = await create({ date: '2026-07-01', category: 'y', code: 'A' });
    expect(dup.status).toBe(417);
    expect(dup.body.ServerMessageTexts).toEqual([
      expect.objectContaining({ FieldName: 'code', Message: DUPLICATE_FA }),
    ]);
    const next = await create({ date: '2026-07-02', category: 'y', code: 'B' });
    expect(next.body.Data.number).toBe('TK-1405-0004');
  });

  it('a Preview shows the number a Create would take and spends none', async () => {
    const preview = (values: Record<string, unknown>, entity = 'Ticket') =>
      call<EntityRow>(app, `Common/${entity}/Preview`, tok.admin!, { values });
    // 0001–0004 of 1405 are taken above: the next is 0005, as often as it is asked
    const first = await preview({ date: '2026-07-03', category: 'z', code: 'P' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.Data.number).toBe('TK-1405-0005');
    expect((await preview({ date: '2026-07-04', category: 'z', code: 'P' })).body.Data.number).toBe(
      'TK-1405-0005',
    );
    // the series of the date's year: another year's would-be number, its series not started either
    expect((await preview({ date: '2027-05-02', category: 'z', code: 'P' })).body.Data.number).toBe(
      'TK-1406-0002',
    );
    // nothing was kept: no row, and the Create takes the number previewed
    const listed = await call<{ rows: EntityRow[] }>(app, 'Common/Ticket/GetList', tok.admin!, {
      startRow: 0,
      endRow: 100,
    });
    expect(listed.body.Data.rows.filter((r) => r.code === 'P')).toEqual([]);
    const made = await create({ date: '2026-07-03', category: 'z', code: 'P' });
    expect(made.body.Data.number).toBe('TK-1405-0005');
    // a draft of a series numbered on finalise: a Preview gives no number
    const claim = await preview({ date: '2026-07-03', code: 'Q' }, 'Claim');
    expect(claim.status, JSON.stringify(claim.body)).toBe(200);
    expect(claim.body.Data.number).toBeUndefined();
  });

  it('numbers a finalise-numbered document once, when it is finalised', async () => {
    const draft = await create({ number: 'MINE', date: '2026-08-01', code: 'Z' }, 'Claim');
    expect(draft.status).toBe(200);
    expect(draft.body.Data.number).toBeUndefined();
    const edited = await call<EntityRow>(app, 'Common/Claim/Update', tok.admin!, {
      id: draft.body.Data.id,
      version: draft.body.Data.version,
      values: { date: '2026-08-01', code: 'Z' },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.Data.number).toBeUndefined();
    const final = await call<EntityRow>(app, 'Common/Claim/Finalise', tok.admin!, {
      id: edited.body.Data.id,
      version: edited.body.Data.version,
    });
    expect(final.status, JSON.stringify(final.body)).toBe(200);
    expect(final.body.Data.number).toBe('TK-1405-0001');
    // finalising again is refused and the number stays
    const again = await call<EntityRow>(app, 'Common/Claim/Finalise', tok.admin!, {
      id: final.body.Data.id,
      version: final.body.Data.version,
    });
    expect(again.status).toBe(417);
    const read = await call<EntityRow>(app, 'Common/Claim/Get', tok.admin!, { id: final.body.Data.id });
    expect(read.body.Data.number).toBe('TK-1405-0001');
  });

  it('an analyst publishes a document type with lifecycle and numbering and walks it draft → final → cancelled → amended → final', async () => {
    // no code: a JSON definition published by the analyst, numbered when finalised
    const permit = ticket('finalise', {
      name: 'permit',
      title: { fa: 'مجوز', en: 'Permit' },
      lifecycle: {},
      numbering: { field: 'number', pattern: 'PM-{year}-{counter:3}', on: 'finalise' },
    });
    const pub = await call(app, 'SystemConfig/Designer/Publish', tok.analyst!, { definition: permit });
    expect(pub.status, JSON.stringify(pub.body)).toBe(200);
    const api = (action: string, body: unknown) =>
      call<EntityRow>(app, `Common/Permit/${action}`, tok.analyst!, body);

    const draft = await api('Create', { values: { date: '2026-09-01', code: 'P1' } });
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    expect(draft.body.Data).toMatchObject({ docState: 'draft' });
    expect(draft.body.Data.number).toBeUndefined();
    const final = await api('Finalise', { id: draft.body.Data.id, version: draft.body.Data.version });
    expect(final.status, JSON.stringify(final.body)).toBe(200);
    expect(final.body.Data).toMatchObject({ docState: 'final', number: 'PM-1405-001' });
    const cancelled = await api('Cancel', {
      id: final.body.Data.id,
      version: final.body.Data.version,
      reason: 'تاریخ مجوز اشتباه بود',
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    // a cancelled document keeps its number: it was issued and stays in the books
    expect(cancelled.body.Data).toMatchObject({ docState: 'cancelled', number: 'PM-1405-001' });

    const amended = await api('Amend', { id: final.body.Data.id });
    expect(amended.status, JSON.stringify(amended.body)).toBe(200);
    const copy = amended.body.Data;
    expect(copy).toMatchObject({ docState: 'draft', amendedFrom: final.body.Data.id, code: 'P1' });
    // the amendment's number is cleared: it gets its own when finalised
    expect(copy.number).toBeUndefined();
    const refinal = await api('Finalise', { id: copy.id, version: copy.version });
    expect(refinal.status, JSON.stringify(refinal.body)).toBe(200);
    expect(refinal.body.Data).toMatchObject({ docState: 'final', number: 'PM-1405-002' });
    const original = await api('Get', { id: final.body.Data.id });
    expect(original.body.Data).toMatchObject({ docState: 'cancelled', number: 'PM-1405-001' });
  });

  it('the designer edits a series: Plan and Publish a new pattern, the next finalise uses it', async () => {
    const permit = ticket('finalise', {
      name: 'permit',
      title: { fa: 'مجوز', en: 'Permit' },
      lifecycle: {},
      numbering: { field: 'number', pattern: 'PMT-{year}/{counter:5}', on: 'finalise' },
    });
    const plan = await call(app, 'SystemConfig/Designer/Plan', tok.analyst!, { definition: permit });
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);
    const pub = await call(app, 'SystemConfig/Designer/Publish', tok.analyst!, { definition: permit });
    expect(pub.status, JSON.stringify(pub.body)).toBe(200);
    const def = await call<EntityDefinition>(app, 'Meta/Entity/GetDefinition', tok.admin!, {
      module: 'common',
      name: 'permit',
    });
    expect(def.body.Data.numbering?.pattern).toBe('PMT-{year}/{counter:5}');
    const draft = await call<EntityRow>(app, 'Common/Permit/Create', tok.analyst!, {
      values: { date: '2026-09-02', code: 'P2' },
    });
    const final = await call<EntityRow>(app, 'Common/Permit/Finalise', tok.analyst!, {
      id: draft.body.Data.id,
      version: draft.body.Data.version,
    });
    expect(final.status, JSON.stringify(final.body)).toBe(200);
    // a new pattern is a new series: it counts from 1
    expect(final.body.Data.number).toBe('PMT-1405/00001');
  });

  it('numbers per branch by the branch’s code: two branches, two gap-free series', async () => {
    const branches = await call<ListPage<EntityRow>>(app, 'SystemConfig/Branch/GetList', tok.admin!, {
      startRow: 0,
      endRow: 10,
    });
    const byCode = new Map(branches.body.Data.rows.map((b) => [String(b.code), Number(b.id)]));
    const [hq, north] = [byCode.get('01')!, byCode.get('02')!];
    expect(hq && north).toBeTruthy();
    const base = ticket('create');
    const branchTicket = (extra: Partial<EntityDefinition['fields'][string]> = {}): EntityDefinition => ({
      ...base,
      name: 'branchTicket',
      title: { fa: 'تیکت شعبه', en: 'Branch ticket' },
      branchScoped: true,
      schema: {
        ...base.schema,
        properties: { ...base.schema.properties, branch: { type: 'integer', minimum: 1 } },
      },
      fields: {
        ...base.fields,
        branch: {
          label: { fa: 'شعبه', en: 'Branch' },
          lookup: { entity: 'systemConfig.branch', displayField: 'title', codeField: 'code' },
          ...extra,
        },
      },
      numbering: { field: 'number', pattern: 'B{branch}-{year}-{counter:4}', on: 'create' },
    });
    // the token needs the branch lookup's code field
    const noCode = branchTicket({ lookup: { entity: 'systemConfig.branch', displayField: 'title' } });
    const plan = await call(app, 'SystemConfig/Designer/Plan', tok.admin!, { definition: noCode });
    expect(plan.status).toBe(417);
    expect(plan.body.ServerMessageTexts).toEqual([
      expect.objectContaining({
        FieldName: '/numbering/pattern',
        Message: expect.stringContaining('codeField'),
      }),
    ]);
    const pub = await call(app, 'SystemConfig/Designer/Publish', tok.admin!, { definition: branchTicket() });
    expect(pub.status, JSON.stringify(pub.body)).toBe(200);

    const make = async (branch: number, code: string) => {
      const res = await create({ date: '2026-10-01', branch, category: 'b', code }, 'BranchTicket');
      return res.status === 200 ? res.body.Data.number : res.status;
    };
    expect(await make(hq, 'a')).toBe('B01-1405-0001');
    expect(await make(north, 'b')).toBe('B02-1405-0001');
    expect(await make(hq, 'c')).toBe('B01-1405-0002');
    // a duplicate code rolls back: its number is given back to the branch's series
    expect(await make(hq, 'c')).toBe(417);
    expect(await make(north, 'd')).toBe('B02-1405-0002');
    expect(await make(hq, 'e')).toBe('B01-1405-0003');
    // a branch without a code (a database from before branch codes): 417 on the branch, no number
    const branchTable = app.ctx.registry.byEntityKey('systemConfig.branch')!.table;
    await sql`update ${sql.table(branchTable)} set code = null where id = ${north}`.execute(app.ctx.db);
    try {
      const refused = await create(
        { date: '2026-10-02', branch: north, category: 'b', code: 'f' },
        'BranchTicket',
      );
      expect(refused.status).toBe(417);
      expect(refused.body.ServerMessageTexts).toEqual([
        expect.objectContaining({ FieldName: 'branch', Message: expect.stringContaining('کد ثبت کنید') }),
      ]);
    } finally {
      await sql`update ${sql.table(branchTable)} set code = '02' where id = ${north}`.execute(app.ctx.db);
    }
    expect(await make(north, 'f')).toBe('B02-1405-0003');
  });

  it('refuses a bad series on publish with the path and a Persian reason', async () => {
    const problems = async (def: EntityDefinition) => {
      const res = await call(app, 'SystemConfig/Designer/Plan', tok.analyst!, { definition: def });
      expect(res.status).toBe(417);
      return res.body.ServerMessageTexts.map((m) => [m.FieldName, m.Message]);
    };
    expect(
      await problems(
        ticket('create', { numbering: { field: 'number', pattern: 'TK-{year}', on: 'create' } }),
      ),
    ).toEqual([['/numbering/pattern', expect.stringContaining('باید دقیقاً یک شمارنده')]]);
    expect(
      await problems(
        ticket('create', { numbering: { field: 'date', pattern: 'T{counter:30}', on: 'create' } }),
      ),
    ).toEqual([
      ['/numbering/field', expect.stringContaining('فیلد شماره‌گذاری «date»')],
      ['/numbering/pattern', expect.stringContaining('طول شمارنده {counter:N} باید از ۱ تا ۱۲ باشد')],
    ]);
    expect(await problems(ticket('create', { period: undefined }))).toEqual([
      ['/numbering/pattern', expect.stringContaining('{year}')],
    ]);
    expect(
      await problems(
        ticket('create', {
          numbering: { field: 'number', pattern: 'TICKET-{year}-{counter:12}', on: 'create' },
        }),
      ),
    ).toEqual([['/numbering/pattern', expect.stringContaining('۲۰')]]);
    const scoped = ticket('create');
    scoped.fields.code = { ...scoped.fields.code!, uniqueScope: ['nope'] };
    expect(await problems(scoped)).toEqual([
      ['/fields/code/uniqueScope/0', expect.stringContaining('«nope»')],
    ]);
  });

  it('starts the shipped documents’ series past the demo’s numbers', async () => {
    const { rows } = await sql<{ entity: string; series: string; next_value: number }>`select entity, series,
      next_value from ${sql.table(SERIES_TABLE)} where entity = 'sales.invoice'`.execute(app.ctx.db);
    // the small demo has five invoices in 1405 (F-1405-001…): new ones start at INV-1405-000006
    expect(rows.map((r) => ({ ...r, next_value: Number(r.next_value) }))).toEqual([
      { entity: 'sales.invoice', series: 'INV-1405-{counter:6}', next_value: 6 },
    ]);
  });
});
