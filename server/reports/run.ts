/**
 * Report/Run: grouped totals over one entity. Identifiers come only from the entity's definition
 * (columnsOf whitelist); the filter and the vendor/customer row scope are the WHERE of GetList
 * (listQuery), so they apply inside the aggregate query. Date group-bys fold days into Jalali months.
 */
import { type RawBuilder, sql } from 'kysely';
import type { Lang } from '../../runtime/shared/definition';
import { fieldText } from '../../runtime/shared/fieldKind';
import type { AppContext, CurrentUser } from '../context';
import type { Entity } from '../definitions/registry';
import type { Untyped } from '../db/untyped';
import { forbidden, unknownEntity } from '../http/errors';
import { t } from '../i18n';
import { columnsOf, type Column } from '../entities/columns';
import { hiddenFieldError, listError } from '../entities/filters';
import { lookupTexts } from '../entities/lookupDisplay';
import { unqueryableFields } from '../entities/readAccess';
import { listQuery } from '../entities/listQuery';
import { entityPeriod, periodField, type SelectedPeriod } from '../entities/period';
import { permissionsByEntity } from '../security/permissions';
import { jalaliMonthKey } from './period';
import type { MeasureOp, ReportRequest, ReportRow } from '../../runtime/shared/reports';

export type { MeasureOp, ReportRequest, ReportRow };

const MAX_GROUPS = 500;

interface Aggregate {
  k: unknown;
  n: unknown;
  s: unknown;
  c: unknown;
}

/** Reads and checks a request body (400 naming the offending member). */
export function readReportRequest(body: Record<string, unknown>, lang: Lang): ReportRequest {
  const fail = (field: string) => listError(lang, field);
  if (typeof body.entity !== 'string') throw fail('entity');
  if (body.groupBy !== undefined && body.groupBy !== null && typeof body.groupBy !== 'string')
    throw fail('groupBy');
  const m = (body.measure ?? { op: 'count' }) as { op?: unknown; field?: unknown };
  // typeof before includes: an object as `op` ({"toString": 1}) is a 400, not a TypeError
  if (typeof m !== 'object' || Array.isArray(m)) throw fail('measure');
  if (typeof m.op !== 'string' || !['count', 'sum', 'avg'].includes(m.op)) throw fail('measure.op');
  if (m.field !== undefined && m.field !== null && typeof m.field !== 'string') throw fail('measure.field');
  return {
    entity: body.entity,
    groupBy: typeof body.groupBy === 'string' && body.groupBy !== '' ? body.groupBy : undefined,
    measure: { op: m.op as MeasureOp, field: typeof m.field === 'string' ? m.field : undefined },
    filterModel: body.filterModel,
  };
}

/** The entity of a report if the user may view it (404 unknown, 403 without view). */
export async function reportEntity(ctx: AppContext, user: CurrentUser, key: string): Promise<Entity> {
  const entity = ctx.registry.byEntityKey(key);
  if (!entity) throw unknownEntity();
  const perms = (await permissionsByEntity(ctx, user)).get(key);
  if (!perms?.view) throw forbidden();
  return entity;
}

function measured(
  req: ReportRequest,
  columns: Map<string, Column>,
  hidden: ReadonlySet<string>,
  lang: Lang,
): Column | null {
  if (req.measure.op === 'count') return null;
  if (req.measure.field && hidden.has(req.measure.field)) throw hiddenFieldError(lang, req.measure.field);
  const col = req.measure.field ? columns.get(req.measure.field) : undefined;
  if (!col || col.kind !== 'number') throw listError(lang, 'measure.field');
  return col;
}

function value(op: MeasureOp, a: { n: number; s: number; c: number }): number {
  if (op === 'count') return a.n;
  if (op === 'sum') return a.s;
  return a.c ? Math.round((a.s / a.c) * 100) / 100 : 0;
}

/**
 * A report follows the fiscal period of the call (the `selectedYear` header's id, or the period
 * itself) as GetList does: its date range defaults to that period. A filter of its own on the
 * entity's period date field is an explicit range and replaces the period.
 */
