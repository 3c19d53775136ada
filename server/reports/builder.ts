/**
 * Report/Build: the analyst's report (runtime/shared/reportBuilder.ts) as one grouped SQL query.
 * - Identifiers come only from the entity's definition (builderFields.ts); every value, bucket
 *   boundary and limit is a bound parameter; GROUP BY and ORDER BY name select positions.
 * - The rows are GetList's: the document table is read through listQuery's WHERE (filter model,
 *   fiscal period, vendor/customer row scope, read conditions and any row rule added there), as a
 *   subquery `h`; a report naming a line field joins that child's lines `l` to it.
 * - At line grain a document's own figures would repeat once per line: a document field may then
 *   only be a dimension or a min/max; `count` without a field counts distinct documents.
 * - Jalali months, quarters and years are bucketed in SQL by a CASE over the buckets' first days
 *   (ISO text compares in date order on both databases), read after one min/max query.
 */
import { type RawBuilder, sql } from 'kysely';
import { fieldText } from '../../runtime/shared/fieldKind';
import type { Lang } from '../../runtime/shared/definition';
import { bucketsBetween } from '../../runtime/shared/jalaliBuckets';
import {
  BUILDER_MAX_ROWS,
  type BuilderAnswer,
  type BuilderColumn,
  type BuilderKey,
  type BuilderMeasure,
  type BuilderRow,
  type BuilderSpec,
  type BuilderValue,
  type DateBucket,
} from '../../runtime/shared/reportBuilder';
import type { AppContext, CurrentUser } from '../context';
import type { ChildEntity, Entity } from '../definitions/registry';
import { listError } from '../entities/filters';
import { lookupTexts } from '../entities/lookupDisplay';
import { listQuery } from '../entities/listQuery';
import { unqueryableFields } from '../entities/readAccess';
import { entityPeriod, periodField, type SelectedPeriod } from '../entities/period';
import { t } from '../i18n';
import { big, money } from '../reportDefs/money';
import { resolveField, type ResolvedField } from './builderFields';
import { reportEntity } from './run';

interface Dim {
  f: ResolvedField;
  bucket: DateBucket | null;
}
interface Meas {
  m: BuilderMeasure;
  f: ResolvedField | null;
}

const ref = (f: ResolvedField) => sql.ref(`${f.child ? 'l' : 'h'}.${f.column}`);
const day = (f: ResolvedField) => sql`substr(${ref(f)}, 1, 10)`;

function resolve(entity: Entity, spec: BuilderSpec, hidden: ReadonlySet<string>, lang: Lang) {
  const dims: Dim[] = spec.dimensions.map((d, i) => {
    const f = resolveField(entity, d.field, hidden, `dimensions[${i}].field`, lang);
    if (d.bucket && f.kind !== 'date') throw listError(lang, `dimensions[${i}].bucket`);
    return { f, bucket: f.kind === 'date' ? (d.bucket ?? 'month') : null };
  });
  const measures: Meas[] = spec.measures.map((m, i) => {
    if (!m.field) return { m, f: null };
    const f = resolveField(entity, m.field, hidden, `measures[${i}].field`, lang);
    if (m.op !== 'count' && f.kind !== 'number') throw listError(lang, `measures[${i}].field`);
    return { m, f };
  });
  // one child at most: two children's lines joined together would multiply each other
  const children = new Set<ChildEntity>();
  for (const x of [...dims.map((d) => d.f), ...measures.map((m) => m.f)]) if (x?.child) children.add(x.child);
  if (children.size > 1) throw listError(lang, 'dimensions');
  const child = [...children][0] ?? null;
  if (child)
    measures.forEach(({ m, f }, i) => {
      if (f && !f.child && m.op !== 'min' && m.op !== 'max') throw listError(lang, `measures[${i}].field`);
    });
  return { dims, measures, child };
}

/** True when the report filters the entity's period date field itself (its own date range). */
function ownRange(entity: Entity, spec: BuilderSpec): boolean {
  const field = periodField(entity);
  return field !== null && spec.filterModel !== undefined && Object.hasOwn(spec.filterModel, field);
}

