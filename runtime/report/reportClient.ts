/** Calls of the reports API through the one pipeline (docs/api.md, Reports). */
import type { DashboardData, ReportEntity, ReportRequest, ReportRow } from '../shared/reports';
import { api } from '../http/pipeline';

export async function runReport(request: ReportRequest): Promise<ReportRow[]> {
  return (await api.post<{ rows: ReportRow[] }>('Report/Run', request)).rows;
}

/**
 * The user's dashboard widgets. Silent: the landing screen draws what it gets and shows no error
 * dialog for its own figures (the shell's other calls report a lost session or network).
 */
export function loadDashboard(): Promise<DashboardData> {
  return api.post<DashboardData>('Report/Dashboard', {}, { silent: true });
}

let entities: Promise<ReportEntity[]> | null = null;

/** Entities the user may report on, with their fields (cached until clearReportCaches). */
export function reportEntities(): Promise<ReportEntity[]> {
  entities ??= api.post<ReportEntity[]>('Report/Entities', {}).catch((e: unknown) => {
    entities = null;
    throw e;
  });
  return entities;
}

export function clearReportCaches(): void {
  entities = null;
}

/** A saved report row (report.savedReport) as a Report/Run request. */
export function savedReportRequest(row: Record<string, unknown>): ReportRequest {
  const op = row.measure === 'sum' || row.measure === 'avg' ? row.measure : 'count';
  const request: ReportRequest = {
    entity: String(row.entity ?? ''),
    groupBy: typeof row.groupBy === 'string' && row.groupBy ? row.groupBy : undefined,
    measure: op === 'count' ? { op } : { op, field: String(row.measureField ?? '') },
  };
  const field = typeof row.dateField === 'string' ? row.dateField : '';
  const from = typeof row.dateFrom === 'string' ? row.dateFrom : '';
  const to = typeof row.dateTo === 'string' ? row.dateTo : '';
  if (field && (from || to)) {
    const model =
      from && to
        ? { filterType: 'date', type: 'inRange', dateFrom: from, dateTo: to }
        : from
          ? { filterType: 'date', type: 'greaterThan', dateFrom: previousDay(from) }
          : { filterType: 'date', type: 'lessThan', dateFrom: nextDay(to) };
    request.filterModel = { [field]: model };
  }
  return request;
}

function shift(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
const previousDay = (iso: string) => shift(iso, -1);
const nextDay = (iso: string) => shift(iso, 1);
