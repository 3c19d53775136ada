/**
 * Attachments of record fields (docs/api.md "Attachments"), for fields of the attachments and
 * image kinds (an image field takes PNG, JPEG, GIF and WebP files only, images.ts):
 * - POST /api/Attachments/Upload/{Module}/{Entity}/{field}: raw body (application/octet-stream, at
 *   most ATTACHMENT_MAX_BYTES or the field's `maxBytes`, else 413), file name in the `x-file-name` header (URI-encoded);
 *   needs create or edit on the entity → AttachmentInfo;
 * - POST /api/Attachments/List {module, name, field, ids}: needs view → AttachmentInfo[] of those
 *   ids that belong to the field and that the user may read (store.ts mayRead);
 * - GET /api/Attachments/Download/{id}: needs view on the file's entity and mayRead → the bytes
 *   (octet-stream, attachment disposition, sha256 in `x-checksum-sha256`); else 404 alike.
 * Ids are positive whole numbers up to 2^53 − 1; any other form answers 400.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ATTACHMENT_MAX_BYTES,
  attachmentIdOf,
  isAttachmentId,
  safeFileName,
} from '../../runtime/shared/attachments';
import { ok } from '../../runtime/shared/envelope';
import { isFileKind, kindOf } from '../../runtime/shared/fieldKind';
import type { AppContext, CurrentUser } from '../context';
import type { Entity } from '../definitions/registry';
import { authenticate } from '../auth/authenticate';
import { readBody } from '../http/business';
import { HttpError, badRequest, forbidden, notFound, unknownEntity } from '../http/errors';
import { fieldMessage } from '../i18n';
import { imageType } from './images';
import { entityPermissions } from '../security/permissions';
import { fieldModes } from '../security/fieldAccess';
import { listAttachments, mayRead, readAttachment, saveAttachment } from './store';

const MIME = /^[\w.+-]+\/[\w.+-]+$/;

function attachmentsField(entity: Entity | undefined, field: unknown): { entity: Entity; field: string } {
  if (!entity) throw unknownEntity();
  if (typeof field !== 'string' || !(field in entity.def.schema.properties)) throw badRequest();
  if (!isFileKind(kindOf(entity.def, field))) throw badRequest();
  return { entity, field };
}

function fileName(req: FastifyRequest): string {
  const raw = req.headers['x-file-name'];
  let name = '';
  try {
    name = decodeURIComponent(typeof raw === 'string' ? raw : '');
  } catch {
    throw badRequest();
  }
  // no path parts, control or bidi characters; a sane length
  name = safeFileName(name);
  if (!name) throw badRequest();
  return name;
}

async function user(ctx: AppContext, req: FastifyRequest): Promise<CurrentUser> {
  return (await authenticate(ctx, req, 'required', false)) as CurrentUser;
}

export async function attachmentsPlugin(app: FastifyInstance): Promise<void> {
  // own scope: the raw body parser applies to these routes only
  await app.register(async (scope) => {
    const { ctx } = app;
    scope.addContentTypeParser(
      'application/octet-stream',
      { parseAs: 'buffer', bodyLimit: ATTACHMENT_MAX_BYTES },
      (_req, body, done) => done(null, body),
    );

    scope.post<{ Params: { module: string; entity: string; field: string } }>(
      '/api/Attachments/Upload/:module/:entity/:field',
      { bodyLimit: ATTACHMENT_MAX_BYTES },
      async (req, reply) => {
        const target = attachmentsField(
          ctx.registry.byApiPath(req.params.module, req.params.entity),
          req.params.field,
        );
        const who = await user(ctx, req);
        const perms = await entityPermissions(ctx, who, target.entity.key);
        if (!perms.create && !perms.edit) throw forbidden();
        // a field the role may not see or not change takes no uploads
        if ((await fieldModes(ctx, who, target.entity)).has(target.field)) throw forbidden();
        const content = req.body;
        if (!Buffer.isBuffer(content) || content.length === 0) throw badRequest();
        // a field may take smaller files than any upload (the company logo: FieldMeta.maxBytes)
        const max = target.entity.def.fields[target.field]?.maxBytes;
        if (max !== undefined && content.length > max) throw new HttpError(413, 'PayloadTooLarge');
        const claimed = String(req.headers['x-file-type'] ?? '');
        let mime = MIME.test(claimed) ? claimed : 'application/octet-stream';
        if (kindOf(target.entity.def, target.field) === 'image') {
          // an image field keeps images only, of the type their bytes show
          const image = imageType(content);
          if (!image)
            throw new HttpError(400, 'BadRequest', [
              fieldMessage(req.lang, target.field, 'errors.BadRequest'),
            ]);
          mime = image;
        }
        const saved = await saveAttachment(ctx, who, target.entity, target.field, {
          name: fileName(req),
          mime,
          content,
        });
        return reply.send(ok(saved));
      },
    );

    scope.post('/api/Attachments/List', async (req, reply) => {
      const body = readBody(req);
      const entity =
        typeof body.module === 'string' && typeof body.name === 'string'
          ? ctx.registry.byEntityKey(`${body.module}.${body.name}`)
          : undefined;
      const target = attachmentsField(entity, body.field);
      const ids = body.ids;
      if (!Array.isArray(ids) || ids.length > 100 || !ids.every(isAttachmentId)) throw badRequest();
      const who = await user(ctx, req);
      if (!(await entityPermissions(ctx, who, target.entity.key)).view) throw forbidden();
      return reply.send(ok(await listAttachments(ctx, who, target.entity, target.field, ids as number[])));
    });

    scope.get<{ Params: { id: string } }>('/api/Attachments/Download/:id', async (req, reply) => {
      const id = attachmentIdOf(req.params.id);
      if (id === null) throw badRequest();
      const who = await user(ctx, req);
      const row = await readAttachment(ctx, id);
      const entity = row ? ctx.registry.byEntityKey(row.entity) : undefined;
      // one 404 for "no such file" and "not yours": a guessed id tells nothing
      if (!row || !entity) throw notFound();
      if (!(await entityPermissions(ctx, who, entity.key)).view) throw notFound();
      if (!(await mayRead(ctx, who, entity, row))) throw notFound();
      const name = safeFileName(row.name) || '_';
      const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
      return reply
        .header('content-type', 'application/octet-stream')
        .header('x-content-type-options', 'nosniff')
        .header(
          'content-disposition',
          `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
        )
        .header('x-checksum-sha256', row.sha256)
        .send(Buffer.from(row.content));
    });
  });
}