function measureSql({ m, f }: Meas, child: ChildEntity | null): RawBuilder<unknown> {
  if (!f) return child ? sql`count(distinct h.id)` : sql`count(*)`;
  const r = ref(f);
  if (m.op === 'count') return sql`count(${r})`;
  if (m.op === 'sum' || m.op === 'avg') return sql`sum(${r})`;
  return m.op === 'min' ? sql`min(${r})` : sql`max(${r})`;
}

/** The expression a measure sorts by (no parameters: ORDER BY repeats it). */
function measureOrder(x: Meas, child: ChildEntity | null): RawBuilder<unknown> {
  return x.m.op === 'avg' && x.f ? sql`avg(${ref(x.f)})` : measureSql(x, child);
}

export async function runBuilder(
  ctx: AppContext,
  user: CurrentUser,
  spec: BuilderSpec,
  lang: Lang,
  selectedYear: number | SelectedPeriod | null = null,
): Promise<BuilderAnswer> {
  const entity = await reportEntity(ctx, user, spec.entity);
  const hidden = await unqueryableFields(ctx, entity, user);
  const { dims, measures, child } = resolve(entity, spec, hidden, lang);
  const period = await entityPeriod(ctx, entity, selectedYear, lang);
  const q = await listQuery(
    ctx,
    entity,
    user,
    { filterModel: spec.filterModel, sortModel: [] },
    lang,
    ownRange(entity, spec) ? null : period,
  );
  const docs = sql`(select * from ${sql.table(entity.table)} where ${q.where}) as h`;
  const from = child ? sql`${sql.table(child.table)} as l join ${docs} on l.parent_id = h.id` : docs;

  const keyExprs: RawBuilder<unknown>[] = [];
  for (const d of dims) {
    if (!d.bucket) keyExprs.push(sql`${ref(d.f)}`);
    else if (d.bucket === 'day') keyExprs.push(day(d.f));
    else keyExprs.push(await bucketCase(ctx, from, d.f, d.bucket, lang));
  }
  const selects: RawBuilder<unknown>[] = [
    ...keyExprs.map((e, i) => sql`${e} as ${sql.id(`k${i}`)}`),
    ...measures.map((x, i) => sql`${measureSql(x, child)} as ${sql.id(`m${i}`)}`),
    ...measures.map((x, i) =>
      x.m.op === 'avg' && x.f ? sql`count(${ref(x.f)}) as ${sql.id(`c${i}`)}` : sql`0 as ${sql.id(`c${i}`)}`,
    ),
  ];
  const order: RawBuilder<unknown>[] = [];
  if (spec.sort) {
    const dir = sql.raw(spec.sort.dir === 'desc' ? 'desc' : 'asc');
    const c = spec.sort.column;
    order.push(
      c < dims.length
        ? sql`${sql.raw(String(c + 1))} ${dir}`
        : sql`${measureOrder(measures[c - dims.length]!, child)} ${dir}`,
    );
  }
  dims.forEach((_, i) => order.push(sql.raw(String(i + 1))));
  const limit = Math.min(spec.limit ?? BUILDER_MAX_ROWS, BUILDER_MAX_ROWS);
  const groupBy = dims.length ? sql` group by ${sql.raw(dims.map((_, i) => i + 1).join(', '))}` : sql``;
  const orderBy = order.length ? sql` order by ${sql.join(order)}` : sql``;
  const raw = (
    await sql<
      Record<string, unknown>
    >`select ${sql.join(selects)} from ${from}${groupBy}${orderBy} limit ${limit + 1}`.execute(ctx.db)
  ).rows;
  const truncated = raw.length > limit;
  const rows = raw.slice(0, limit).map((r): BuilderRow => ({
    keys: dims.map((d, i) => keyOf(d, r[`k${i}`])),
    labels: [],
    values: measures.map((x, i) => valueOf(x, r[`m${i}`], r[`c${i}`])),
  }));
  await label(ctx, user, dims, rows, lang);
  return { columns: columns(dims, measures, lang), rows, truncated };
}

