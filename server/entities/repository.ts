/** Reads and writes of entity rows: scoped, versioned, audited in the same transaction. */
import { type Kysely, type SqlBool, type RawBuilder, sql } from 'kysely';
import type { Lang } from '../../runtime/shared/definition';
import type { ListPage, ListRequest } from '../../runtime/shared/envelope';
import type { AppContext, CurrentUser } from '../context';
import type { Entity } from '../definitions/registry';
import type { SystemTables } from '../db/types';
import { SYSTEM_COLUMN_MAP } from '../db/entityTables';
import { conflict, notFound } from '../http/errors';
import { partyKind } from '../security/permissions';
import { columnsOf } from './columns';
import { cachedCount, invalidateCounts } from './countCache';
import { filterConditions, hiddenFieldError, listError } from './filters';
import { readCondition, readableRows, unqueryableFields } from './readAccess';
import { periodCondition } from './period';
import { HOOKS } from './hooks';
import { syncAttachments } from '../attachments/links';
import { refuseServerRows } from '../security/writeRule';
import { enforceWorkflow } from '../operations/workflow';
import { diff, toApiRow, toColumns, type Row } from './rows';
import type { Lines } from './document';
import { deleteLines, readLines, writeLines } from './lines';
import { lineChanges, writeAudit } from './audit';
import type { Untyped } from '../db/untyped';
import { addLookupDisplays } from './lookupDisplay';
import { writeTransaction } from '../db/writeBatch';
import { checkNotReferenced, checkReferences } from './references';
import { isRowId } from '../../runtime/shared/bounds';
import { sortIndex, whereKey } from './sortIndex';
import { withoutSecrets } from './secrets';

// Entity tables exist only at run time (one per definition), so their queries are untyped.

const MAX_PAGE = 1000;

/** Row-scope condition for vendor/customer users (their own party only), or null. */
export function scopeCondition(entity: Entity, user: CurrentUser | null): RawBuilder<SqlBool> | null {
  const scope = entity.def.scope;
  if (!user || !scope?.party || !scope.partyKind) return null;
  if (partyKind(user) !== scope.partyKind) return null;
  if (user.partyId === null) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`${sql.ref(scope.party)} = ${user.partyId}`;
}

function int(v: unknown): number | null {
  return typeof v === 'number' && Number.isInteger(v) ? v : null;
}

/** WHERE and ORDER BY of a list request (filter, row scope, sort with id last): shared by GetList and Export. */
export interface ListQuery {
  where: RawBuilder<SqlBool>;
  order: { column: string; dir: 'asc' | 'desc' }[];
  /** Columns the filterModel names. */
  filtered: Set<string>;
}

export async function listQuery(
  ctx: AppContext,
  entity: Entity,
  user: CurrentUser,
  body: Partial<ListRequest> & Record<string, unknown>,
  lang: Lang,
  selectedYear: number | null = null,
): Promise<ListQuery> {
  const columns = columnsOf(entity);
  const hidden = await unqueryableFields(ctx, entity, user);
  const conditions = filterConditions(body.filterModel, columns, hidden, lang, ctx.dialect === 'sqlite');
  const period = periodCondition(entity, selectedYear);
  if (period) conditions.push(period);
  const scope = scopeCondition(entity, user);
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
    order.push({ column: col.column, dir: sort });
  }
  // id last, in the direction of the last sort: the (field, id) index then serves a descending
  // sort read backwards, where `field desc, id asc` would sort every row of a field value
  if (!order.some((o) => o.column === 'id')) order.push({ column: 'id', dir: order.at(-1)?.dir ?? 'asc' });
  const where = conditions.length ? sql<SqlBool>`${sql.join(conditions, sql` and `)}` : sql<SqlBool>`1 = 1`;
  const model = body.filterModel;
  const filtered = new Set<string>();
  if (typeof model === 'object' && model !== null)
    for (const name of Object.keys(model)) filtered.add(columns.get(name)?.column ?? name);
  return { where, order, filtered };
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
      q.order.map((o) => sql`${sql.ref(o.column)} ${sql.raw(o.dir === 'desc' ? 'desc' : 'asc')}`),
    );
    const page =
      await sql<Row>`select * from ${sql.table(entity.table)} indexed by ${sql.id(index)} where ${q.where} order by ${order} limit ${end - start} offset ${start}`.execute(
        ctx.db,
      );
    return page.rows.map((r) => toApiRow(entity, r));
  }
  const db = ctx.db as unknown as Untyped;
  let select = db.selectFrom(entity.table).selectAll().where(q.where);
  for (const o of q.order) select = select.orderBy(sql.ref(o.column), o.dir);
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
  const q = await listQuery(ctx, entity, user, body, lang, selectedYear);
  const key = whereKey(ctx, q);
  const count = () => countRows(ctx, entity, q);
  const index = await sortIndex(ctx, entity, q, key, end, count);
  const page = await readableRows(ctx, entity, user, await pageRows(ctx, entity, q, start, end, index));
  const rows = await addLookupDisplays(ctx, entity, user, page);
  // a short page tells the total by itself; otherwise the count, cached (countCache.ts)
  if (rows.length < end - start && (rows.length > 0 || start === 0))
    return { rows, lastRow: start + rows.length };
  return { rows, lastRow: await cachedCount(entity.table, key, count) };
}

