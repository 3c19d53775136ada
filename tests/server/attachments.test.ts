import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AttachmentInfo } from '../../runtime/shared/attachments';
import { ATTACHMENT_MAX_BYTES } from '../../runtime/shared/attachments';
import type { EntityRow } from '../../runtime/shared/definition';
import type { ListPage } from '../../runtime/shared/envelope';
import { DIALECTS, call, freshDatabase, makeApp, signIn, type TestDb } from './helpers';

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
    expect((await download('vendor', own.id)).statusCode).toBe(403);
  });

  it('needs create or edit to upload, an attachments field, a file name and at most 10 MB', async () => {
    expect((await upload('vendor', Buffer.from('x'))).statusCode).toBe(403);
    expect((await upload('staff', Buffer.from('x'), 'a.txt', 'Sales/Customer/address')).statusCode).toBe(400);
    expect((await upload('staff', Buffer.from('x'), '')).statusCode).toBe(400);
    expect((await upload('staff', Buffer.alloc(0))).statusCode).toBe(400);
    const big = await upload('staff', Buffer.alloc(ATTACHMENT_MAX_BYTES + 1));
    expect(big.statusCode).toBe(413);
    expect((await upload('staff', Buffer.alloc(ATTACHMENT_MAX_BYTES, 7))).statusCode).toBe(200);
    const anonymous = await app.inject({ method: 'GET', url: '/api/Attachments/Download/1' });
    expect(anonymous.statusCode).toBe(401);
  });

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
});
