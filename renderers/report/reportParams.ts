/**
 * A report's parameters on the client (runtime/shared/reportDefinition.ts): their defaults (a date
 * range's "period" is the fiscal period the user selected in the shell), whether each is filled,
 * what a run sends, and their place in the URL's query so that reload, back and forward keep the
 * report. One query key per parameter, by its name: a date range as the ISO interval
 * `from/to`, a date as ISO, an enum by its value, a lookup by the row's id, a boolean as
 * `true`/`false`. Keys the definition does not declare are ignored.
 */
import { isValidIsoDate, jalaliMonthLength, jalaliToIso, jalaliYear } from '../../runtime/shared/jalali';
import type { DateRange, ReportParam } from '../../runtime/shared/reportDefinition';

/** The values being edited, by parameter name (a date range as `{ from?, to? }`, possibly half-typed). */
export type ParamValues = Record<string, unknown>;

/** The fiscal period a "period" default stands for (ISO days); null or half known: no default. */
export interface PeriodRange {
  from?: string;
  to?: string;
}

export type ParamState = 'empty' | 'valid' | 'invalid';

const isIso = (v: unknown): v is string => typeof v === 'string' && isValidIsoDate(v);
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A positive integer id (a lookup's value), from a number or its digits. */
function rowId(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

function enumValue(param: ReportParam, v: unknown): string | undefined {
  if (typeof v !== 'string' && typeof v !== 'number') return undefined;
  const s = String(v);
  if (s === '') return undefined;
  return !param.options || param.options.some((o) => o.value === s) ? s : undefined;
}

/**
 * The Jalali year of `today` (1 Farvardin to the last day of Esfand) as ISO dates: the period of a
 * user who has none selected (one who reads no fiscal periods, such as a storekeeper).
 */
export function yearOf(today: string): { from: string; to: string } | undefined {
  const jy = jalaliYear(today);
  if (jy === null) return undefined;
  const from = jalaliToIso(`${jy}/01/01`);
  const to = jalaliToIso(`${jy}/12/${jalaliMonthLength(jy, 12)}`);
  return from && to ? { from, to } : undefined;
}

/** The default of one parameter, as the editor holds it (undefined: none). */
export function paramDefault(param: ReportParam, period: PeriodRange | null, today: string): unknown {
  const d = param.default;
  switch (param.kind) {
    case 'dateRange':
      if (d === 'period')
        return period?.from && period.to ? { from: period.from, to: period.to } : yearOf(today);
      if (d === 'today') return { from: today, to: today };
      return isObject(d) && isIso(d.from) && isIso(d.to) ? { from: d.from, to: d.to } : undefined;
    case 'date':
      if (d === 'period') return period?.to ?? today;
      if (d === 'today') return today;
      return isIso(d) ? d : undefined;
    case 'enum':
      return enumValue(param, d);
    case 'lookup':
      return rowId(d);
    case 'boolean':
      return typeof d === 'boolean' ? d : false;
  }
}

export function defaultValues(params: readonly ReportParam[], period: PeriodRange | null, today: string) {
  const out: ParamValues = {};
  for (const p of params) {
    const v = paramDefault(p, period, today);
    if (v !== undefined) out[p.name] = v;
  }
  return out;
}

/** Empty (nothing given), valid (sent as is) or invalid (a half-typed or impossible date). */
export function paramState(param: ReportParam, value: unknown): ParamState {
  if (value === undefined || value === null || value === '') return 'empty';
  switch (param.kind) {
    case 'dateRange': {
      if (!isObject(value)) return 'invalid';
      const { from, to } = value;
      if ((from === undefined || from === '') && (to === undefined || to === '')) return 'empty';
      return isIso(from) && isIso(to) ? 'valid' : 'invalid';
    }
    case 'date':
      return isIso(value) ? 'valid' : 'invalid';
    case 'enum':
      return enumValue(param, value) !== undefined ? 'valid' : 'invalid';
    case 'lookup':
      return rowId(value) !== undefined ? 'valid' : 'invalid';
    case 'boolean':
      return typeof value === 'boolean' ? 'valid' : 'invalid';
  }
}

/** Parameters that stop a run: required and empty, or invalid. */
export function paramProblems(params: readonly ReportParam[], values: ParamValues) {
  const out: { param: ReportParam; problem: 'required' | 'invalid' }[] = [];
  for (const p of params) {
    const state = paramState(p, values[p.name]);
    if (state === 'invalid') out.push({ param: p, problem: 'invalid' });
    else if (state === 'empty' && p.required) out.push({ param: p, problem: 'required' });
  }
  return out;
}

/** The `params` of a run: the valid values only, a date range as `{ from, to }`. */
export function runParams(params: readonly ReportParam[], values: ParamValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of params) {
    const v = values[p.name];
    if (paramState(p, v) !== 'valid') continue;
    if (p.kind === 'dateRange') {
      const r = v as DateRange;
      out[p.name] = { from: r.from, to: r.to } satisfies DateRange;
    } else if (p.kind === 'lookup') out[p.name] = rowId(v);
    else out[p.name] = v;
  }
  return out;
}

/** A value as its query text (any value: a drill-down writes the target's parameters this way). */
export function queryText(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (isObject(value)) {
    const from = isIso(value.from) ? value.from : '';
    const to = isIso(value.to) ? value.to : '';
    return from || to ? `${from}/${to}` : undefined;
  }
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  return typeof value === 'string' ? value : undefined;
}

/**
 * A query string (no `?`) of `entries`, in their order; `/` is left as it is (allowed in a
 * query), so a date range reads `period=2025-03-21/2026-03-20`.
 */
export function buildQuery(entries: Iterable<[string, unknown]>): string {
  const parts: string[] = [];
  for (const [key, value] of entries) {
    const text = queryText(value);
    if (text === undefined) continue;
    const enc = (s: string) => encodeURIComponent(s).replace(/%2F/gi, '/');
    parts.push(`${enc(key)}=${enc(text)}`);
  }
  return parts.join('&');
}

/** The query of the values to run, in the definition's order. */
export function toQuery(params: readonly ReportParam[], values: ParamValues): string {
  const run = runParams(params, values);
  return buildQuery(params.map((p) => [p.name, run[p.name]] as [string, unknown]));
}

/** One parameter's value read from its query text; undefined when absent or not a value of its kind. */
export function fromQueryText(param: ReportParam, text: string): unknown {
  switch (param.kind) {
    case 'dateRange': {
      const slash = text.indexOf('/');
      if (slash < 0) return undefined;
      const from = text.slice(0, slash);
      const to = text.slice(slash + 1);
      return isIso(from) && isIso(to) ? { from, to } : undefined;
    }
    case 'date':
      return isIso(text) ? text : undefined;
    case 'enum':
      return enumValue(param, text);
    case 'lookup':
      return rowId(text);
    case 'boolean':
      return text === 'true' || text === '1' ? true : text === 'false' || text === '0' ? false : undefined;
  }
}

/** The values a query gives, over `base` (the defaults): a parameter absent from the query keeps its default. */
export function fromQuery(params: readonly ReportParam[], query: string, base: ParamValues): ParamValues {
  const search = new URLSearchParams(query);
  const out: ParamValues = { ...base };
  for (const p of params) {
    const text = search.get(p.name);
    if (text === null) continue;
    const v = fromQueryText(p, text);
    if (v !== undefined) out[p.name] = v;
  }
  return out;
}