export async function runReport(
  ctx: AppContext,
  user: CurrentUser,
  req: ReportRequest,
  lang: Lang,
  selectedYear: number | SelectedPeriod | null = null,
): Promise<ReportRow[]> {
  const entity = await reportEntity(ctx, user, req.entity);
  // fields hidden from the user's role can be neither grouped, measured nor filtered on (400 naming
  // the field; the filter: listQuery)
  const hidden = await unqueryableFields(ctx, entity, user);
  const columns = columnsOf(entity);
  if (req.groupBy !== undefined && hidden.has(req.groupBy)) throw hiddenFieldError(lang, req.groupBy);
  const group = req.groupBy === undefined ? null : columns.get(req.groupBy);
  if (group === undefined) throw listError(lang, 'groupBy');
  const measure = measured(req, columns, hidden, lang);
  // the header is checked even when a range of the report's own replaces the period (400 when unknown)
  const period = await entityPeriod(ctx, entity, selectedYear, lang);
  const q = await listQuery(
    ctx,
    entity,
    user,
    { filterModel: req.filterModel as Record<string, unknown> | undefined, sortModel: [] },
    lang,
    ownRange(entity, req) ? null : period,
  );
  const ref = measure ? sql.ref(measure.column) : null;
  // dates group by day here (literal substr arguments: the same text in SELECT and GROUP BY)
  const keyExpr: RawBuilder<unknown> = !group
    ? sql`null`
    : group.kind === 'date'
      ? sql`substr(${sql.ref(group.column)}, 1, 10)`
      : sql`${sql.ref(group.column)}`;
  let select = (ctx.db as unknown as Untyped)
    .selectFrom(entity.table)
    .select([
      keyExpr.as('k'),
      sql`count(*)`.as('n'),
      (ref ? sql`sum(${ref})` : sql`0`).as('s'),
      (ref ? sql`count(${ref})` : sql`0`).as('c'),
    ])
    .where(q.where);
  if (group) select = select.groupBy(keyExpr).limit(group.kind === 'date' ? 20000 : MAX_GROUPS);
  const raw = (await select.execute()) as Aggregate[];
  const sums = new Map<string, { key: ReportRow['key']; n: number; s: number; c: number }>();
  for (const r of raw) {
    let key: ReportRow['key'] = r.k === null || r.k === undefined ? null : (r.k as string | number);
    if (group?.kind === 'date' && typeof key === 'string') key = jalaliMonthKey(key);
    else if (group?.kind === 'boolean' && key !== null)
      key = (key as unknown) === true || key === 1 || key === '1';
    else if (group?.kind === 'number' && key !== null) key = Number(key);
    const id = JSON.stringify(key);
    const acc = sums.get(id) ?? { key, n: 0, s: 0, c: 0 };
    acc.n += Number(r.n ?? 0);
    acc.s += Number(r.s ?? 0);
    acc.c += Number(r.c ?? 0);
    sums.set(id, acc);
  }
  const labels = await groupLabels(
    ctx,
    user,
    entity,
    req.groupBy,
    group,
    [...sums.values()].map((a) => a.key),
    lang,
  );
  const rows = [...sums.values()].map((a) => ({
    key: a.key,
    label: labels.get(JSON.stringify(a.key)) ?? String(a.key ?? ''),
    value: value(req.measure.op, a),
  }));
  if (group?.kind === 'date') rows.sort((a, b) => String(a.key ?? '').localeCompare(String(b.key ?? '')));
  else rows.sort((a, b) => b.value - a.value);
  return rows;
}

/** True when the report filters the entity's period date field itself (its own date range). */
function ownRange(entity: Entity, req: ReportRequest): boolean {
  const field = periodField(entity);
  const model = req.filterModel;
  return field !== null && typeof model === 'object' && model !== null && Object.hasOwn(model, field);
}

/** Display texts of group keys: enum labels, lookup display fields, Jalali month names, yes/no. */
async function groupLabels(
  ctx: AppContext,
  user: CurrentUser,
  entity: Entity,
  field: string | undefined,
  group: Column | null,
  keys: ReportRow['key'][],
  lang: Lang,
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const set = (k: ReportRow['key'], text: string) => out.set(JSON.stringify(k), text);
  const meta = field ? entity.def.fields[field] : undefined;
  for (const k of keys) {
    if (k === null) set(k, group ? t(lang, 'report.empty') : t(lang, 'report.total'));
    else if (group?.kind === 'date') {
      const [y, m] = String(k).split('-');
      set(k, `${t(lang, `report.months.m${Number(m)}`)} ${y}`);
    }
    // every other key reads as the grid shows the field (its kind's display; the browser puts the
    // digits of the language in, charts/format.ts rowLabel); a lookup's id is replaced below
    else if (field && !meta?.lookup) set(k, fieldText(entity.def, field, k, lang, { digits: 'western' }));
  }
  if (!meta?.lookup) return out;
  // the looked-up entity's permissions, field hiding and row scope apply (lookupDisplay.ts)
  const ids = keys.filter((k): k is number => typeof k === 'number');
  const texts = await lookupTexts(ctx, user, meta.lookup, ids);
  for (const [id, text] of texts) set(id, text);
  return out;
}
