/**
 * `entity.rows`: the rows of the report's own entity as its grid would list them to the caller
 * (GetList: row scope, read conditions, hidden fields, lookup texts), for lists such as the due
 * cheques or the open invoices. Options:
 * - `fields`: the entity's fields answered (a lookup answers its display text, and its id as
 *   `{field}Id`; an enum its label; the row's `id` always);
 * - `filterModel`: fixed filters (GetList's filter models), e.g. final documents only;
 * - `sort`: GetList's sortModel (default the entity's default sort);
 * - `limit`: at most this many rows (default 2000, at most 10000), with `truncated`.
 * A parameter whose name is a field of the entity filters that field: a `dateRange` to its days,
 * a `date` up to that day, an `enum` to its value (the value `all` filters nothing), a `lookup`
 * to that row, a `boolean` to it. Parameters read their field (a field hidden from the caller is
 * refused, access.ts).
 */
import { localText } from '../../runtime/shared/definition';
import type { ReportParam } from '../../runtime/shared/reportDefinition';
import { listRows } from '../entities/repository';
import type { Row } from '../entities/rows';
import type { ReportSource, SourceCall, SourceRow } from './source';

const DEFAULT_LIMIT = 2000;
const MAX_LIMIT = 10_000;
const PAGE = 1000;
const KNOWN = ['fields', 'filterModel', 'sort', 'limit'];

function fieldsOf(options: Record<string, unknown>): string[] {
  return Array.isArray(options.fields)
    ? options.fields.filter((f): f is string => typeof f === 'string')
    : [];
}

/** The filter a parameter's value puts on its field, or null (no filter). */
function paramFilter(p: ReportParam, value: unknown): Record<string, unknown> | null {
  if (value === null || value === undefined) return null;
  switch (p.kind) {
    case 'dateRange': {
      const r = value as { from: string; to: string };
      return { filterType: 'date', type: 'inRange', dateFrom: r.from, dateTo: r.to };
    }
    case 'date':
      return { filterType: 'date', type: 'inRange', dateFrom: '0001-01-01', dateTo: String(value) };
    case 'enum':
      return value === 'all' ? null : { filterType: 'text', type: 'equals', filter: String(value) };
    case 'lookup':
      return { filterType: 'number', type: 'equals', filter: Number(value) };
    case 'boolean':
      return { filterType: 'boolean', type: 'equals', filter: value === true };
  }
}

function answer(call: SourceCall, row: Row, fields: readonly string[]): SourceRow {
  const def = call.entity.def;
  const out: SourceRow = { id: Number(row.id) };
  for (const f of fields) {
    const meta = def.fields[f];
    const v = row[f];
    if (meta?.lookup) {
      out[`${f}Id`] = typeof v === 'number' ? v : null;
      const shown = row[`${f}__display`];
      out[f] = shown === undefined || shown === null ? (v === undefined ? null : String(v)) : String(shown);
    } else if (meta?.enumLabels && typeof v === 'string')
      out[f] = localText(meta.enumLabels[v], call.lang) || v;
    else out[f] = v === undefined ? null : (v as SourceRow[string]);
  }
  return out;
}

async function run(call: SourceCall) {
  const options = call.def.options ?? {};
  const fields = fieldsOf(options);
  const props = call.entity.def.schema.properties;
  const filterModel: Record<string, unknown> = {
    ...((options.filterModel as Record<string, unknown>) ?? {}),
  };
  for (const p of call.def.params) {
    if (!Object.hasOwn(props, p.name)) continue;
    const filter = paramFilter(p, call.params[p.name]);
    if (filter) filterModel[p.name] = filter;
  }
  const n = Number(options.limit ?? DEFAULT_LIMIT);
  const limit = Number.isInteger(n) && n > 0 ? Math.min(n, MAX_LIMIT) : DEFAULT_LIMIT;
  const sortModel = Array.isArray(options.sort) ? options.sort : [];
  const rows: SourceRow[] = [];
  let truncated = false;
  for (let start = 0; ; start += PAGE) {
    const end = Math.min(start + PAGE, limit + 1);
    const page = await listRows(
      call.ctx,
      call.entity,
      call.user,
      { startRow: start, endRow: end, filterModel, sortModel },
      call.lang,
    );
    for (const r of page.rows) rows.push(answer(call, r as Row, fields));
    if (rows.length > limit) {
      rows.length = limit;
      truncated = true;
      break;
    }
    if (page.rows.length < end - start) break;
  }
  return { rows, ...(truncated ? { truncated } : {}) };
}

export const entityRows: ReportSource = {
  name: 'entity.rows',
  params: {},
  fields: (options) => ['id', ...fieldsOf(options).flatMap((f) => [f, `${f}Id`])],
  optionProblems(options) {
    const out = Object.keys(options)
      .filter((k) => !KNOWN.includes(k))
      .map((k) => `/options/${k}: unknown option`);
    if (
      !Array.isArray(options.fields) ||
      options.fields.length === 0 ||
      !options.fields.every((f) => typeof f === 'string')
    )
      out.push('/options/fields: a list of the entity fields answered');
    if (
      options.filterModel !== undefined &&
      (typeof options.filterModel !== 'object' || options.filterModel === null)
    )
      out.push('/options/filterModel: a filter model');
    if (options.sort !== undefined && !Array.isArray(options.sort)) out.push('/options/sort: a sort model');
    return out;
  },
  reads: (name) => (name.endsWith('Id') ? [name, name.slice(0, -2)] : [name]),
  run,
};
