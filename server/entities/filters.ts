/**
 * AG Grid filter model to SQL conditions. Column names come from the definition (whitelist);
 * every value is a bound parameter. A malformed model throws HttpError 400 naming the field.
 */
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Lang } from '../../runtime/shared/definition';
import { HttpError } from '../http/errors';
import { fieldMessage } from '../i18n';
import type { Column } from './columns';

type Cond = RawBuilder<SqlBool>;
type Model = Record<string, unknown>;

export function listError(lang: Lang, field: string): HttpError {
  return new HttpError(400, 'BadRequest', [fieldMessage(lang, field, 'errors.BadRequest')]);
}

/** 400 naming a field hidden from the caller's role that a filter, sort or grouping named. */
export function hiddenFieldError(lang: Lang, field: string): HttpError {
  return new HttpError(400, 'BadRequest', [fieldMessage(lang, field, 'errors.FieldHidden')]);
}

/**
 * A model member that must be a string from `allowed` (or absent: `fallback`). Typeof first, so an
 * object sent as `type` ({"toString": 1}) is a 400, never a TypeError from String().
 */
function choice(v: unknown, fallback: string, allowed: readonly string[], fail: () => HttpError): string {
  if (v === undefined || v === null) return fallback;
  if (typeof v !== 'string' || !allowed.includes(v)) throw fail();
  return v;
}

const TEXT_OPS = [
  'equals',
  'notEqual',
  'contains',
  'notContains',
  'startsWith',
  'endsWith',
  'blank',
  'notBlank',
];
const NUMBER_OPS = [
  'equals',
  'notEqual',
  'lessThan',
  'lessThanOrEqual',
  'greaterThan',
  'greaterThanOrEqual',
  'inRange',
  'blank',
  'notBlank',
];
const BOOLEAN_OPS = ['equals', 'true', 'false', 'blank', 'notBlank'];
const DATE_OPS = ['equals', 'notEqual', 'lessThan', 'greaterThan', 'inRange', 'blank', 'notBlank'];

const likeEscape = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function textCond(col: Column, m: Model, fail: () => HttpError): Cond {
  const ref = sql.ref(col.column);
  const type = choice(m.type, 'contains', TEXT_OPS, fail);
  if (type === 'blank') return sql<SqlBool>`(${ref} is null or ${ref} = '')`;
  if (type === 'notBlank') return sql<SqlBool>`(${ref} is not null and ${ref} <> '')`;
  const raw = m.filter;
  if (typeof raw !== 'string' && typeof raw !== 'number') throw fail();
  const v = String(raw).toLowerCase();
  const lower = sql`lower(${ref})`;
  switch (type) {
    case 'equals':
      // a value without letter case (Persian text, digits) equals lower(x) only when it equals x:
      // compared as is, the (field, id) index finds the rows, already in id order
      return v === v.toUpperCase() ? sql<SqlBool>`${ref} = ${v}` : sql<SqlBool>`${lower} = ${v}`;
    case 'notEqual':
      return sql<SqlBool>`(${ref} is null or ${lower} <> ${v})`;
    case 'contains':
      return sql<SqlBool>`${lower} like ${`%${likeEscape(v)}%`} escape '\\'`;
    case 'notContains':
      return sql<SqlBool>`(${ref} is null or ${lower} not like ${`%${likeEscape(v)}%`} escape '\\')`;
    case 'startsWith':
      return sql<SqlBool>`${lower} like ${`${likeEscape(v)}%`} escape '\\'`;
    default:
      return sql<SqlBool>`${lower} like ${`%${likeEscape(v)}`} escape '\\'`;
  }
}

/**
 * A filter value of a number column. Integer columns take integers within what the column stores
 * (`id` is 32-bit on PostgreSQL, integer fields 64-bit: bounded by 2^53 to stay exact), so a
 * fractional id or 2^31 is a 400 here and never a database error.
 */
function num(v: unknown, col: Column, fail: () => HttpError): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  if (!Number.isFinite(n)) throw fail();
  if (col.max !== undefined && (!Number.isInteger(n) || Math.abs(n) > col.max)) throw fail();
  return n;
}

function numberCond(col: Column, m: Model, fail: () => HttpError): Cond {
  const ref = sql.ref(col.column);
  const type = choice(m.type, 'equals', NUMBER_OPS, fail);
  if (type === 'blank') return sql<SqlBool>`${ref} is null`;
  if (type === 'notBlank') return sql<SqlBool>`${ref} is not null`;
  const v = num(m.filter, col, fail);
  switch (type) {
    case 'equals':
      return sql<SqlBool>`${ref} = ${v}`;
    case 'notEqual':
      return sql<SqlBool>`(${ref} is null or ${ref} <> ${v})`;
    case 'lessThan':
      return sql<SqlBool>`${ref} < ${v}`;
    case 'lessThanOrEqual':
      return sql<SqlBool>`${ref} <= ${v}`;
    case 'greaterThan':
      return sql<SqlBool>`${ref} > ${v}`;
    case 'greaterThanOrEqual':
      return sql<SqlBool>`${ref} >= ${v}`;
    default:
      return sql<SqlBool>`(${ref} >= ${v} and ${ref} <= ${num(m.filterTo, col, fail)})`;
  }
}

function day(v: unknown, fail: () => HttpError): string {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/.test(v)) throw fail();
  return v.slice(0, 10);
}

