import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AttachmentInfo } from '../../runtime/shared/attachments';
import { ATTACHMENT_MAX_BYTES } from '../../runtime/shared/attachments';
import type { EntityRow } from '../../runtime/shared/definition';
import type { ListPage } from '../../runtime/shared/envelope';
import { sweepAttachments } from '../../server/attachments/cleanup';
import { DIALECTS, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

const HOUR = 3600 * 1000;

describe.each(DIALECTS)('Attachments of record fields on %s', (dialect) => {
  let db: TestDb;
  let app: FastifyInstance;
  const tok: Record<string, string> = {};

  const upload = (who: string, content: Buffer, name = 'قرارداد ۱.pdf', path = 'Sales/Customer/documents') =>
    app.inject({
      method: 'POST',
      url: `/api/Attachments/Upload/${path}`,
      headers: {
        'content-type': 'application/octet-stream',
        authorization: `Bearer ${tok[who]}`,
        'x-file-name': encodeURIComponent(name),
        'x-file-type': 'application/pdf',
      },
      payload: content,
    });
  const download = (who: string, id: number) =>
    app.inject({
      method: 'GET',
      url: `/api/Attachments/Download/${id}`,
      headers: { authorization: `Bearer ${tok[who]}` },
    });

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    app = await makeApp(db.url);
    for (const u of ['staff', 'customer', 'vendor']) tok[u] = (await signIn(app, u)).access_token;
  });
  afterAll(async () => {
    await app?.close();
    db?.cleanup();
  });

  it('staff uploads, saves the id in the field, lists and downloads the same bytes with their checksum', async () => {
    const content = Buffer.from([0x25, 0x50, 0x44, 0x46, 0, 1, 2, 255, 254]);
    const res = await upload('staff', content);
    expect(res.statusCode).toBe(200);
    const info = res.json().Data as AttachmentInfo;
    expect(info).toMatchObject({ name: 'قرارداد ۱.pdf', size: content.length, mime: 'application/pdf' });
    expect(info.sha256).toBe(createHash('sha256').update(content).digest('hex'));

    const list = await call<ListPage<EntityRow>>(app, 'Sales/Customer/GetList', tok.staff!, {
      startRow: 0,
      endRow: 1,
    });
    const row = list.body.Data.rows[0]!;
    const got = await call<EntityRow>(app, 'Sales/Customer/Get', tok.staff!, { id: row.id });
    const {
      id: _id,
      version,
      createdAt: _c,
      updatedAt: _u,
      createdBy: _cb,
      updatedBy: _ub,
      ...values
    } = got.body.Data;
    const saved = await call<EntityRow>(app, 'Sales/Customer/Update', tok.staff!, {
      id: row.id,
      version,
      values: { ...values, documents: String(info.id) },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.Data.documents).toBe(String(info.id));

    const listed = await call<AttachmentInfo[]>(app, 'Attachments/List', tok.staff!, {
      module: 'sales',
      name: 'customer',
      field: 'documents',
      ids: [info.id, 999999],
    });
    expect(listed.body.Data).toEqual([info]);

    const file = await download('staff', info.id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/octet-stream');
    expect(file.headers['x-checksum-sha256']).toBe(info.sha256);
    expect(String(file.headers['content-disposition'])).toContain(
      `filename*=UTF-8''${encodeURIComponent(info.name)}`,
    );
    expect(Buffer.compare(file.rawPayload, content)).toBe(0);
  });

  it('a customer user reads files of their own row only; vendors may not read customer files', async () => {
    const mine = (
      await call<ListPage<EntityRow>>(app, 'Sales/Customer/GetList', tok.customer!, {
        startRow: 0,
        endRow: 5,
      })
    ).body.Data.rows[0]!;
    // staff attaches a file to the customer's own row and one to another row (not saved anywhere)
    const own = (await upload('staff', Buffer.from('own'))).json().Data as AttachmentInfo;
    const other = (await upload('staff', Buffer.from('other'))).json().Data as AttachmentInfo;
    const got = (await call<EntityRow>(app, 'Sales/Customer/Get', tok.staff!, { id: mine.id })).body.Data;
    const { id: _id, version, createdAt: _c, updatedAt: _u, createdBy: _cb, updatedBy: _ub, ...values } = got;
    const saved = await call(app, 'Sales/Customer/Update', tok.staff!, {
      id: mine.id,
      version,
      values: { ...values, documents: `${own.id}` },
    });
    expect(saved.status).toBe(200);
    expect((await download('customer', own.id)).statusCode).toBe(200);
    expect((await download('customer', other.id)).statusCode).toBe(404);
    const listed = await call<AttachmentInfo[]>(app, 'Attachments/List', tok.customer!, {
      module: 'sales',
      name: 'customer',
      field: 'documents',
      ids: [own.id, other.id],
    });
    expect(listed.body.Data.map((a) => a.id)).toEqual([own.id]);
    // the vendor may not view customers: their files do not exist for it (one 404, no oracle)
    expect((await download('vendor', own.id)).statusCode).toBe(404);
  });

  // two 10 MB bodies through inject and the database: 15 s alone, over 30 s on a loaded machine
  it(
    'needs create or edit to upload, an attachments field, a file name and at most 10 MB',
    { timeout: 120_000 },
    async () => {
      expect((await upload('vendor', Buffer.from('x'))).statusCode).toBe(403);
      expect((await upload('staff', Buffer.from('x'), 'a.txt', 'Sales/Customer/address')).statusCode).toBe(
        400,
      );
      expect((await upload('staff', Buffer.from('x'), '')).statusCode).toBe(400);
      expect((await upload('staff', Buffer.alloc(0))).statusCode).toBe(400);
      const big = await upload('staff', Buffer.alloc(ATTACHMENT_MAX_BYTES + 1));
      expect(big.statusCode).toBe(413);
      expect((await upload('staff', Buffer.alloc(ATTACHMENT_MAX_BYTES, 7))).statusCode).toBe(200);
      const anonymous = await app.inject({ method: 'GET', url: '/api/Attachments/Download/1' });
      expect(anonymous.statusCode).toBe(401);
    },
  );

  it('the field accepts only a list of ids', async () => {
    const row = (
      await call<ListPage<EntityRow>>(app, 'Sales/Customer/GetList', tok.staff!, { startRow: 0, endRow: 1 })
    ).body.Data.rows[0]!;
    const got = (await call<EntityRow>(app, 'Sales/Customer/Get', tok.staff!, { id: row.id })).body.Data;
    const { id: _id, version, createdAt: _c, updatedAt: _u, createdBy: _cb, updatedBy: _ub, ...values } = got;
    const bad = await call(app, 'Sales/Customer/Update', tok.staff!, {
      id: row.id,
      version,
      values: { ...values, documents: '1;drop' },
    });
    expect(bad.status).toBe(417);
  });
  /** Whether the attachments table still holds the file (staff may read every customer file). */
  const stored = async (id: number) => (await download('staff', id)).statusCode === 200;
  const uploaded = async (text: string) =>
    ((await upload('staff', Buffer.from(text))).json().Data as AttachmentInfo).id;
  /** Sets a row's documents (null clears them) by Update; answers the new row. */
  const setDocuments = async (id: number, documents: string | null) => {
    const got = (await call<EntityRow>(app, 'Sales/Customer/Get', tok.staff!, { id })).body.Data;
    const { id: _id, version, createdAt: _c, updatedAt: _u, createdBy: _cb, updatedBy: _ub, ...values } = got;
    const saved = await call<EntityRow>(app, 'Sales/Customer/Update', tok.staff!, {
      id,
      version,
      values: { ...values, documents },
    });
    expect(saved.status).toBe(200);
    return saved.body.Data;
  };
  /** Makes an upload look older (as if uploaded `hours` ago). */
  const age = (id: number, hours: number) =>
    app.ctx.db
      .updateTable('attachments' as never)
      .set({ created_at: new Date(Date.now() - hours * HOUR).toISOString() } as never)
      .where('id' as never, '=', id as never)
      .execute();

  it('a file its row no longer holds is deleted with the update or delete; one an older row also names passes to it', async () => {
    const rows = (
      await call<ListPage<EntityRow>>(app, 'Sales/Customer/GetList', tok.staff!, { startRow: 10, endRow: 12 })
    ).body.Data.rows;
    const [first, second] = [rows[0]!.id, rows[1]!.id];
    const [a, b, c] = [await uploaded('a'), await uploaded('b'), await uploaded('c')];
    await setDocuments(first, `${a},${b}`);
    // a row written before files had an owning row may name another row's file too
    await app.ctx.db
      .updateTable('e_sales_customer' as never)
      .set({ documents: `${b}` } as never)
      .where('id' as never, '=', second as never)
      .execute();
    // an update keeping what the row already named is allowed
    await setDocuments(second, `${b}`);
    // b leaves the first row but the second still names it: b passes to the second; a is still held
    await setDocuments(first, `${a}`);
    expect([await stored(a), await stored(b)]).toEqual([true, true]);
    // a is removed from its only row
    await setDocuments(first, null);
    expect([await stored(a), await stored(b)]).toEqual([false, true]);

    // a refused write keeps the files: a stale version answers 417 and rolls back
    const stale = await call(app, 'Sales/Customer/Update', tok.staff!, {
      id: second,
      version: 1,
      values: { code: 'X-ATT', name: 'نسخه کهنه', customerType: 'person', nationalCode: '0499370899' },
    });
    expect(stale.status).toBe(417);
    expect(await stored(b)).toBe(true);

    // a deleted row takes its files along
    const made = await call<EntityRow>(app, 'Sales/Customer/Create', tok.staff!, {
      values: {
        code: 'ATT-DEL',
        name: 'مشتری پیوست‌دار',
        customerType: 'person',
        nationalCode: '0499370899',
        documents: `${c}`,
      },
    });
    expect(made.status).toBe(200);
    expect(await stored(c)).toBe(true);
    const removed = await call(app, 'Sales/Customer/Delete', tok.staff!, {
      id: made.body.Data.id,
      version: made.body.Data.version,
    });
    expect(removed.status).toBe(200);
    expect(await stored(c)).toBe(false);
  });

  it('the sweep deletes uploads older than the cut-off that no row holds; held and recent ones stay', async () => {
    const row = (
      await call<ListPage<EntityRow>>(app, 'Sales/Customer/GetList', tok.staff!, { startRow: 20, endRow: 21 })
    ).body.Data.rows[0]!;
    const [forgotten, held, recent] = [await uploaded('old'), await uploaded('held'), await uploaded('new')];
    await setDocuments(row.id, `${held}`);
    await age(forgotten, 25);
    await age(held, 25);
    const cutoff = new Date(Date.now() - 24 * HOUR).toISOString();
    expect(await sweepAttachments(app.ctx.db, app.ctx.registry, cutoff)).toBe(1);
    expect([await stored(forgotten), await stored(held), await stored(recent)]).toEqual([false, true, true]);
    expect(await sweepAttachments(app.ctx.db, app.ctx.registry, cutoff)).toBe(0);
  });

  it('a server sweeps at start and then on its interval (config.attachmentSweep)', async () => {
    const second = await makeApp(db.url, { attachmentSweep: { intervalMs: 200, maxAgeMs: 24 * HOUR } });
    try {
      const forgotten = await uploaded('forgotten');
      await age(forgotten, 30);
      await expect.poll(() => stored(forgotten), { timeout: 10_000, interval: 100 }).toBe(false);
    } finally {
      await second.close();
    }
  });
});
