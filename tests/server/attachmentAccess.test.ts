/**
 * Attachments belong to the row they were uploaded for (docs/api.md "Attachments", issue #20 items 2,
 * 15 and 20): naming another row's, field's or user's file is refused, reading asks the owning row,
 * every id form answers 4xx, and file names carry no bidi or control characters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AttachmentInfo } from '../../runtime/shared/attachments';
import type { EntityRow } from '../../runtime/shared/definition';
import type { ListPage } from '../../runtime/shared/envelope';
import { DIALECTS, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

const SYSTEM = ['id', 'version', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy'];

describe.each(DIALECTS)('Attachment ownership and access on %s', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  const tok: Record<string, string> = {};
  /** The seeded customer user's own row, and two other customers' rows. */
  let own: number;
  let other: number;
  let third: number;

  const upload = (who: string, text: string, name = 'سند.pdf') =>
    app.inject({
      method: 'POST',
      url: '/api/Attachments/Upload/Sales/Customer/documents',
      headers: {
        'content-type': 'application/octet-stream',
        authorization: `Bearer ${tok[who]}`,
        'x-file-name': encodeURIComponent(name),
      },
      payload: Buffer.from(text),
    });
  const uploaded = async (who: string, text: string) => {
    const res = await upload(who, text);
    expect(res.statusCode).toBe(200);
    return (res.json().Data as AttachmentInfo).id;
  };
  const download = (who: string, id: number | string) =>
    app.inject({
      method: 'GET',
      url: `/api/Attachments/Download/${id}`,
      headers: { authorization: `Bearer ${tok[who]}` },
    });
  const list = (who: string, ids: unknown[]) =>
    call<AttachmentInfo[]>(app, 'Attachments/List', tok[who]!, {
      module: 'sales',
      name: 'customer',
      field: 'documents',
      ids,
    });
  /** Update of a customer row's documents by `who`; answers the call. */
  const setDocuments = async (who: string, id: number, documents: string | null) => {
    const got = (await call<EntityRow>(app, 'Sales/Customer/Get', tok[who]!, { id })).body.Data;
    const values = Object.fromEntries(Object.entries(got).filter(([k]) => !SYSTEM.includes(k)));
    return call<EntityRow>(app, 'Sales/Customer/Update', tok[who]!, {
      id,
      version: got.version,
      values: { ...values, documents },
    });
  };

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url);
    for (const u of ['staff', 'customer', 'vendor']) tok[u] = (await signIn(app, u)).access_token;
    own = (
      await call<ListPage<EntityRow>>(app, 'Sales/Customer/GetList', tok.customer!, {
        startRow: 0,
        endRow: 5,
      })
    ).body.Data.rows[0]!.id;
    const rows = (
      await call<ListPage<EntityRow>>(app, 'Sales/Customer/GetList', tok.staff!, { startRow: 30, endRow: 40 })
    ).body.Data.rows.filter((r) => r.id !== own);
    [other, third] = [rows[0]!.id, rows[1]!.id];
  });
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  it("a customer who names another customer's file in its own row is refused and still cannot read it", async () => {
    const secret = await uploaded('staff', 'contract of another customer');
    expect((await setDocuments('staff', other, `${secret}`)).status).toBe(200);

    const stolen = await setDocuments('customer', own, `${secret}`);
    expect(stolen.status).toBe(417);
    expect(stolen.body.ServerMessageTexts.map((m) => m.FieldName)).toEqual(['documents']);
    expect(stolen.body.ServerMessageTexts[0]!.Message).toContain('مدارک');
    expect((await download('customer', secret)).statusCode).toBe(404);
    expect((await list('customer', [secret])).body.Data).toEqual([]);
    // staff reads it through the row that owns it
    expect((await download('staff', secret)).statusCode).toBe(200);
  });

  it("another user's pending upload cannot be named; one's own can, once", async () => {
    const staffPending = await uploaded('staff', 'staff draft');
    expect((await download('customer', staffPending)).statusCode).toBe(404);
    expect((await setDocuments('customer', own, `${staffPending}`)).status).toBe(417);

    const mine = await uploaded('customer', 'my certificate');
    // a pending upload is read by its uploader only
    expect((await download('customer', mine)).statusCode).toBe(200);
    expect((await download('staff', mine)).statusCode).toBe(404);
    expect((await setDocuments('customer', own, `${mine}`)).status).toBe(200);
    expect((await download('customer', mine)).statusCode).toBe(200);
    expect((await list('customer', [mine])).body.Data.map((a) => a.id)).toEqual([mine]);
    expect((await download('staff', mine)).statusCode).toBe(200);
    // the vendor may not view customers: the file does not exist for it
    expect((await download('vendor', mine)).statusCode).toBe(404);
  });

  it('a file stays with its row: it cannot be named by another row of the same party nor moved there', async () => {
    const file = await uploaded('staff', 'row file');
    expect((await setDocuments('staff', other, `${file}`)).status).toBe(200);
    // staff sees every row, yet may not name the file in a second row
    expect((await setDocuments('staff', third, `${file}`)).status).toBe(417);
    // dropping it from its row deletes it: naming it later finds nothing
    expect((await setDocuments('staff', other, null)).status).toBe(200);
    expect((await download('staff', file)).statusCode).toBe(404);
    expect((await setDocuments('staff', third, `${file}`)).status).toBe(417);
  });

  it('a row that names a file it does not own (written before this rule) does not open it', async () => {
    const file = await uploaded('staff', 'owned by another row');
    expect((await setDocuments('staff', other, `${file}`)).status).toBe(200);
    // a value written before files had an owner: the customer's row names the file directly
    await app.ctx.db
      .updateTable('e_sales_customer' as never)
      .set({ documents: `${file}` } as never)
      .where('id' as never, '=', own as never)
      .execute();
    expect((await download('customer', file)).statusCode).toBe(404);
    expect((await list('customer', [file])).body.Data).toEqual([]);
    // dropping it from that row leaves the owner's file alone
    expect((await setDocuments('customer', own, null)).status).toBe(200);
    expect((await download('staff', file)).statusCode).toBe(200);
  });

  it('a server start gives files that rows named before files had an owner their row, failing closed', async () => {
    /** Sets a row's stored value directly, as a write before owners existed left it. */
    const legacy = (row: number, documents: string) =>
      app.ctx.db
        .updateTable('e_sales_customer' as never)
        .set({ documents } as never)
        .where('id' as never, '=', row as never)
        .execute();
    const file = await uploaded('staff', 'named before owners existed');
    await legacy(own, `${file}`);
    // a file staff uploaded for the other row, which the customer's row also named back then
    const victim = await uploaded('staff', 'the other customer contract');
    expect((await setDocuments('staff', other, null)).status).toBe(200);
    await legacy(other, `${victim}`);
    await legacy(third, `${victim}`);
    await legacy(own, `${file},${victim}`);
    // still pending: only its uploader reads it
    expect((await download('customer', file)).statusCode).toBe(404);
    const restarted = await makeApp(db.url);
    const read = (id: number, who: string) =>
      restarted.inject({
        method: 'GET',
        url: `/api/Attachments/Download/${id}`,
        headers: { authorization: `Bearer ${tok[who]}` },
      });
    try {
      // the only row naming it owns it now
      expect((await read(file, 'customer')).statusCode).toBe(200);
      // of the rows naming it, the one its uploader (staff) last wrote owns it; not the customer's
      expect((await read(victim, 'customer')).statusCode).toBe(404);
      expect((await read(victim, 'staff')).statusCode).toBe(200);
    } finally {
      await restarted.close();
    }
    expect((await setDocuments('customer', own, null)).status).toBe(200);
    expect((await download('staff', file)).statusCode).toBe(404);
    expect((await download('staff', victim)).statusCode).toBe(200);
  });

  it('a field hidden from the role opens none of its files', async () => {
    const mine = await uploaded('customer', 'hidden later');
    expect((await setDocuments('customer', own, `${mine}`)).status).toBe(200);
    const hide = { role: 'customer', entity: 'sales.customer', field: 'documents', mode: 'hidden' };
    await app.ctx.db.insertInto('field_permissions').values(hide).execute();
    try {
      expect((await download('customer', mine)).statusCode).toBe(404);
      expect((await list('customer', [mine])).body.Data).toEqual([]);
      expect((await upload('customer', 'more')).statusCode).toBe(403);
    } finally {
      await app.ctx.db.deleteFrom('field_permissions').where('role', '=', 'customer').execute();
    }
    expect((await download('customer', mine)).statusCode).toBe(200);
  });

  it('every id form answers 400, 404 or 417 in the envelope, never 5xx', async () => {
    const forms = ['12345678901234567890', '9223372036854775808', '-1', '0', '1.5', '1e3', 'abc', '%20'];
    for (const form of forms) {
      const res = await download('staff', form);
      expect(res.statusCode, form).toBe(400);
      expect(res.json().State, form).toBeDefined();
    }
    expect((await download('staff', 9007199254740991)).statusCode).toBe(404);
    // raw JSON: 20 digits as the attacker wrote them, not as a JS number would round them
    for (const ids of ['12345678901234567890', '-1', '1.5', '"1"', 'null', '9007199254740992', '1e400']) {
      const raw = `{"module":"sales","name":"customer","field":"documents","ids":[${ids}]}`;
      const res = await call(app, 'Attachments/List', tok.staff!, raw);
      expect(res.status, ids).toBe(400);
      expect(res.body.State, ids).toBeDefined();
    }
    expect((await list('staff', [9007199254740991])).body.Data).toEqual([]);
    for (const value of ['12345678901234567890', '0', '9007199254740991', '1,12345678901234567890']) {
      const res = await setDocuments('staff', third, value);
      expect(res.status, value).toBe(417);
      expect(res.body.ServerMessageTexts[0]!.FieldName).toBe('documents');
    }
  });

  it('file names lose bidi overrides and control characters, stored and served (Content-Disposition too)', async () => {
    const res = await upload('staff', 'spoof', 'فاکتور\u200cها\u202Efdp.exe\u2066\u0007');
    expect(res.statusCode).toBe(200);
    const info = res.json().Data as AttachmentInfo;
    expect(info.name).toBe('فاکتور\u200cهاfdp.exe');
    // a name stored before the rule is served clean
    await app.ctx.db
      .updateTable('attachments' as never)
      .set({ name: 'old\u202Etxt.exe' } as never)
      .where('id' as never, '=', info.id as never)
      .execute();
    const file = await download('staff', info.id);
    expect(file.statusCode).toBe(200);
    const disposition = String(file.headers['content-disposition']);
    expect(disposition).toBe(`attachment; filename="oldtxt.exe"; filename*=UTF-8''oldtxt.exe`);
    expect((await list('staff', [info.id])).body.Data[0]!.name).toBe('oldtxt.exe');
  });
});
