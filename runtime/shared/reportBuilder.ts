/**
 * The analyst's report (report builder, docs/api.md "Report builder"): several dimensions and
 * several measures over one entity and its document lines, with the grid's filter model, a sort
 * and a limit. Shared by the server (server/reports/builder*.ts, which resolves the names against
 * the entity's definition and the caller's rights) and the builder screen (renderers/reportBuilder).
 *
 * A field is named as the API names it: `total` for the document's own field, `lines.amount` for a
 * field of its child `lines` (the same `{child}.{field}` form field permissions use).
 */

export type DateBucket = 'day' | 'month' | 'quarter' | 'year';
export const DATE_BUCKETS: readonly DateBucket[] = ['day', 'month', 'quarter', 'year'];

export type BuilderOp = 'count' | 'sum' | 'avg' | 'min' | 'max';
export const BUILDER_OPS: readonly BuilderOp[] = ['count', 'sum', 'avg', 'min', 'max'];

export interface BuilderDimension {
  /** `field` or `child.field`. A lookup groups by the looked-up row, labelled by its display text. */
  field: string;
  /** Date fields only: days folded into Jalali months (default), quarters, years, or kept as days. */
  bucket?: DateBucket;
}

export interface BuilderMeasure {
  op: BuilderOp;
  /** Absent for `count`: documents counted (lines when the report has a line dimension). */
  field?: string;
}

export interface BuilderSort {
  /** Index into the answer's columns: dimensions first, then measures. */
  column: number;
  dir: 'asc' | 'desc';
}

export interface BuilderSpec {
  /** Entity key "module.name". */
  entity: string;
  dimensions: BuilderDimension[];
  measures: BuilderMeasure[];
  /** AG Grid filter model, as GetList takes it (document fields and `child.field`). */
  filterModel?: Record<string, unknown>;
  sort?: BuilderSort;
  /** At most this many groups (default and ceiling: BUILDER_MAX_ROWS). */
  limit?: number;
}

export type BuilderKey = string | number | boolean | null;
/** A figure: a number while exact, else its decimal string (money past 2^53 stays exact). */
export type BuilderValue = number | string | null;

export interface BuilderColumn {
  /** The dimension's or measure's field, or `count`. */
  field: string;
  label: string;
  role: 'dimension' | 'measure';
  /** Measures: money sums stay integers; counts are numbers. */
  format?: 'number' | 'money';
  bucket?: DateBucket;
}

export interface BuilderRow {
  keys: BuilderKey[];
  labels: string[];
  values: BuilderValue[];
}

export interface BuilderAnswer {
  columns: BuilderColumn[];
  rows: BuilderRow[];
  /** More groups matched than the limit allowed. */
  truncated: boolean;
}

export const BUILDER_MAX_DIMENSIONS = 4;
export const BUILDER_MAX_MEASURES = 6;
export const BUILDER_MAX_ROWS = 2000;

const NAME = /^[a-z][A-Za-z0-9]{0,62}$/;
const FIELD = /^[a-z][A-Za-z0-9]{0,62}(\.[a-z][A-Za-z0-9]{0,62})?$/;
const ENTITY = /^[A-Za-z][A-Za-z0-9]{0,62}\.[a-z][A-Za-z0-9]{0,62}$/;

/** A field name's parts: `{ child: 'lines', name: 'amount' }` or `{ child: null, name: 'total' }`. */
export function splitField(field: string): { child: string | null; name: string } {
  const dot = field.indexOf('.');
  return dot < 0 ? { child: null, name: field } : { child: field.slice(0, dot), name: field.slice(dot + 1) };
}

export type SpecCheck = { spec: BuilderSpec; problem?: undefined } | { spec?: undefined; problem: string };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The shape of a report declaration, before its names are resolved against an entity: a problem
 * is the path of the first offending member (`dimensions[1].bucket`). Field names must look like
 * names (no quotes, spaces or SQL): the server then looks each one up in the entity's definition.
 */
export function checkBuilderSpec(body: unknown): SpecCheck {
  if (!isObject(body)) return { problem: 'spec' };
  if (typeof body.entity !== 'string' || !ENTITY.test(body.entity)) return { problem: 'entity' };
  const dims = body.dimensions ?? [];
  if (!Array.isArray(dims) || dims.length > BUILDER_MAX_DIMENSIONS) return { problem: 'dimensions' };
  const dimensions: BuilderDimension[] = [];
  for (const [i, d] of dims.entries()) {
    if (!isObject(d) || typeof d.field !== 'string' || !FIELD.test(d.field))
      return { problem: `dimensions[${i}].field` };
    if (
      d.bucket !== undefined &&
      (typeof d.bucket !== 'string' || !DATE_BUCKETS.includes(d.bucket as DateBucket))
    )
      return { problem: `dimensions[${i}].bucket` };
    dimensions.push(
      d.bucket === undefined ? { field: d.field } : { field: d.field, bucket: d.bucket as DateBucket },
    );
  }
  const meas = body.measures ?? [{ op: 'count' }];
  if (!Array.isArray(meas) || meas.length === 0 || meas.length > BUILDER_MAX_MEASURES)
    return { problem: 'measures' };
  const measures: BuilderMeasure[] = [];
  for (const [i, m] of meas.entries()) {
    if (!isObject(m) || typeof m.op !== 'string' || !BUILDER_OPS.includes(m.op as BuilderOp))
      return { problem: `measures[${i}].op` };
    const op = m.op as BuilderOp;
    if (m.field === undefined || m.field === null || m.field === '') {
      if (op !== 'count') return { problem: `measures[${i}].field` };
      measures.push({ op });
      continue;
    }
    if (typeof m.field !== 'string' || !FIELD.test(m.field)) return { problem: `measures[${i}].field` };
    measures.push({ op, field: m.field });
  }
  const spec: BuilderSpec = { entity: body.entity, dimensions, measures };
  if (body.filterModel !== undefined && body.filterModel !== null) {
    if (!isObject(body.filterModel)) return { problem: 'filterModel' };
    spec.filterModel = body.filterModel;
  }
  if (body.sort !== undefined && body.sort !== null) {
    const s = body.sort;
    const columns = dimensions.length + measures.length;
    if (
      !isObject(s) ||
      typeof s.column !== 'number' ||
      !Number.isInteger(s.column) ||
      s.column < 0 ||
      s.column >= columns ||
      (s.dir !== 'asc' && s.dir !== 'desc')
    )
      return { problem: 'sort' };
    spec.sort = { column: s.column, dir: s.dir };
  }
  if (body.limit !== undefined && body.limit !== null) {
    const l = body.limit;
    if (typeof l !== 'number' || !Number.isInteger(l) || l < 1 || l > BUILDER_MAX_ROWS)
      return { problem: 'limit' };
    spec.limit = l;
  }
  return { spec };
}

/** A dashboard card's name, a saved report's name: the identifiers of NAME. */
export function isBuilderName(v: unknown): v is string {
  return typeof v === 'string' && NAME.test(v);
}
