/**
 * Reads of entity rows (GetList, Get), scoped and readable as the caller may; and the writes the
 * server's own code asks (createRow, updateRow, deleteRow), which go through the same write
 * pipeline as the API's (write/pipeline.ts).
 */
import type { Lang } from '../../runtime/shared/definition';
import type { ListPage, ListRequest } from '../../runtime/shared/envelope';
import type { AppContext, CurrentUser } from '../context';
import type { Entity } from '../definitions/registry';
import { notFound } from '../http/errors';
import { cachedCount } from './countCache';
import { listError } from './filters';
import { readableRows } from './readAccess';
import { toApiRow, type Row } from './rows';
import type { Lines } from './document';
import { readLines } from './lines';
import type { Untyped } from '../db/untyped';
import { addLookupDisplays } from './lookupDisplay';
import { sortIndex, whereKey } from './sortIndex';
import { countRows, listQuery, pageRows } from './listQuery';
import { findStored } from './stored';
import { runWrite } from './write/pipeline';
import { listTotals } from './totals';
import { addAggregates } from './aggregates';

const MAX_PAGE = 1000;

function int(v: unknown): number | null {
  return typeof v === 'number' && Number.isInteger(v) ? v : null;
}

export async function listRows(
  ctx: AppContext,
  entity: Entity,
  user: CurrentUser,
  body: Partial<ListRequest> & Record<string, unknown>,
  lang: Lang,
  selectedYear: number | null = null,
): Promise<ListPage> {
  const start = body.startRow === undefined ? 0 : int(body.startRow);
  const end = body.endRow === undefined ? (start ?? 0) + 100 : int(body.endRow);
  if (start === null || start < 0) throw listError(lang, 'startRow');
  if (end === null || end <= start || end - start > MAX_PAGE) throw listError(lang, 'endRow');
  if (body.totals !== undefined && typeof body.totals !== 'boolean') throw listError(lang, 'totals');
  const q = await listQuery(ctx, entity, user, body, lang, selectedYear);
  // totals only when asked (the grid's first block), started beside the page (PostgreSQL runs both at once)
  const totals = body.totals === true ? listTotals(ctx, entity, q, q.hidden) : null;
  totals?.catch(() => undefined); // awaited below; a failure is thrown there, not reported twice
  const key = whereKey(ctx, q);
  const count = () => countRows(ctx, entity, q);
  const index = await sortIndex(ctx, entity, q, key, end, count);
  const page = await readableRows(ctx, entity, user, await pageRows(ctx, entity, q, start, end, index));
  const rows = await addAggregates(ctx, entity, await addLookupDisplays(ctx, entity, user, page));
  // the totals' count is exact and serves as lastRow
  if (totals) {
    const found = await totals;
    return { rows, lastRow: found.count, totals: found };
  }
  // a short page tells the total by itself; otherwise the count, cached (countCache.ts)
  if (rows.length < end - start && (rows.length > 0 || start === 0))
    return { rows, lastRow: start + rows.length };
  return { rows, lastRow: await cachedCount(entity.table, key, count) };
}

export async function getRow(ctx: AppContext, entity: Entity, user: CurrentUser, id: number): Promise<Row> {
  const row = await findStored(ctx.db as unknown as Untyped, entity, user, id);
  // rows the caller may not read (readAccess.ts) are not found; the readable ones as it may see them
  const [api] = row ? await readableRows(ctx, entity, user, [toApiRow(entity, row)]) : [];
  if (!api) throw notFound();
  await addAggregates(ctx, entity, [api]);
  if (entity.children.length === 0) return api;
  return { ...api, ...(await readLines(ctx.db as unknown as Untyped, entity, Number(api.id))) };
}

/** What a server write hands the entity's rules besides the values: secret fields (secrets.ts) and the language. */
export interface WriteExtra {
  secrets?: Row;
  lang?: Lang;
}

/** A row the server's own code creates (`values` and `lines` valid already): the whole write pipeline but validation. */
export async function createRow(
  ctx: AppContext,
  entity: Entity,
  user: CurrentUser | null,
  values: Row,
  lines: Lines = {},
  extra: WriteExtra = {},
): Promise<Row> {
  const row = await runWrite(ctx, {
    source: 'server',
    action: 'create',
    entity,
    user,
    lang: extra.lang ?? 'fa',
    values,
    lines,
    secrets: extra.secrets,
  });
  return row as Row;
}

/** A row the server's own code changes (at `version`, as it read it), through the write pipeline. */
export async function updateRow(
  ctx: AppContext,
  entity: Entity,
  user: CurrentUser,
  id: number,
  version: number,
  values: Row,
  lines: Lines = {},
  extra: WriteExtra = {},
): Promise<Row> {
  const row = await runWrite(ctx, {
    source: 'server',
    action: 'update',
    entity,
    user,
    lang: extra.lang ?? 'fa',
    id,
    version,
    values,
    lines,
    secrets: extra.secrets,
  });
  return row as Row;
}

/** A row the server's own code deletes (at `version`), through the write pipeline. */
export async function deleteRow(
  ctx: AppContext,
  entity: Entity,
  user: CurrentUser,
  id: number,
  version: number,
  lang: Lang = 'fa',
): Promise<void> {
  await runWrite(ctx, { source: 'server', action: 'delete', entity, user, lang, id, version, values: null });
}
