/**
 * Shapes of the reports and audit API shared by the server (server/reports/, server/entities/audit.ts)
 * and the client (runtime/report/, renderers/charts/, renderers/history/). docs/api.md, Reports.
 */

export type MeasureOp = 'count' | 'sum' | 'avg';

/** Body of Report/Run. */
export interface ReportRequest {
  /** Entity key "module.name". */
  entity: string;
  /** Field to group by; absent: one row with the total. Date fields group by Jalali month. */
  groupBy?: string;
  measure: { op: MeasureOp; field?: string };
  /** AG Grid filter model, as GetList takes it. */
  filterModel?: unknown;
}

/** One group of a report: `key` as stored (Jalali `yyyy-mm` for dates), `label` in the request language. */
export interface ReportRow {
  key: string | number | boolean | null;
  label: string;
  value: number;
}

export type ChartKind = 'bar' | 'pie' | 'line';

/** One widget of Report/Dashboard, with its figure (`value`) or its rows. */
export interface DashboardWidget {
  id: string;
  title: string;
  kind: 'figure' | ChartKind;
  format: 'number' | 'money';
  entity: string;
  value?: number;
  rows?: ReportRow[];
}

export interface DashboardData {
  name: string;
  title: string;
  widgets: DashboardWidget[];
}

/** An entity the user may report on (Report/Entities). */
export interface ReportEntity {
  key: string;
  title: string;
  fields: { name: string; label: string; kind: 'text' | 'number' | 'date' | 'boolean' }[];
  /** Fields of its document lines, named `child.field` (the report builder, Report/Build). */
  lineFields?: { name: string; label: string; kind: 'text' | 'number' | 'date' | 'boolean' }[];
}

export type FieldDiff = Record<string, [unknown, unknown]>;

/** Line changes of a document write, position by position. */
export interface LineChanges {
  added: { child: string; index: number; values: Record<string, unknown> }[];
  removed: { child: string; index: number; values: Record<string, unknown> }[];
  changed: { child: string; index: number; diff: FieldDiff }[];
}

/** One entry of {Module}/{Entity}/GetAudit (newest first). */
export interface AuditEntry {
  at: string;
  user: { id: number; displayName: string } | null;
  action: 'create' | 'update' | 'delete';
  diff: FieldDiff;
  lines?: LineChanges;
}
