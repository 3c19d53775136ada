/**
 * The rows of a list print (docs/print.md «List print»): the rows the grid's filter, sort and quick
 * search select, read through GetList's own pieces (listQuery: row scope, the period, filters on
 * fields the role may query; readableRows; lookup display texts with the user's permissions), the
 * fields hidden from the role stripped, at most MAX_LIST_PRINT_ROWS of them. Only the asked
 * columns (the grid's visible ones) are answered, with their lookups' display texts.
 */
import { LOOKUP_DISPLAY_SUFFIX, type Lang } from '../../runtime/shared/definition';
import type { AppContext, CurrentUser } from '../context';
import type { Entity } from '../definitions/registry';
import { countRows, listQuery, pageRows } from '../entities/listQuery';
import { readableRows } from '../entities/readAccess';
import { addLookupDisplays } from '../entities/lookupDisplay';
import { addAggregates } from '../entities/aggregates';
import type { Row } from '../entities/rows';
import { fieldModes, hiddenOf, stripRow } from '../security/fieldAccess';
import { badRequest } from '../http/errors';

/** At most this many rows on one list print (the sheet says when the list was cut). */
export const MAX_LIST_PRINT_ROWS = 5000;
const BATCH = 1000;

export interface ListPrintRows {
  /** The printed rows: id and the asked columns (lookups with `{field}__display`). */
  rows: Row[];
  /** How many rows the request selects (more than rows.length when cut). */
  total: number;
  /** The cap (MAX_LIST_PRINT_ROWS). */
  max: number;
  /** The columns printed: the asked ones the entity has and the role may see, in the asked order. */
  columns: string[];
}

/** The asked columns: names of the entity's fields (at most 60), else 400. */
function askedColumns(entity: Entity, raw: unknown): string[] {
  if (raw === undefined) return entity.def.list?.columns ?? Object.keys(entity.def.schema.properties);
  if (!Array.isArray(raw) || raw.length > 60 || !raw.every((c): c is string => typeof c === 'string'))
    throw badRequest();
  return [...new Set(raw)].filter((c) => Object.hasOwn(entity.def.schema.properties, c));
}

export async function listPrintRows(
  ctx: AppContext,
  entity: Entity,
  user: CurrentUser,
  body: Row,
  lang: Lang,
  selectedYear: number | null,
): Promise<ListPrintRows> {
  const hidden = hiddenOf(await fieldModes(ctx, user, entity));
  const columns = askedColumns(entity, body.columns).filter((c) => !hidden.has(c));
  const q = await listQuery(ctx, entity, user, body, lang, selectedYear);
  const total = await countRows(ctx, entity, q);
  const end = Math.min(total, MAX_LIST_PRINT_ROWS);
  const keep = new Set(['id', ...columns, ...columns.map((c) => `${c}${LOOKUP_DISPLAY_SUFFIX}`)]);
  const rows: Row[] = [];
  for (let start = 0; start < end; start += BATCH) {
    const stored = await pageRows(ctx, entity, q, start, Math.min(start + BATCH, end));
    if (stored.length === 0) break;
    // as GetList answers them: readable rows, lookup texts the user may see, computed figures
    const page = await readableRows(ctx, entity, user, stored);
    const full = await addAggregates(ctx, entity, await addLookupDisplays(ctx, entity, user, page));
    for (const r of full)
      rows.push(Object.fromEntries(Object.entries(stripRow(r, hidden)).filter(([k]) => keep.has(k))));
  }
  return { rows, total, max: MAX_LIST_PRINT_ROWS, columns };
}
