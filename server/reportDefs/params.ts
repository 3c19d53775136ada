/**
 * The parameters of a run as the source gets them: each checked against its declaration (400
 * naming the parameter: unknown, malformed, missing when required, a lookup naming no row),
 * defaults filled ("period": the fiscal period of the selectedYear header — else the period
 * holding today, else the Jalali year — its days for a dateRange, its last day for a date;
 * "today"), and the scope parameter of a vendor/customer user forced to its own detail account
 * (another value: 403).
 */
import { localText, type Lang } from '../../runtime/shared/definition';
import { isValidIsoDate, todayIso } from '../../runtime/shared/jalali';
import type { DateRange, ReportDefinition, ReportParam } from '../../runtime/shared/reportDefinition';
import type { AppContext } from '../context';
import type { Untyped } from '../db/untyped';
import { PERIODS_TABLE, selectedPeriod } from '../entities/period';
import { HttpError, forbidden } from '../http/errors';
import { fieldMessage } from '../i18n';
import { periodRange } from '../reports/period';

function paramError(lang: Lang, p: Pick<ReportParam, 'name' | 'label'>, key: string): HttpError {
  return new HttpError(400, 'BadRequest', [
    fieldMessage(lang, p.name, `errors.${key}`, { label: localText(p.label, lang) }),
  ]);
}

/** The days of the call's fiscal period (the header's; else the one holding today; else the Jalali year). */
export async function callPeriod(
  ctx: AppContext,
  selectedYear: number | null,
  lang: Lang,
): Promise<DateRange> {
  const chosen = await selectedPeriod(ctx, selectedYear, lang);
  if (chosen) return { from: chosen.startDate, to: chosen.endDate };
  const today = todayIso();
  const row = (await (ctx.db as unknown as Untyped)
    .selectFrom(PERIODS_TABLE)
    .select(['startDate', 'endDate'])
    .where('startDate', '<=', today)
    .where('endDate', '>=', today)
    .orderBy('startDate', 'desc')
    .executeTakeFirst()
    .catch(() => undefined)) as Record<string, unknown> | undefined;
  const day = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v)).slice(0, 10);
  return row ? { from: day(row.startDate), to: day(row.endDate) } : periodRange('thisYear');
}

/** Each parameter's default as it applies to this call (absent: no default). */
export async function resolveDefaults(
  ctx: AppContext,
  def: ReportDefinition,
  lang: Lang,
  selectedYear: number | null,
): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  let period: DateRange | null = null;
  const thePeriod = async () => (period ??= await callPeriod(ctx, selectedYear, lang));
  for (const p of def.params) {
    const d = p.default;
    if (d === undefined) continue;
    if (d === 'today')
      out[p.name] = p.kind === 'dateRange' ? { from: todayIso(), to: todayIso() } : todayIso();
    else if (d === 'period')
      out[p.name] = p.kind === 'dateRange' ? await thePeriod() : (await thePeriod()).to;
    else out[p.name] = d;
  }
  return out;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (v: unknown): v is string => typeof v === 'string' && ISO_DAY.test(v) && isValidIsoDate(v);

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The value of one parameter checked against its kind (null: malformed). */
function checked(p: ReportParam, v: unknown): unknown {
  switch (p.kind) {
    case 'dateRange': {
      if (!isObject(v) || !isDay(v.from) || !isDay(v.to) || v.from > v.to) return null;
      return { from: v.from, to: v.to };
    }
    case 'date':
      return isDay(v) ? v : null;
    case 'enum': {
      const text = typeof v === 'number' ? String(v) : v;
      return typeof text === 'string' && (p.options ?? []).some((o) => o.value === text) ? text : null;
    }
    case 'lookup': {
      const n = typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : v;
      return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : null;
    }
    case 'boolean':
      return typeof v === 'boolean' ? v : null;
  }
}

/** Whether the lookup's entity has a row with this id (an unknown entity: no). */
async function rowExists(ctx: AppContext, entityKey: string, id: number): Promise<boolean> {
  const entity = ctx.registry.byEntityKey(entityKey);
  if (!entity) return false;
  const row = await (ctx.db as unknown as Untyped)
    .selectFrom(entity.table)
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * `given` checked and completed. `forced`: parameters the caller is held to (a vendor/customer
 * user's detail account): a different value is refused (403), an absent one set.
 */
export async function applyParams(
  ctx: AppContext,
  def: ReportDefinition,
  given: unknown,
  lang: Lang,
  selectedYear: number | null,
  forced: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  if (given === undefined || given === null) given = {};
  if (!isObject(given))
    throw new HttpError(400, 'BadRequest', [fieldMessage(lang, 'params', 'errors.BadRequest')]);
  for (const name of Object.keys(given))
    if (!def.params.some((p) => p.name === name))
      throw new HttpError(400, 'BadRequest', [
        fieldMessage(lang, name, 'errors.ReportParamUnknown', { name }),
      ]);
  // the defaults are worked out when one is used (the period holding today is a query); a
  // selectedYear header is checked either way (400 naming an unknown period)
  let defaults = selectedYear === null ? undefined : await resolveDefaults(ctx, def, lang, selectedYear);
  const out: Record<string, unknown> = {};
  for (const p of def.params) {
    const raw = given[p.name];
    const empty = raw === undefined || raw === null || raw === '';
    if (Object.hasOwn(forced, p.name)) {
      if (!empty && checked(p, raw) !== forced[p.name]) throw forbidden();
      out[p.name] = forced[p.name];
      continue;
    }
    if (empty) {
      if (p.default !== undefined) {
        defaults ??= await resolveDefaults(ctx, def, lang, selectedYear);
        out[p.name] = defaults[p.name];
      } else if (p.required) throw paramError(lang, p, 'ReportParamRequired');
      continue;
    }
    const value = checked(p, raw);
    if (value === null) throw paramError(lang, p, 'ReportParamInvalid');
    if (p.kind === 'lookup' && !(await rowExists(ctx, p.entity ?? '', value as number)))
      throw paramError(lang, p, 'ReportParamInvalid');
    out[p.name] = value;
  }
  return out;
}