async function findStored(
  db: Untyped,
  entity: Entity,
  user: CurrentUser | null,
  id: number,
): Promise<Row | undefined> {
  // no row has an id past int4 (PostgreSQL `serial`): asking would be an error, not a miss
  if (!isRowId(id)) return undefined;
  let q = db.selectFrom(entity.table).selectAll().where('id', '=', id);
  const scope = scopeCondition(entity, user);
  if (scope) q = q.where(scope);
  return (await q.executeTakeFirst()) as Row | undefined;
}

export async function getRow(ctx: AppContext, entity: Entity, user: CurrentUser, id: number): Promise<Row> {
  const row = await findStored(ctx.db as unknown as Untyped, entity, user, id);
  // rows the caller may not read (readAccess.ts) are not found; the readable ones as it may see them
  const [api] = row ? await readableRows(ctx, entity, user, [toApiRow(entity, row)]) : [];
  if (!api) throw notFound();
  if (entity.children.length === 0) return api;
  return { ...api, ...(await readLines(ctx.db as unknown as Untyped, entity, Number(api.id))) };
}

async function runHook(
  trx: Kysely<SystemTables>,
  entity: Entity,
  action: 'create' | 'update' | 'delete',
  user: CurrentUser | null,
  before: Row | null,
  values: Row | null,
  lines: Lines = {},
  extra: WriteExtra = {},
): Promise<Row | null> {
  // rows the server alone writes (security/writeRule.ts), the approval states (workflow block), the entity's own hook
  refuseServerRows(entity.def, before, values);
  await enforceWorkflow(trx, entity, user, before, values);
  const hook = HOOKS[entity.key]?.beforeWrite;
  const secrets = extra.secrets ?? {};
  const lang = extra.lang ?? 'fa';
  const hooked = hook
    ? await hook({ trx, action, user, before, values, lines, entity, secrets, lang })
    : values;
  // secret fields are never stored (secrets.ts), whatever a rule or hook put there
  const final = hooked && withoutSecrets(entity, hooked);
  return final;
}

/** What a write hands its hook besides the values: secret fields (secrets.ts) and the language. */
export interface WriteExtra {
  secrets?: Row;
  lang?: Lang;
}

