/**
 * Report/Dashboard: the landing screen's widgets from schemas/dashboard/*.json (validated by
 * schemas/dashboard/dashboard.schema.json). The user's dashboard is the first one listing its role,
 * else the first listing "*". Widgets over entities that do not exist or that the user may not
 * view are left out (so vendor/customer users get only theirs), as are widgets whose fields their
 * entity no longer has.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { localText, type Lang, type LocalText } from '../../runtime/shared/definition';
import { createAjv } from '../../runtime/shared/validation';
import { PROJECT_ROOT } from '../config';
import type { AppContext, CurrentUser } from '../context';
import { HttpError } from '../http/errors';
import { periodRange, type PeriodName } from './period';
import { runReport } from './run';
import { selectedPeriod, type SelectedPeriod } from '../entities/period';
import { dateInPeriod } from '../../runtime/shared/initialValues';
import { todayIso } from '../../runtime/shared/jalali';
import type { DashboardData, DashboardWidget, ReportRequest } from '../../runtime/shared/reports';

interface QueryDef extends Omit<ReportRequest, 'filterModel'> {
  filterModel?: Record<string, unknown>;
  period?: { field: string; range: PeriodName };
}

export interface WidgetDef {
  id: string;
  title: LocalText;
  kind: 'figure' | 'bar' | 'pie' | 'line';
  format?: 'number' | 'money';
  query: QueryDef;
  minus?: QueryDef;
}

export interface DashboardDef {
  name: string;
  title: LocalText;
  roles: string[];
  widgets: WidgetDef[];
}

export const DASHBOARD_DIR = join(PROJECT_ROOT, 'schemas', 'dashboard');

/** Every dashboard file of `dir`, validated; a bad file throws with its name and JSON path. */
export function loadDashboards(dir = DASHBOARD_DIR): DashboardDef[] {
  const schema = JSON.parse(readFileSync(join(dir, 'dashboard.schema.json'), 'utf8')) as object;
  const validate = createAjv({ strict: false }).compile(schema);
  const out: DashboardDef[] = [];
  for (const name of readdirSync(dir).sort()) {
    if (!name.endsWith('.json') || name === 'dashboard.schema.json') continue;
    const json: unknown = JSON.parse(readFileSync(join(dir, name), 'utf8'));
    if (!validate(json)) {
      const problems = (validate.errors ?? []).map(
        (e) => `${e.instancePath || '/'}: ${e.message ?? e.keyword}`,
      );
      throw new Error(`schemas/dashboard/${name}: ${problems.join('; ')}`);
    }
    out.push(json as DashboardDef);
  }
  return out;
}

let cached: DashboardDef[] | null = null;

export function dashboardFor(role: string, dashboards: DashboardDef[]): DashboardDef | undefined {
  return dashboards.find((d) => d.roles.includes(role)) ?? dashboards.find((d) => d.roles.includes('*'));
}

/**
 * A widget's range in the selected fiscal period: "this year" is the period itself; "this month"
 * and "the last 12 months" are counted from the period's day nearest today (today inside it, else
 * its last day, or first day of a future period), so a past period shows its own last month.
 */
function rangeIn(name: PeriodName, now: Date, period: SelectedPeriod | null): { from: string; to: string } {
  // days from today whatever the period shown (cheques falling due)
  if (!period || name === 'next7Days') return periodRange(name, now);
  if (name === 'thisYear') return { from: period.startDate, to: period.endDate };
  const [y, m, d] = dateInPeriod(todayIso(now), period).split('-').map(Number);
  return periodRange(name, new Date(y!, m! - 1, d!));
}

function request(q: QueryDef, now: Date, period: SelectedPeriod | null): ReportRequest {
  const filterModel: Record<string, unknown> = { ...(q.filterModel ?? {}) };
  if (q.period) {
    const { from, to } = rangeIn(q.period.range, now, period);
    filterModel[q.period.field] = { filterType: 'date', type: 'inRange', dateFrom: from, dateTo: to };
  }
  return { entity: q.entity, groupBy: q.groupBy, measure: q.measure, filterModel };
}

/** When the widgets are figured: the moment and the selected fiscal period (null: all periods). */
interface At {
  now: Date;
  period: SelectedPeriod | null;
}

async function total(ctx: AppContext, user: CurrentUser, q: QueryDef, lang: Lang, at: At) {
  const rows = await runReport(
    ctx,
    user,
    { ...request(q, at.now, at.period), groupBy: undefined },
    lang,
    at.period,
  );
  return rows.reduce((sum, r) => sum + r.value, 0);
}

async function widgetData(
  ctx: AppContext,
  user: CurrentUser,
  w: WidgetDef,
  lang: Lang,
  at: At,
): Promise<DashboardWidget> {
  const base = {
    id: w.id,
    title: localText(w.title, lang),
    kind: w.kind,
    format: w.format ?? 'number',
    entity: w.query.entity,
  };
  if (w.kind !== 'figure')
    return {
      ...base,
      rows: await runReport(ctx, user, request(w.query, at.now, at.period), lang, at.period),
    };
  const value = await total(ctx, user, w.query, lang, at);
  return { ...base, value: w.minus ? value - (await total(ctx, user, w.minus, lang, at)) : value };
}

export async function userDashboard(
  ctx: AppContext,
  user: CurrentUser,
  lang: Lang,
  now = new Date(),
  selectedYear: number | null = null,
): Promise<DashboardData> {
  cached ??= loadDashboards();
  // the widgets follow the fiscal period of the selectedYear header (400 when it names none)
  const at: At = { now, period: await selectedPeriod(ctx, selectedYear, lang) };
  const dash = dashboardFor(user.role, cached);
  if (!dash) return { name: '', title: '', widgets: [] };
  const widgets: DashboardWidget[] = [];
  for (const w of dash.widgets) {
    try {
      widgets.push(await widgetData(ctx, user, w, lang, at));
    } catch (e) {
      // 404 unknown entity, 403 no view, 400 a field the entity does not have: not this user's widget
      if (e instanceof HttpError && [400, 403, 404].includes(e.status)) continue;
      throw e;
    }
  }
  return { name: dash.name, title: localText(dash.title, lang), widgets };
}
