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

function request(q: QueryDef, now: Date): ReportRequest {
  const filterModel: Record<string, unknown> = { ...(q.filterModel ?? {}) };
  if (q.period) {
    const { from, to } = periodRange(q.period.range, now);
    filterModel[q.period.field] = { filterType: 'date', type: 'inRange', dateFrom: from, dateTo: to };
  }
  return { entity: q.entity, groupBy: q.groupBy, measure: q.measure, filterModel };
}

async function total(ctx: AppContext, user: CurrentUser, q: QueryDef, lang: Lang, now: Date) {
  const rows = await runReport(ctx, user, { ...request(q, now), groupBy: undefined }, lang);
  return rows.reduce((sum, r) => sum + r.value, 0);
}

async function widgetData(
  ctx: AppContext,
  user: CurrentUser,
  w: WidgetDef,
  lang: Lang,
  now: Date,
): Promise<DashboardWidget> {
  const base = {
    id: w.id,
    title: localText(w.title, lang),
    kind: w.kind,
    format: w.format ?? 'number',
    entity: w.query.entity,
  };
  if (w.kind !== 'figure') return { ...base, rows: await runReport(ctx, user, request(w.query, now), lang) };
  const value = await total(ctx, user, w.query, lang, now);
  return { ...base, value: w.minus ? value - (await total(ctx, user, w.minus, lang, now)) : value };
}

export async function userDashboard(
  ctx: AppContext,
  user: CurrentUser,
  lang: Lang,
  now = new Date(),
): Promise<DashboardData> {
  cached ??= loadDashboards();
  const dash = dashboardFor(user.role, cached);
  if (!dash) return { name: '', title: '', widgets: [] };
  const widgets: DashboardWidget[] = [];
  for (const w of dash.widgets) {
    try {
      widgets.push(await widgetData(ctx, user, w, lang, now));
    } catch (e) {
      // 404 unknown entity, 403 no view, 400 a field the entity does not have: not this user's widget
      if (e instanceof HttpError && [400, 403, 404].includes(e.status)) continue;
      throw e;
    }
  }
  return { name: dash.name, title: localText(dash.title, lang), widgets };
}