export async function createRow(
  ctx: AppContext,
  entity: Entity,
  user: CurrentUser | null,
  values: Row,
  lines: Lines = {},
  extra: WriteExtra = {},
): Promise<Row> {
  return writeTransaction(ctx, async (trx) => {
    const finalValues =
      (await runHook(trx, entity, 'create', user, null, values, lines, extra)) ??
      withoutSecrets(entity, values);
    await checkReferences(
      ctx,
      trx as unknown as Untyped,
      entity,
      user,
      finalValues,
      lines,
      extra.lang ?? 'fa',
    );
    const now = new Date().toISOString();
    const inserted = (await (trx as unknown as Untyped)
      .insertInto(entity.table)
      .values({
        ...toColumns(entity, finalValues, ctx.dialect),
        [SYSTEM_COLUMN_MAP.version]: 1,
        [SYSTEM_COLUMN_MAP.createdAt]: now,
        [SYSTEM_COLUMN_MAP.updatedAt]: now,
        [SYSTEM_COLUMN_MAP.createdBy]: user?.id ?? null,
        [SYSTEM_COLUMN_MAP.updatedBy]: user?.id ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow()) as Row;
    invalidateCounts(entity.table);
    const row = toApiRow(entity, inserted);
    // attachment ids the row names: refused or tied to the row (rolled back with the write)
    await syncAttachments(trx, entity, user, null, row);
    const db = trx as unknown as Untyped;
    await writeLines(db, ctx.dialect, entity, Number(row.id), lines);
    const added = lineChanges(entity, null, lines);
    await writeAudit(trx, entity, user, Number(row.id), 'create', diff(entity, null, row), added);
    // read back: the lines with their new ids
    return entity.children.length ? { ...row, ...(await readLines(db, entity, Number(row.id))) } : row;
  });
}

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
  return writeTransaction(ctx, async (trx) => {
    const db = trx as unknown as Untyped;
    const stored = await findStored(db, entity, user, id);
    if (!stored) throw notFound();
    const before = toApiRow(entity, stored);
    if (before.version !== version) throw conflict();
    // read-only fields the form did not send keep their stored value
    const merged: Row = { ...values };
    for (const [name, field] of Object.entries(entity.def.schema.properties))
      if (field.readOnly && merged[name] === undefined) merged[name] = before[name];
    const finalValues =
      (await runHook(trx, entity, 'update', user, before, merged, lines, extra)) ??
      withoutSecrets(entity, merged);
    await checkReferences(ctx, db, entity, user, finalValues, lines, extra.lang ?? 'fa');
    const updated = (await db
      .updateTable(entity.table)
      .set({
        ...toColumns(entity, finalValues, ctx.dialect),
        [SYSTEM_COLUMN_MAP.version]: version + 1,
        [SYSTEM_COLUMN_MAP.updatedAt]: new Date().toISOString(),
        [SYSTEM_COLUMN_MAP.updatedBy]: user.id,
      })
      .where('id', '=', id)
      .where(SYSTEM_COLUMN_MAP.version, '=', version)
      .returningAll()
      .executeTakeFirst()) as Row | undefined;
    if (!updated) throw conflict();
    invalidateCounts(entity.table);
    const row = toApiRow(entity, updated);
    // new attachment ids refused or tied to the row, dropped ones deleted (rolled back with the write)
    await syncAttachments(trx, entity, user, before, row);
    const linesBefore = entity.children.length ? await readLines(db, entity, id) : {};
    await writeLines(db, ctx.dialect, entity, id, lines, linesBefore);
    const changed = lineChanges(entity, linesBefore, lines);
    await writeAudit(trx, entity, user, id, 'update', diff(entity, before, row), changed);
    return entity.children.length ? { ...row, ...(await readLines(db, entity, id)) } : row;
  });
}

export async function deleteRow(
  ctx: AppContext,
  entity: Entity,
  user: CurrentUser,
  id: number,
  version: number,
  lang: Lang = 'fa',
): Promise<void> {
  await writeTransaction(ctx, async (trx) => {
    const db = trx as unknown as Untyped;
    const stored = await findStored(db, entity, user, id);
    if (!stored) throw notFound();
    const before = toApiRow(entity, stored);
    if (before.version !== version) throw conflict();
    await runHook(trx, entity, 'delete', user, before, null);
    // a row that documents still name stays (references.ts); the entity's own hook refuses first
    await checkNotReferenced(ctx, db, entity, id, lang);
    const result = await db
      .deleteFrom(entity.table)
      .where('id', '=', id)
      .where(SYSTEM_COLUMN_MAP.version, '=', version)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) !== 1) throw conflict();
    invalidateCounts(entity.table);
    await syncAttachments(trx, entity, user, before, null);
    const linesBefore = entity.children.length ? await readLines(db, entity, id) : {};
    await deleteLines(db, entity, id);
    const removed = lineChanges(entity, linesBefore, null);
    await writeAudit(trx, entity, user, id, 'delete', diff(entity, before, null), removed);
  });
}
