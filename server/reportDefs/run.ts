/**
 * Report/Definition/Get and Run: the definition as the caller may run it, and its rows. The body
 * names the report ("module.name", 404 unknown); access.ts decides who runs it on what; params.ts
 * checks and completes the parameters; the source answers the rows; totals of the columns marked
 * `total` are the source's own (over more than the answered rows) or summed exactly over the
 * plain rows (not opening/section/subtotal/total rows); hidden fields are left out.
 */
import type { Lang } from '../../runtime/shared/definition';
import {
  ROW_KIND_FIELD,
  type ReportColumn,
  type ReportDefinition,
  type ReportDefinitionAnswer,
  type ReportResult,
  type ReportValue,
} from '../../runtime/shared/reportDefinition';
import { evaluate, type Expr } from '../../runtime/shared/rules';
import type { AppContext, CurrentUser } from '../context';
import { HttpError, notFound } from '../http/errors';
import { fieldMessage } from '../i18n';
import { checkParamFields, reportAccess } from './access';
import { figure, money } from './money';
import { applyParams, resolveDefaults } from './params';
import type { SourceRow } from './source';

/** The definition a body names (400 when `report` is not a text, 404 when unknown). */
export function namedReport(ctx: AppContext, body: Record<string, unknown>, lang: Lang): ReportDefinition {
  if (typeof body.report !== 'string')
    throw new HttpError(400, 'BadRequest', [fieldMessage(lang, 'report', 'errors.BadRequest')]);
  const def = ctx.reports.get(body.report);
  if (!def) throw notFound();
  return def;
}

export async function reportDefinitionAnswer(
  ctx: AppContext,
  user: CurrentUser,
  body: Record<string, unknown>,
  lang: Lang,
  selectedYear: number | null,
): Promise<ReportDefinitionAnswer> {
  const def = namedReport(ctx, body, lang);
  const access = await reportAccess(ctx, user, def, 'view');
  const defaults = { ...(await resolveDefaults(ctx, def, lang, selectedYear)), ...access.forced };
  return {
    ...def,
    params: def.params.map((p) => (Object.hasOwn(access.forced, p.name) ? { ...p, locked: true } : p)),
    columns: def.columns.filter((c) => !access.hidden.has(c.field)),
    defaults,
  };
}

/** Whether a column shows for these parameters (its `visibleWhen` over `{ params }`). */
export function columnVisible(column: ReportColumn, params: Record<string, unknown>): boolean {
  if (column.visibleWhen === undefined) return true;
  try {
    return !!evaluate(column.visibleWhen as Expr, { params });
  } catch {
    return true;
  }
}

function totalsOf(def: ReportDefinition, rows: SourceRow[], given: SourceRow | undefined): SourceRow {
  const out: SourceRow = {};
  let plainRows: SourceRow[] | undefined;
  for (const c of def.columns) {
    if (!c.total) continue;
    if (given && Object.hasOwn(given, c.field)) {
      out[c.field] = given[c.field] ?? null;
      continue;
    }
    if (c.kind === 'text') {
      out[c.field] = null;
      continue;
    }
    // the plain rows once for every summed column
    const plain = (plainRows ??= rows.filter(
      (r) => r[ROW_KIND_FIELD] === undefined || r[ROW_KIND_FIELD] === null,
    ));
    const whole = plain.every((r) => {
      const v = r[c.field];
      return v === null || v === undefined || Number.isInteger(v) || /^-?\d+$/.test(String(v));
    });
    out[c.field] = whole
      ? money(plain.reduce((a, r) => a + figure(r[c.field]), 0n))
      : plain.reduce((a, r) => a + (Number(r[c.field]) || 0), 0);
  }
  // the source's other totals (e.g. a ledger's closing side) go along
  for (const [k, v] of Object.entries(given ?? {})) if (!Object.hasOwn(out, k)) out[k] = v;
  return out;
}

function strip(row: SourceRow, hidden: ReadonlySet<string>): Record<string, ReportValue> {
  if (!hidden.size) return row;
  return Object.fromEntries(Object.entries(row).filter(([k]) => !hidden.has(k)));
}

export interface RunAnswer {
  def: ReportDefinition;
  result: ReportResult;
  /** Columns shown to this caller for these parameters (for the file; worked out when asked). */
  columns: () => ReportColumn[];
}

export async function runReportDefinition(
  ctx: AppContext,
  user: CurrentUser,
  body: Record<string, unknown>,
  lang: Lang,
  selectedYear: number | null,
  action: 'view' | 'export' = 'view',
): Promise<RunAnswer> {
  const def = namedReport(ctx, body, lang);
  const access = await reportAccess(ctx, user, def, action);
  const params = await applyParams(ctx, def, body.params, lang, selectedYear, access.forced);
  checkParamFields(access, params, lang);
  const answer = await access.source.run({ ctx, user, def, entity: access.entity, params, lang });
  const totals = totalsOf(def, answer.rows, answer.totals);
  const result: ReportResult = {
    rows: answer.rows.map((r) => strip(r, access.hidden)),
    totals: strip(totals, access.hidden),
    params,
  };
  if (answer.truncated) result.truncated = true;
  const columns = () => def.columns.filter((c) => !access.hidden.has(c.field) && columnVisible(c, params));
  return { def, result, columns };
}
