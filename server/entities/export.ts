/**
 * Export action: every row matching the grid's filter and sort (the same query pieces as GetList,
 * row scope included), at most MAX_EXPORT_ROWS, as CSV (UTF-8 with BOM, streamed batch by batch)
 * or XLSX (one sheet, right to left in Persian). Display values and headers in the request
 * language (exportValues.ts). Problems (bad request, too many rows) answer their status with the
 * translated message as text, as file downloads do (the client decodes binary error bodies).
 */
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { localText, type Lang } from '../../runtime/shared/definition';
import { todayJalali } from '../../runtime/shared/jalali';
import type { AppContext, CurrentUser } from '../context';
import type { Entity } from '../definitions/registry';
import { HttpError } from '../http/errors';
import { errorText, fieldMessage } from '../i18n';
import { listError } from './filters';
import { countRows, listQuery, pageRows, type ListQuery } from './listQuery';
import type { Row } from './rows';
import { csvLine, displayCell, exportColumns, headerCells, lookupTexts, type Cell } from './exportValues';
import { workbook } from './xlsx';
import { addLookupDisplays } from './lookupDisplay';
import { addAggregates } from './aggregates';
import { readableRows } from './readAccess';
import { fieldModes, hiddenOf } from '../security/fieldAccess';

export const MAX_EXPORT_ROWS = 100_000;
const BATCH = 1000;

type Format = 'csv' | 'xlsx';

const TYPES: Record<Format, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** `attachment` with an ASCII fallback name and the real one (Persian in fa) per RFC 5987. */
export function contentDisposition(entity: Entity, lang: Lang, format: Format): string {
  const date = todayJalali().replace(/\//g, '-');
  const title = localText(entity.def.title, lang).trim();
  const local = (lang === 'fa' ? title : title.toLowerCase()).replace(/[\s/\\:*?"<>|]+/g, '-');
  const encoded = encodeURIComponent(`${local || entity.def.name}-${date}.${format}`).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${entity.def.name}-${date}.${format}"; filename*=UTF-8''${encoded}`;
}

/** The matching rows as display cells, one batch (≤ BATCH rows) at a time. */
async function* cellBatches(
  ctx: AppContext,
  entity: Entity,
  user: CurrentUser,
  q: ListQuery,
  total: number,
  columns: string[],
  lang: Lang,
): AsyncGenerator<Cell[][]> {
  for (let start = 0; start < total; start += BATCH) {
    const stored = await pageRows(ctx, entity, q, start, Math.min(start + BATCH, total));
    if (stored.length === 0) return;
    // as GetList shows them (audit entries without hidden diffs: readAccess.ts)
    const page = await readableRows(ctx, entity, user, stored);
    // display texts only of looked-up rows the user may view (permission and row scope there)
    const rows: Row[] = await addAggregates(ctx, entity, await addLookupDisplays(ctx, entity, user, page));
    const lookups = lookupTexts(entity, columns, rows);
    yield rows.map((r) => columns.map((c) => displayCell(entity, c, r[c], lang, lookups)));
  }
}

async function* csvChunks(header: string[], batches: AsyncGenerator<Cell[][]>): AsyncGenerator<Buffer> {
  yield Buffer.from(`\uFEFF${csvLine(header)}`, 'utf8');
  for await (const batch of batches) yield Buffer.from(batch.map(csvLine).join(''), 'utf8');
}

export async function exportRows(
  ctx: AppContext,
  entity: Entity,
  user: CurrentUser,
  body: Row,
  lang: Lang,
  reply: FastifyReply,
  selectedYear: number | null = null,
): Promise<FastifyReply> {
  try {
    const format = body.format ?? 'csv';
    if (format !== 'csv' && format !== 'xlsx') throw listError(lang, 'format');
    const q = await listQuery(ctx, entity, user, body, lang, selectedYear);
    const total = await countRows(ctx, entity, q);
    if (total > MAX_EXPORT_ROWS) {
      const message = fieldMessage(lang, '', 'errors.ExportTooManyRows', {
        max: MAX_EXPORT_ROWS,
        count: total,
      });
      throw new HttpError(417, 'ExportTooManyRows', [message]);
    }
    const hidden = hiddenOf(await fieldModes(ctx, user, entity));
    const columns = exportColumns(entity).filter((c) => !hidden.has(c));
    const header = headerCells(entity, columns, lang);
    const batches = cellBatches(ctx, entity, user, q, total, columns, lang);
    reply.type(TYPES[format]).header('content-disposition', contentDisposition(entity, lang, format));
    if (format === 'csv') return reply.send(Readable.from(csvChunks(header, batches)));
    const rows: Cell[][] = [];
    for await (const batch of batches) rows.push(...batch);
    const name = localText(entity.def.title, lang);
    return reply.send(workbook({ name, header, rows, rightToLeft: lang === 'fa' }));
  } catch (e) {
    if (!(e instanceof HttpError)) throw e;
    const messages = e.fields.map((f) => (e.key === 'BadRequest' ? f.FieldName : f.Message)).filter(Boolean);
    const text =
      e.key === 'ExportTooManyRows'
        ? messages.join(' ')
        : `${errorText(lang, e.key)}${messages.length ? ` (${messages.join(', ')})` : ''}`;
    return reply.code(e.status).type('application/octet-stream').send(Buffer.from(text, 'utf8'));
  }
}