/** CASE sending each day to its Jalali bucket's key, over the span of days the rows hold. */
async function bucketCase(
  ctx: AppContext,
  from: RawBuilder<unknown>,
  f: ResolvedField,
  bucket: Exclude<DateBucket, 'day'>,
  lang: Lang,
): Promise<RawBuilder<unknown>> {
  const span = (
    await sql<{
      lo: unknown;
      hi: unknown;
    }>`select min(${day(f)}) as lo, max(${day(f)}) as hi from ${from}`.execute(ctx.db)
  ).rows[0];
  if (!span || typeof span.lo !== 'string' || typeof span.hi !== 'string') return sql`null`;
  const buckets = bucketsBetween(span.lo, span.hi, bucket);
  if (!buckets) throw listError(lang, 'filterModel');
  // no day in the rows reads as a date: nothing to bucket
  if (buckets.length === 0) return sql`null`;
  // the first bucket holds every day before the second one's first day, and so on
  const whens = buckets.slice(1).map((b, i) => sql`when ${day(f)} < ${b.from} then ${buckets[i]!.key}`);
  return sql`case when ${ref(f)} is null then null ${sql.join(whens, sql` `)} else ${buckets.at(-1)!.key} end`;
}

function keyOf(d: Dim, v: unknown): BuilderKey {
  if (v === null || v === undefined) return null;
  if (d.bucket) return String(v);
  if (d.f.kind === 'boolean') return v === true || v === 1 || v === '1' || v === 't';
  if (d.f.kind === 'number') return Number(v);
  return String(v);
}

function valueOf({ m, f }: Meas, v: unknown, count: unknown): BuilderValue {
  if (m.op === 'count' || !f) return Number(v ?? 0);
  if (v === null || v === undefined) return null;
  if (m.op === 'avg') {
    const n = Number(count ?? 0);
    // an average is a measure of its own (a float), rounded to hundredths as Report/Run does
    return n ? Math.round((Number(v) / n) * 100) / 100 : null;
  }
  // integer columns (money) stay exact: their sums are read as decimal text and added as BigInt
  return f.integer ? money(big(v)) : Number(v);
}

function bucketLabel(key: string, bucket: DateBucket, lang: Lang): string {
  if (bucket === 'day' || bucket === 'year') return key;
  const [y, rest = ''] = key.split('-');
  if (bucket === 'quarter') return `${t(lang, 'reportBuilder.quarter')} ${rest.slice(1)} ${y}`;
  return `${t(lang, `report.months.m${Number(rest)}`)} ${y}`;
}

/** Row labels in the request language: enum labels, lookup display texts (as the caller may see them), Jalali buckets. */
async function label(ctx: AppContext, user: CurrentUser, dims: Dim[], rows: BuilderRow[], lang: Lang) {
  for (const [i, d] of dims.entries()) {
    const texts = d.f.lookup
      ? await lookupTexts(
          ctx,
          user,
          d.f.lookup,
          rows.map((r) => r.keys[i]).filter((k): k is number => typeof k === 'number'),
        )
      : null;
    for (const r of rows) {
      const k = r.keys[i] ?? null;
      r.labels[i] =
        k === null
          ? t(lang, 'report.empty')
          : d.bucket
            ? bucketLabel(String(k), d.bucket, lang)
            : texts
              ? (texts.get(k as number) ?? `#${String(k)}`)
              : fieldText(d.f.source, d.f.name, k, lang, { digits: 'western' });
    }
  }
}

function columns(dims: Dim[], measures: Meas[], lang: Lang): BuilderColumn[] {
  return [
    ...dims.map((d): BuilderColumn => ({
      field: d.f.field,
      label: d.f.label,
      role: 'dimension',
      ...(d.bucket ? { bucket: d.bucket } : {}),
    })),
    ...measures.map(({ m, f }): BuilderColumn => ({
      field: f?.field ?? 'count',
      label: f ? `${t(lang, `reportBuilder.ops.${m.op}`)} ${f.label}` : t(lang, 'report.count'),
      role: 'measure',
      format: f?.money && m.op !== 'count' ? 'money' : 'number',
    })),
  ];
}
