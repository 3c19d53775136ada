/**
 * What an import may not do (docs/import.md "Security"), on SQLite and PostgreSQL, with a document
 * type an analyst published (no code names it): a branch clerk held by a row rule to its branch
 * writes no row into another branch, finds no row of another branch to update (the same answer as
 * a key that does not exist) and names no looked-up row outside its rules; a line field hidden from
 * its role is no column of the template nor of a mapping; a job's status, problems and cancel
 * belong to its owner (and the admin) only.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EntityRow } from '../../runtime/shared/definition';
import type { ImportJobAnswer, ImportOptions, ImportPreviewAnswer } from '../../runtime/shared/imports';
import type { RowRule } from '../../runtime/shared/rowRules';
import type { Untyped } from '../../server/db/untyped';
import { DIALECTS, PASSWORD, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

const NOTE = 'common.branchNote';
const ALL = {
  view: true,
  create: true,
  edit: true,
  delete: true,
  export: true,
  print: true,
  finalise: true,
  cancel: true,
  import: true,
};
const csv = (lines: string[]) => Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
const b64 = (data: Buffer) => data.toString('base64');

describe.each(DIALECTS)('import access on %s', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  let sql: Untyped;
  let admin = '';
  let clerkA = '';
  let clerkB = '';
  const branch: Record<'A' | 'B', { id: number; code: string }> = {
    A: { id: 0, code: '' },
    B: { id: 0, code: '' },
  };

  const rules = (entity: string, value: RowRule[]) =>
    call(app, 'Security/RowRule/Save', admin, { role: 'clerk', entity, rules: value });
  const notes = async (prefix: string) =>
    (await sql
      .selectFrom(app.ctx.registry.byEntityKey(NOTE)!.table)
      .selectAll()
      .where('text', 'like', `${prefix}%`)
      .orderBy('text')
      .execute()) as Record<string, unknown>[];
  const run = async (who: string, data: Buffer, extra: Partial<ImportOptions> = {}) => {
    const res = await call<ImportJobAnswer>(app, 'Import/Run', who, {
      entity: NOTE,
      fileName: 'n.csv',
      content: b64(data),
      mode: 'insert',
      ...extra,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    for (let i = 0; i < 400; i++) {
      const s = await call<ImportJobAnswer>(app, 'Import/Status', who, { id: res.body.Data.id });
      if (s.body.Data.status !== 'running') return s.body.Data;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the job did not end');
  };

  async function addUser(username: string, attributes: Record<string, string>): Promise<string> {
    const saved = await call(app, 'Security/User/Save', admin, {
      username,
      displayName: username,
      role: 'clerk',
      isVendor: false,
      isCustomer: false,
      partyId: null,
      disabled: false,
      password: PASSWORD,
      attributes,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const changed = await call(app, 'Security/Account/ChangePassword', null, {
      username,
      currentPassword: PASSWORD,
      newPassword: 'Second@1405',
    });
    expect(changed.status).toBe(200);
    return (await signIn(app, username, 'Second@1405')).access_token;
  }

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url);
    sql = app.ctx.db as unknown as Untyped;
    admin = (await signIn(app, 'admin')).access_token;
    for (const k of ['A', 'B'] as const) {
      const made = await call<EntityRow>(app, 'SystemConfig/Branch/Create', admin, {
        values: { code: `IB${k}`, title: `شعبه ورود ${k}` },
      });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      branch[k] = { id: made.body.Data.id, code: `IB${k}` };
    }
    const published = await call(app, 'SystemConfig/Designer/Publish', admin, {
      definition: {
        name: 'branchNote',
        module: 'common',
        title: { fa: 'یادداشت شعبه' },
        displayField: 'text',
        schema: {
          type: 'object',
          properties: {
            branch: { type: 'integer' },
            text: { type: 'string', maxLength: 100 },
            amount: { type: 'integer' },
          },
          required: ['text'],
        },
        fields: {
          branch: {
            label: { fa: 'شعبه' },
            lookup: { entity: 'systemConfig.branch', displayField: 'title', codeField: 'code' },
          },
          text: { label: { fa: 'متن' } },
          amount: { label: { fa: 'مبلغ' }, money: true },
        },
        children: {
          lines: {
            label: { fa: 'ردیف‌ها' },
            schema: {
              type: 'object',
              properties: { note: { type: 'string', maxLength: 50 }, secret: { type: 'integer' } },
            },
            fields: { note: { label: { fa: 'یادداشت' } }, secret: { label: { fa: 'محرمانه' } } },
          },
        },
        list: { columns: ['branch', 'text', 'amount'] },
        menu: { order: 1 },
        lifecycle: {},
      },
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(
      (
        await call(app, 'Security/Role/Save', admin, {
          role: 'clerk',
          label: { fa: 'کارمند شعبه', en: 'Branch clerk' },
        })
      ).status,
    ).toBe(200);
    const perms = await call(app, 'Security/Permission/Save', admin, {
      role: 'clerk',
      entities: [
        { key: NOTE, permissions: ALL, fields: { 'lines.secret': 'hidden' } },
        { key: 'systemConfig.branch', permissions: { view: true }, fields: {} },
      ],
    });
    expect(perms.status, JSON.stringify(perms.body)).toBe(200);
    clerkA = await addUser('iclerka', { branch: String(branch.A.id) });
    clerkB = await addUser('iclerkb', { branch: String(branch.B.id) });
    expect(
      (await rules(NOTE, [{ kind: 'userAttribute', field: 'branch', attribute: 'branch' }])).status,
    ).toBe(200);
  }, 240_000);
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  it('a branch clerk imports into its own branch only; a row of another branch is neither written nor found to update', async () => {
    const job = await run(
      clerkA,
      csv([
        'شعبه,متن,مبلغ',
        `${branch.A.code},ACC-in,100`,
        `${branch.B.code},ACC-out,200`,
        'شعبه ورود B,ACC-out2,300',
      ]),
    );
    expect(job, JSON.stringify(job.errors)).toMatchObject({ written: 1, failed: 2 });
    expect(job.errors.map((e) => e.row).sort()).toEqual([3, 4]);
    expect((await notes('ACC-')).map((r) => r.text)).toEqual(['ACC-in']);
    // clerk B's note: for clerk A no row has its text (as a text that does not exist at all)
    const theirs = await run(clerkB, csv(['شعبه,متن,مبلغ', `${branch.B.code},ACC-theirs,5`]));
    expect(theirs.written).toBe(1);
    const update = await run(clerkA, csv(['متن,مبلغ', 'ACC-theirs,999', 'ACC-nowhere,1']), {
      mode: 'update',
      keyField: 'text',
    });
    expect(update).toMatchObject({ written: 0, failed: 2 });
    const [theirsRow] = await notes('ACC-theirs');
    expect(Number(theirsRow!.amount)).toBe(5);
    // the answer about their row says no more than about a row that does not exist
    const texts = update.errors.map((e) => e.message.replace(/«[^»]*»/, '«»'));
    expect(texts[0]).toBe(texts[1]);
    // upsert does not reach their row either: a new row of its own branch, theirs untouched
    const upsert = await run(clerkA, csv(['شعبه,متن,مبلغ', `${branch.A.code},ACC-theirs,7`]), {
      mode: 'upsert',
      keyField: 'text',
    });
    expect(upsert.written).toBe(1);
    const both = (await notes('ACC-theirs')).map((r) => [Number(r.branch), Number(r.amount)]);
    expect(both.sort((a, b) => a[1]! - b[1]!)).toEqual([
      [branch.B.id, 5],
      [branch.A.id, 7],
    ]);
  });

  it('a line field hidden from the role is no column of the template, the automatic mapping, nor a mapping sent', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/Import/Template',
      headers: { authorization: `Bearer ${clerkA}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ entity: NOTE }),
    });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const all = JSON.stringify(book.worksheets.map((w) => w.getSheetValues()));
    expect(all).toContain('یادداشت (ردیف‌ها)');
    expect(all).not.toContain('محرمانه');
    const file = csv(['شعبه,متن,lines.note,lines.secret', `${branch.A.code},ACC-line,n,42`]);
    const auto = await call<ImportPreviewAnswer>(app, 'Import/Preview', clerkA, {
      entity: NOTE,
      fileName: 'l.csv',
      content: b64(file),
      mode: 'insert',
    });
    expect(auto.status, JSON.stringify(auto.body)).toBe(200);
    expect(Object.values(auto.body.Data.mapping)).toEqual(['branch', 'text', 'lines.note']);
    expect(auto.body.Data.fields.map((f) => f.name)).not.toContain('lines.secret');
    const named = await call(app, 'Import/Preview', clerkA, {
      entity: NOTE,
      fileName: 'l.csv',
      content: b64(file),
      mode: 'insert',
      mapping: { 0: 'branch', 1: 'text', 2: 'lines.note', 3: 'lines.secret' },
    });
    expect(named.status).toBe(400);
    // nor on a lines sheet
    const sheets = new ExcelJS.Workbook();
    sheets.addWorksheet('a').addRows([
      ['کلید سند', 'شعبه', 'متن'],
      [1, branch.A.code, 'ACC-two'],
    ]);
    sheets.addWorksheet('b').addRows([
      ['کلید سند', 'یادداشت (ردیف‌ها)', 'محرمانه (ردیف‌ها)'],
      [1, 'x', 9],
    ]);
    const two = b64(Buffer.from(await sheets.xlsx.writeBuffer()));
    const onLines = await call(app, 'Import/Preview', clerkA, {
      entity: NOTE,
      fileName: 'l.xlsx',
      content: two,
      mode: 'insert',
      lineMappings: { 1: { 0: '#doc', 1: 'lines.note', 2: 'lines.secret' } },
    });
    expect(onLines.status).toBe(400);
    const job = await run(clerkA, Buffer.from(two, 'base64'), { fileName: 'l.xlsx' });
    expect(job, JSON.stringify(job.errors)).toMatchObject({ written: 1, failed: 0 });
    const [row] = await notes('ACC-two');
    const lines = (await sql
      .selectFrom(`${app.ctx.registry.byEntityKey(NOTE)!.table}__lines`)
      .selectAll()
      .where('parent_id', '=', row!.id)
      .execute()) as Record<string, unknown>[];
    expect(lines.map((l) => [l.note, l.secret ?? null])).toEqual([['x', null]]);
  });

  it("a job's status, problems and cancel are its owner's (and the admin's), nobody else's", async () => {
    const res = await call<ImportJobAnswer>(app, 'Import/Run', clerkA, {
      entity: NOTE,
      fileName: 'n.csv',
      content: b64(csv(['شعبه,متن', `${branch.A.code},ACC-own`, `${branch.B.code},ACC-bad`])),
      mode: 'insert',
    });
    expect(res.status).toBe(200);
    const id = res.body.Data.id;
    expect((await call(app, 'Import/Status', clerkB, { id })).body.Data).toBeNull();
    expect(
      (await call<ImportJobAnswer | null>(app, 'Import/Status', clerkB, { entity: NOTE })).body.Data?.id,
    ).not.toBe(id);
    expect((await call(app, 'Import/Cancel', clerkB, { id })).status).toBe(403);
    for (let i = 0; i < 400; i++) {
      const s = await call<ImportJobAnswer>(app, 'Import/Status', clerkA, { id });
      if (s.body.Data.status !== 'running') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const own = await call<ImportJobAnswer>(app, 'Import/Status', clerkA, { id });
    expect(own.body.Data.errors.length).toBeGreaterThan(0);
    const byAdmin = await call<ImportJobAnswer>(app, 'Import/Status', admin, { id });
    expect(byAdmin.body.Data).toMatchObject({ id, written: 1, failed: 1 });
    expect((await call(app, 'Import/Cancel', admin, { id })).status).toBe(200);
  });
});