function dateCond(col: Column, m: Model, fail: () => HttpError): Cond {
  const ref = sql.ref(col.column);
  // date-time columns (createdAt…) compare on their day, as AG Grid's date filter does
  const d = sql`substr(${ref}, 1, 10)`;
  const type = choice(m.type, 'equals', DATE_OPS, fail);
  if (type === 'blank') return sql<SqlBool>`${ref} is null`;
  if (type === 'notBlank') return sql<SqlBool>`${ref} is not null`;
  const from = day(m.dateFrom, fail);
  switch (type) {
    case 'equals':
      return sql<SqlBool>`${d} = ${from}`;
    case 'notEqual':
      return sql<SqlBool>`(${ref} is null or ${d} <> ${from})`;
    case 'lessThan':
      return sql<SqlBool>`${d} < ${from}`;
    case 'greaterThan':
      return sql<SqlBool>`${d} > ${from}`;
    default:
      return sql<SqlBool>`(${d} >= ${from} and ${d} <= ${day(m.dateTo, fail)})`;
  }
}

function bool(v: unknown, fail: () => HttpError): boolean {
  if (v === true || v === 'true') return true;
  if (v === false || v === 'false') return false;
  throw fail();
}

function booleanCond(col: Column, m: Model, fail: () => HttpError, sqlite: boolean): Cond {
  const ref = sql.ref(col.column);
  const lit = (b: boolean) => (sqlite ? (b ? 1 : 0) : b);
  if (m.filterType === 'set') {
    if (!Array.isArray(m.values)) throw fail();
    const values = m.values.map((v) => bool(v, fail));
    if (values.length === 0) return sql<SqlBool>`1 = 0`;
    const parts = values.map((b) => sql<SqlBool>`${ref} = ${lit(b)}`);
    return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
  }
  const type = choice(m.type, 'equals', BOOLEAN_OPS, fail);
  if (type === 'blank') return sql<SqlBool>`${ref} is null`;
  if (type === 'notBlank') return sql<SqlBool>`${ref} is not null`;
  if (type === 'true' || type === 'false') return sql<SqlBool>`${ref} = ${lit(type === 'true')}`;
  return sql<SqlBool>`${ref} = ${lit(bool(m.filter, fail))}`;
}

/**
 * A multi-select's choice filter: rows whose stored list ("a,b") holds one of the chosen options,
 * matched as whole elements (`,a,` within `,a,b,`), never as a part of another option.
 */
function anyOfCond(col: Column, m: Model, fail: () => HttpError): Cond {
  const ref = sql.ref(col.column);
  if (!Array.isArray(m.values) || m.values.length > 100) throw fail();
  const options = col.options ?? [];
  const values = m.values.map((v) => {
    if (typeof v !== 'string' || !options.includes(v)) throw fail();
    return v;
  });
  if (values.length === 0) return sql<SqlBool>`1 = 0`;
  const list = sql`(',' || ${ref} || ',')`;
  const parts = values.map((v) => sql<SqlBool>`${list} like ${`%,${likeEscape(v)},%`} escape '\\'`);
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

type Build = (col: Column, m: Model, fail: () => HttpError, sqlite: boolean) => Cond;

/** Per filter SQL family: the filter types (AG Grid `filterType`) it takes and its conditions. */
const FAMILIES: Record<Column['filter'], { types: string[]; build: Build }> = {
  text: { types: ['text'], build: textCond },
  // enum choice filters send numeric enums as text equals; they are compared as numbers
  number: { types: ['number', 'text'], build: numberCond },
  date: { types: ['date'], build: dateCond },
  boolean: { types: ['boolean', 'set'], build: booleanCond },
  anyOf: { types: ['set'], build: anyOfCond },
  none: {
    types: [],
    build: (_col, _m, fail) => {
      throw fail();
    },
  },
};

function condition(col: Column, m: unknown, fail: () => HttpError, sqlite: boolean, depth = 0): Cond {
  if (typeof m !== 'object' || m === null || Array.isArray(m)) throw fail();
  const model = m as Model;
  if (Array.isArray(model.conditions)) {
    if (depth > 0 || model.conditions.length === 0 || model.conditions.length > 10) throw fail();
    const op =
      model.operator === 'OR'
        ? sql` or `
        : model.operator === 'AND' || model.operator === undefined
          ? sql` and `
          : null;
    if (!op) throw fail();
    const parts = model.conditions.map((c: unknown) => condition(col, c, fail, sqlite, depth + 1));
    return sql<SqlBool>`(${sql.join(parts, op)})`;
  }
  const family = FAMILIES[col.filter];
  choice(model.filterType, family.types[0] ?? '', family.types, fail);
  return family.build(col, model, fail, sqlite);
}

/**
 * The conditions of a filter model. A column in `hidden` (hidden from the caller's role) is refused
 * with a 400 naming it: a filter on it would find its values by bisection.
 */
export function filterConditions(
  filterModel: unknown,
  columns: Map<string, Column>,
  hidden: ReadonlySet<string>,
  lang: Lang,
  sqlite: boolean,
): Cond[] {
  if (filterModel === undefined || filterModel === null) return [];
  if (typeof filterModel !== 'object' || Array.isArray(filterModel)) throw listError(lang, 'filterModel');
  const out: Cond[] = [];
  for (const [colId, model] of Object.entries(filterModel as Model)) {
    if (hidden.has(colId)) throw hiddenFieldError(lang, colId);
    const col = columns.get(colId);
    const fail = () => listError(lang, colId);
    if (!col) throw fail();
    out.push(condition(col, model, fail, sqlite));
  }
  return out;
}
