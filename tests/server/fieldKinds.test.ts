/**
 * The field kinds new in #21 on the server, end to end on both databases: a definition stating
 * decimal (precision 2), percent, multiEnum, time and image fields is published, its rows are
 * created, listed, sorted where the kind sorts, filtered by each kind's filter, exported as the
 * shared displayValue shows them, and generated; designer publishes that change a field's kind
 * go through the plan and the kept-column retype.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACHMENT_IDS_PATTERN, type AttachmentInfo } from '../../runtime/shared/attachments';
import type { EntityDefinition, EntityRow } from '../../runtime/shared/definition';
import type { ListPage } from '../../runtime/shared/envelope';
import { MULTI_ENUM_PATTERN, fieldText } from '../../runtime/shared/fieldKind';
import { generateRows } from '../../server/demo/generate';
import { typeFamily } from '../../server/db/retype';
import { DIALECTS, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);
const PDF = Buffer.from('%PDF-1.4 not an image');

function sample(): EntityDefinition {
  return {
    name: 'kindSample',
    module: 'common',
    title: { fa: 'نمونه نوع‌ها', en: 'Kind sample' },
    displayField: 'title',
    schema: {
      type: 'object',
      properties: {
        title: { type: 'string', maxLength: 100 },
        weight: { type: 'number' },
        share: { type: 'number', minimum: 0, maximum: 100 },
        colours: { type: 'string', pattern: MULTI_ENUM_PATTERN },
        opensAt: { type: 'string', format: 'time' },
        photo: { type: 'string', maxLength: 400, pattern: ATTACHMENT_IDS_PATTERN },
      },
      required: ['title'],
    },
    fields: {
      title: { label: { fa: 'عنوان', en: 'Title' }, sortable: true, filterable: true },
      weight: {
        label: { fa: 'وزن', en: 'Weight' },
        kind: 'decimal',
        precision: 2,
        sortable: true,
        filterable: true,
      },
      share: { label: { fa: 'سهم', en: 'Share' }, kind: 'percent', precision: 1, sortable: true },
      colours: {
        label: { fa: 'رنگ‌ها', en: 'Colours' },
        kind: 'multiEnum',
        enumLabels: {
          red: { fa: 'قرمز', en: 'Red' },
          green: { fa: 'سبز', en: 'Green' },
          blue: { fa: 'آبی', en: 'Blue' },
          lightblue: { fa: 'آبی روشن', en: 'Light blue' },
        },
        filterable: true,
      },
      opensAt: { label: { fa: 'ساعت شروع', en: 'Opens at' }, kind: 'time', sortable: true, filterable: true },
      photo: { label: { fa: 'عکس', en: 'Photo' }, kind: 'image' },
    },
    list: { columns: ['title', 'weight', 'share', 'colours', 'opensAt', 'photo'] },
    menu: { order: 9 },
    children: {
      parts: {
        label: { fa: 'اجزا', en: 'Parts' },
        schema: {
          type: 'object',
          properties: {
            quantity: { type: 'number', minimum: 0 },
            at: { type: 'string', format: 'time' },
            tags: { type: 'string', pattern: MULTI_ENUM_PATTERN },
          },
          required: ['quantity'],
        },
        fields: {
          quantity: { label: { fa: 'مقدار', en: 'Quantity' }, kind: 'decimal', precision: 3 },
          at: { label: { fa: 'ساعت', en: 'At' }, kind: 'time' },
          tags: {
            label: { fa: 'برچسب‌ها', en: 'Tags' },
            kind: 'multiEnum',
            enumLabels: { a: { fa: 'الف' }, b: { fa: 'ب' } },
          },
        },
      },
    },
  };
}

const ROWS = [
  {
    title: 'الف',
    weight: 2.5,
    share: 12.5,
    colours: 'red,blue',
    opensAt: '08:30',
    // 0.1 + 0.2 is 0.30000000000000004 as a double: stored with its 3 places, it is 0.3
    parts: [{ quantity: 0.1 + 0.2, at: '10:15' }, { quantity: 1234567.0005 }],
  },
  { title: 'ب', weight: 10.25, share: 7, colours: 'green,lightblue', opensAt: '13:05' },
  // 1.005 is 1.00499999… as a double: rounded on its decimal value, it is 1.01
  { title: 'ج', weight: 1.005, share: 99.94, colours: 'blue', opensAt: '09:00' },
];

function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n') {
      row.push(cell.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  return rows;
}

describe.each(DIALECTS)('field kinds decimal, percent, multiEnum, time and image on %s', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  let admin = '';
  const ids: number[] = [];

  const list = async (body: Record<string, unknown>) =>
    call<ListPage<EntityRow>>(app, 'Common/KindSample/GetList', admin, { startRow: 0, endRow: 100, ...body });
  const titles = async (body: Record<string, unknown>) =>
    (await list(body)).body.Data.rows.map((r) => r.title);
  const upload = (content: Buffer, type: string) =>
    app.inject({
      method: 'POST',
      url: '/api/Attachments/Upload/Common/KindSample/photo',
      headers: {
        'content-type': 'application/octet-stream',
        authorization: `Bearer ${admin}`,
        'x-file-name': encodeURIComponent('عکس.png'),
        'x-file-type': type,
      },
      payload: content,
    });

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url);
    admin = (await signIn(app, 'admin')).access_token;
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  it('publishes the definition; decimals are exact numeric columns on PostgreSQL', async () => {
    const pub = await call(app, 'SystemConfig/Designer/Publish', admin, { definition: sample() });
    expect(pub.status).toBe(200);
    const table = app.ctx.registry.byEntityKey('common.kindSample')!.table;
    const columns = (await app.ctx.db.introspection.getTables()).find((t) => t.name === table)!.columns;
    const family = (name: string) => typeFamily(columns.find((c) => c.name === name)!.dataType);
    expect(family('weight')).toBe(dialect === 'postgres' ? 'decimal' : 'real');
    expect(family('share')).toBe(dialect === 'postgres' ? 'decimal' : 'real');
    expect(['colours', 'opensAt', 'photo'].map(family)).toEqual(['text', 'text', 'text']);
    const lines = (await app.ctx.db.introspection.getTables()).find((t) => t.name === `${table}__parts`)!;
    const quantity = lines.columns.find((c) => c.name === 'quantity')!.dataType;
    expect(typeFamily(quantity)).toBe(dialect === 'postgres' ? 'decimal' : 'real');
  }, 60_000);

  it('creates rows, rounding decimals on their decimal value, and refuses values the kinds refuse', async () => {
    for (const values of ROWS) {
      const res = await call<EntityRow>(app, 'Common/KindSample/Create', admin, { values });
      expect(res.status).toBe(200);
      ids.push(res.body.Data.id);
    }
    const third = await call<EntityRow>(app, 'Common/KindSample/Get', admin, { id: ids[2] });
    expect(third.body.Data).toMatchObject({ weight: 1.01, share: 99.9, colours: 'blue', opensAt: '09:00' });
    const first = await call<EntityRow>(app, 'Common/KindSample/Get', admin, { id: ids[0] });
    expect(first.body.Data).toMatchObject({
      weight: 2.5,
      share: 12.5,
      colours: 'red,blue',
      opensAt: '08:30',
    });
    // line tables store the kinds alike: exact decimals rounded on their decimal value
    const parts = first.body.Data.parts as Record<string, unknown>[];
    expect(parts.map(({ id: _id, ...line }) => line)).toEqual([
      { quantity: 0.3, at: '10:15' },
      { quantity: 1234567.001 },
    ]);

    for (const [field, value] of [
      // an option it does not have (the write's kind check), a list of the wrong shape (the schema)
      ['colours', 'red,purple'],
      ['colours', 'red,,blue'],
      ['opensAt', '25:00'],
      ['share', 100.5],
      ['photo', 'x'],
    ] as const) {
      const bad = await call(app, 'Common/KindSample/Create', admin, {
        values: { title: 'د', [field]: value },
      });
      expect(bad.status).toBe(417);
      expect(bad.body.ServerMessageTexts?.map((m) => m.FieldName)).toContain(field);
    }
    const badLine = await call(app, 'Common/KindSample/Create', admin, {
      values: { title: 'د', parts: [{ quantity: 1, tags: 'a,c' }] },
    });
    expect(badLine.status).toBe(417);
    expect(badLine.body.TableMessageTexts).toEqual([
      expect.objectContaining({ TableName: 'parts', RowIndex: 0, FieldName: 'tags' }),
    ]);
  }, 60_000);

  it('sorts by decimal, percent and time as numbers and times; refuses sorting a multi-select', async () => {
    expect(await titles({ sortModel: [{ colId: 'weight', sort: 'asc' }] })).toEqual(['ج', 'الف', 'ب']);
    expect(await titles({ sortModel: [{ colId: 'share', sort: 'desc' }] })).toEqual(['ج', 'الف', 'ب']);
    expect(await titles({ sortModel: [{ colId: 'opensAt', sort: 'desc' }] })).toEqual(['ب', 'ج', 'الف']);
    for (const colId of ['colours', 'photo'])
      expect((await list({ sortModel: [{ colId, sort: 'asc' }] })).status).toBe(400);
  }, 60_000);

  it('filters each kind by its family: numbers, times as text, a multi-select by whole options', async () => {
    const f = (filterModel: Record<string, unknown>) => titles({ filterModel, sortModel: [] });
    expect(await f({ weight: { filterType: 'number', type: 'greaterThan', filter: 2 } })).toEqual([
      'الف',
      'ب',
    ]);
    expect(await f({ weight: { filterType: 'number', type: 'equals', filter: 1.01 } })).toEqual(['ج']);
    expect(await f({ share: { filterType: 'number', type: 'inRange', filter: 10, filterTo: 100 } })).toEqual([
      'الف',
      'ج',
    ]);
    expect(await f({ opensAt: { filterType: 'text', type: 'startsWith', filter: '0' } })).toEqual([
      'الف',
      'ج',
    ]);
    // "blue" is an element of A and C; B holds "lightblue", which contains the text but is another option
    expect(await f({ colours: { filterType: 'set', values: ['blue'] } })).toEqual(['الف', 'ج']);
    expect(await f({ colours: { filterType: 'set', values: ['green', 'red'] } })).toEqual(['الف', 'ب']);
    expect(await f({ colours: { filterType: 'set', values: [] } })).toEqual([]);
    for (const model of [
      { colours: { filterType: 'set', values: ['blu'] } },
      { colours: { filterType: 'text', type: 'contains', filter: 'blue' } },
      { photo: { filterType: 'text', type: 'contains', filter: '1' } },
      { weight: { filterType: 'number', type: 'equals', filter: 'heavy' } },
    ]) {
      const res = await list({ filterModel: model });
      expect(res.status).toBe(400);
      expect(res.body.ServerMessageTexts?.[0]?.FieldName).toBe(Object.keys(model)[0]);
    }
  }, 60_000);

  it('takes images only in an image field, as the type their bytes show', async () => {
    const pdf = await upload(PDF, 'image/png');
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().ServerMessageTexts?.[0]?.FieldName).toBe('photo');
    const png = await upload(PNG, 'application/pdf');
    expect(png.statusCode).toBe(200);
    const info = png.json().Data as AttachmentInfo;
    expect(info.mime).toBe('image/png');
    const row = (await call<EntityRow>(app, 'Common/KindSample/Get', admin, { id: ids[0] })).body.Data;
    const saved = await call<EntityRow>(app, 'Common/KindSample/Update', admin, {
      id: row.id,
      version: row.version,
      values: { ...ROWS[0], photo: String(info.id) },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.Data.photo).toBe(String(info.id));
    // the file now belongs to that row: another row may not name it
    const other = (await call<EntityRow>(app, 'Common/KindSample/Get', admin, { id: ids[1] })).body.Data;
    const stolen = await call(app, 'Common/KindSample/Update', admin, {
      id: other.id,
      version: other.version,
      values: { ...ROWS[1], photo: String(info.id) },
    });
    expect(stolen.status).toBe(417);
  }, 60_000);

  it('exports each value as the shared displayValue shows it (numbers as numbers)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/Common/KindSample/Export',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      payload: JSON.stringify({ format: 'csv', sortModel: [{ colId: 'weight', sort: 'asc' }] }),
    });
    expect(res.statusCode).toBe(200);
    const rows = parseCsv(res.rawPayload.subarray(3).toString('utf8'));
    expect(rows[0]).toEqual(['عنوان', 'وزن', 'سهم', 'رنگ‌ها', 'ساعت شروع', 'عکس']);
    const listed = (await list({ sortModel: [{ colId: 'weight', sort: 'asc' }] })).body.Data.rows;
    const def = app.ctx.registry.byEntityKey('common.kindSample')!.def;
    expect(rows.slice(1)).toEqual(
      listed.map((r) => [
        String(r.title),
        String(r.weight),
        String(r.share),
        fieldText(def, 'colours', r.colours, 'fa', { digits: 'western' }),
        fieldText(def, 'opensAt', r.opensAt, 'fa', { digits: 'western' }),
        fieldText(def, 'photo', r.photo, 'fa', { digits: 'western' }),
      ]),
    );
    // row ج (weight 1.01) first, then الف with its photo
    expect(rows[1]).toEqual(['ج', '1.01', '99.9', 'آبی', '09:00', '']);
    expect(rows[2]).toEqual(['الف', '2.5', '12.5', 'قرمز، آبی', '08:30', '1 فایل']);
  }, 60_000);

  it('labels report groups as the grid shows the field: a multi-select by its options, a time as a time', async () => {
    const def = app.ctx.registry.byEntityKey('common.kindSample')!.def;
    const listed = (await list({})).body.Data.rows;
    for (const groupBy of ['colours', 'opensAt'] as const) {
      const res = await call<{ rows: { key: unknown; label: string; value: number }[] }>(
        app,
        'Report/Run',
        admin,
        {
          entity: 'common.kindSample',
          groupBy,
          measure: { op: 'count' },
        },
      );
      expect(res.status).toBe(200);
      const groups = res.body.Data.rows.filter((r) => r.key !== null);
      const expected = new Set(
        listed
          .filter((r) => r[groupBy] != null)
          .map((r) => fieldText(def, groupBy, r[groupBy], 'fa', { digits: 'western' })),
      );
      expect(new Set(groups.map((r) => r.label))).toEqual(expected);
    }
    const red = (
      await call<{ rows: { key: unknown; label: string }[] }>(app, 'Report/Run', admin, {
        entity: 'common.kindSample',
        groupBy: 'colours',
        measure: { op: 'count' },
      })
    ).body.Data.rows.find((r) => r.key === 'red,blue');
    expect(red?.label).toBe('قرمز، آبی');
  }, 60_000);

  it('generates demo rows of every new kind that the definition validates', async () => {
    const result = await generateRows(app.ctx, 'common.kindSample', 40, { seed: 7, validate: true });
    expect(result).toMatchObject({ inserted: 40 });
    const rows = (await list({ endRow: 200 })).body.Data.rows.slice(ROWS.length);
    expect(rows).toHaveLength(40);
    const entity = app.ctx.registry.byEntityKey('common.kindSample')!;
    for (const r of rows) {
      expect(
        entity.validate(
          Object.fromEntries(Object.entries(r).filter(([k]) => k in entity.def.schema.properties)),
        ),
      ).toBe(true);
      if (r.weight !== undefined) expect(Math.round(Number(r.weight) * 100) / 100).toBe(r.weight);
    }
    expect(rows.some((r) => typeof r.colours === 'string' && r.colours.length > 0)).toBe(true);
    expect(rows.every((r) => r.photo === undefined)).toBe(true);
  }, 120_000);

  it('plans and publishes kind changes: precision dropped, percent to text, text to time', async () => {
    const v2 = sample();
    delete v2.fields.weight!.precision;
    v2.fields.share = { label: { fa: 'سهم', en: 'Share' }, kind: 'text' };
    v2.schema.properties.share = { type: 'string' };
    v2.fields.title = { ...v2.fields.title!, kind: 'time' };
    v2.schema.properties.title = { type: 'string', format: 'time' };
    const plan = await call<{ changes: { kind: string; field?: string; breaking: boolean; rows: number }[] }>(
      app,
      'SystemConfig/Designer/Plan',
      admin,
      { definition: v2 },
    );
    expect(plan.status).toBe(200);
    const changes = plan.body.Data.changes.filter((c) => c.kind === 'changeType');
    expect(changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'weight', breaking: false }),
        expect.objectContaining({ field: 'share', breaking: false }),
        // titles are not times of day
        expect.objectContaining({ field: 'title', breaking: true, rows: 43 }),
      ]),
    );
    expect(changes).toHaveLength(3);
    const refused = await call(app, 'SystemConfig/Designer/Publish', admin, { definition: v2 });
    expect(refused.status).toBe(417);

    // without the title change: numbers convert, percent becomes its text; kept columns hold the old values
    v2.fields.title = sample().fields.title!;
    v2.schema.properties.title = sample().schema.properties.title!;
    const pub = await call(app, 'SystemConfig/Designer/Publish', admin, { definition: v2 });
    expect(pub.status).toBe(200);
    const row = await call<EntityRow>(app, 'Common/KindSample/Get', admin, { id: ids[0] });
    expect(row.body.Data).toMatchObject({ title: 'الف', weight: 2.5, share: '12.5' });
    const table = app.ctx.registry.byEntityKey('common.kindSample')!.table;
    const columns = (await app.ctx.db.introspection.getTables()).find((t) => t.name === table)!.columns;
    const names = columns.map((c) => c.name);
    // share changed storage on both databases (number → text); weight only on PostgreSQL (numeric → double)
    expect(names.filter((n) => /Prev/.test(n)).sort()).toEqual(
      dialect === 'postgres' ? ['sharePrev2', 'weightPrev2'] : ['sharePrev2'],
    );
    expect(typeFamily(columns.find((c) => c.name === 'share')!.dataType)).toBe('text');
  }, 120_000);
});
