/**
 * Export action: the rows of a GetList request (at most 1000) as a CSV file (UTF-8 with BOM),
 * sent as application/octet-stream. Problems of the export itself (bad list request) answer the
 * same binary type with the translated message as the file's text, as file downloads do.
 */
import type { FastifyReply } from 'fastify';
import { localText, type Lang } from '../../runtime/shared/definition';
import type { AppContext, CurrentUser } from '../context';
import type { Entity } from '../definitions/registry';
import { HttpError } from '../http/errors';
import { errorText } from '../i18n';
import { listRows } from './repository';
import type { Row } from './rows';

function cell(v: unknown): string {
  if (v === null || v === undefined) return '';
  const text = String(v);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export async function exportRows(
  ctx: AppContext,
  entity: Entity,
  user: CurrentUser,
  body: Row,
  lang: Lang,
  reply: FastifyReply,
): Promise<FastifyReply> {
  reply.type('application/octet-stream');
  try {
    const page = await listRows(ctx, entity, user, { startRow: 0, endRow: 1000, ...body }, lang);
    const columns = entity.def.list.columns;
    const header = columns.map((c) => cell(localText(entity.def.fields[c]?.label, lang) || c));
    const lines = page.rows.map((r) => columns.map((c) => cell(r[c])).join(','));
    const csv = `\uFEFF${[header.join(','), ...lines].join('\r\n')}\r\n`;
    return reply
      .header('content-disposition', `attachment; filename="${entity.def.name}.csv"`)
      .send(Buffer.from(csv, 'utf8'));
  } catch (e) {
    if (!(e instanceof HttpError)) throw e;
    const detail = e.fields.map((f) => f.FieldName).filter(Boolean);
    const text = `${errorText(lang, e.key)}${detail.length ? ` (${detail.join(', ')})` : ''}`;
    return reply.code(e.status).send(Buffer.from(text, 'utf8'));
  }
}
