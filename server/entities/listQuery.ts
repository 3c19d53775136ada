/**
 * The list query of an entity (filter, period, row scope, read conditions, sort with id last) and
 * its pages and count: shared by GetList (repository.ts), Export, GetAudit and reports.
 */
import { type SqlBool, type RawBuilder, sql } from 'kysely';
import type { Lang } from '../../runtime/shared/definition';
import type { ListRequest } from '../../runtime/shared/envelope';
import type { AppContext, CurrentUser } from '../context';
import type { Entity } from '../definitions/registry';
import type { Untyped } from '../db/untyped';
import { columnsOf } from './columns';
import { filterConditions, hiddenFieldError, listError } from './filters';
import { readCondition, unqueryableFields } from './readAccess';
import { entityPeriod, periodCondition, type SelectedPeriod } from './period';
import { rowAccessCondition } from './scope';
import { lookupSortExpr } from './lookupSort';
import { searchCondition } from './search';
import { toApiRow, type Row } from './rows';
import { quickSearchCondition, searchFields } from './quickSearch';
import { selectionCondition } from './selection';

// Entity tables exist only at run time (one per definition), so their queries are untyped.

/** WHERE and ORDER BY of a list request (filter, row scope, sort with id last): shared by GetList and Export. */
export interface ListQuery {
  where: RawBuilder<SqlBool>;
  /** `expr`: what to order by instead of the column (a lookup's display text, lookupSort.ts). */
  order: { column: string; dir: 'asc' | 'desc'; expr?: RawBuilder<unknown> }[];
  /** Columns the filterModel names. */
  filtered: Set<string>;
  /** Fields hidden from the caller's role (no filter, sort, search or total on them). */
  hidden: ReadonlySet<string>;
}

export async function listQuery(
  ctx: AppContext,
  entity: Entity,
  user: CurrentUser,
  body: Partial<ListRequest> & Record<string, unknown>,
  lang: Lang,
  /** The `selectedYear` header's period id (resolved here for a dated entity: 400 when unknown), or the period itself. */
  selectedYear: number | SelectedPeriod | null = null,
): Promise<ListQuery> {
  const columns = columnsOf(entity);
  const hidden = await unqueryableFields(ctx, entity, user);
  const conditions = filterConditions(body.filterModel, columns, hidden, lang, ctx.dialect === 'sqlite');
  const quick = quickSearchCondition(body.q, entity, hidden, lang);
  if (quick) conditions.push(quick);
  const selection = selectionCondition(body.ids, lang);
  if (selection) conditions.push(selection);
  const search = searchCondition(body.search, columns, hidden, lang);
  if (search) conditions.push(search);
  const period = periodCondition(entity, await entityPeriod(ctx, entity, selectedYear, lang));
  if (period) conditions.push(period);
  const scope = await rowAccessCondition(ctx.db, entity, user);
  if (scope) conditions.push(scope);
  const readable = await readCondition(ctx, entity, user);
  if (readable) conditions.push(readable);
  // AG Grid sends [] until the user sorts: the definition's default order applies then
  const asked = body.sortModel;
  const byDefault = (entity.def.list.defaultSort ?? []).filter((s) => !hidden.has(s.colId));
  const sortModel = Array.isArray(asked) && asked.length === 0 ? byDefault : (asked ?? byDefault);
  if (!Array.isArray(sortModel) || sortModel.length > 10) throw listError(lang, 'sortModel');
  const order: ListQuery['order'] = [];
  for (const s of sortModel as unknown[]) {
    if (typeof s !== 'object' || s === null) throw listError(lang, 'sortModel');
    const { colId, sort } = s as { colId?: unknown; sort?: unknown };
    if (typeof colId === 'string' && hidden.has(colId)) throw hiddenFieldError(lang, colId);
    const col = typeof colId === 'string' ? columns.get(colId) : undefined;
    // a kind that does not sort (server/entities/columns.ts KIND_QUERY) is refused as unknown
    if (!col?.sortable || (sort !== 'asc' && sort !== 'desc')) throw listError(lang, 'sortModel');
    // a lookup sorts by the looked-up row's display text, as the caller may read it
    const lookup = entity.def.fields[colId as string]?.lookup;
    const expr = lookup ? await lookupSortExpr(ctx, entity, user, colId as string, lookup) : null;
    order.push({ column: col.column, dir: sort, ...(expr ? { expr } : {}) });
  }
  // id last, in the direction of the last sort: the (field, id) index then serves a descending
  // sort read backwards, where `field desc, id asc` would sort every row of a field value
  if (!order.some((o) => o.column === 'id')) order.push({ column: 'id', dir: order.at(-1)?.dir ?? 'asc' });
  const where = conditions.length ? sql<SqlBool>`${sql.join(conditions, sql` and `)}` : sql<SqlBool>`1 = 1`;
  const model = body.filterModel;
  const filtered = new Set<string>();
  if (typeof model === 'object' && model !== null)
    for (const name of Object.keys(model)) filtered.add(columns.get(name)?.column ?? name);
  // the searched columns count as filtered (sortIndex.ts: their rows are not spread evenly)
  if (search) for (const name of searchFields(entity, hidden)) filtered.add(name);
  return { where, order, filtered, hidden };
}

/** Rows start..end (exclusive) of a list query, as API rows; on SQLite `index` names the index to walk (sortIndex.ts). */
export async function pageRows(
  ctx: AppContext,
  entity: Entity,
  q: ListQuery,
  start: number,
  end: number,
  index?: string,
) {
  if (index) {
    const order = sql.join(
      q.order.map((o) => sql`${o.expr ?? sql.ref(o.column)} ${sql.raw(o.dir === 'desc' ? 'desc' : 'asc')}`),
    );
    const page =
      await sql<Row>`select * from ${sql.table(entity.table)} indexed by ${sql.id(index)} where ${q.where} order by ${order} limit ${end - start} offset ${start}`.execute(
        ctx.db,
      );
    return page.rows.map((r) => toApiRow(entity, r));
  }
  const db = ctx.db as unknown as Untyped;
  let select = db.selectFrom(entity.table).selectAll().where(q.where);
  for (const o of q.order) select = select.orderBy(o.expr ?? sql.ref(o.column), o.dir);
  const rows = (await select
    .limit(end - start)
    .offset(start)
    .execute()) as Row[];
  return rows.map((r) => toApiRow(entity, r));
}

/** Rows matching a list query. */
export async function countRows(ctx: AppContext, entity: Entity, q: ListQuery): Promise<number> {
  const count = await (ctx.db as unknown as Untyped)
    .selectFrom(entity.table)
    .select((eb) => eb.fn.countAll().as('n'))
    .where(q.where)
    .executeTakeFirst();
  return Number((count as { n?: unknown } | undefined)?.n ?? 0);
}
