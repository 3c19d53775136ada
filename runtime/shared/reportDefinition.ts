/**
 * Report definitions: a report (trial balance, ledger, statements, aging…) is a JSON document in
 * `schemas/reports/{module}/{name}.json`, drawn by one generic report renderer and answered by the
 * server from a registered data source. The definition declares the parameters the user fills,
 * the columns shown, which figures are totalled, and where a figure drills down to; the source
 * (e.g. `ledger.balances`) is generic code that reads the general ledger with the options the
 * definition gives it. Shared by the server (server/reportDefs/) and the client (renderers/report/).
 */
import type { LocalText } from './definition';
import type { Expr } from './rules';

export type ReportParamKind = 'dateRange' | 'date' | 'enum' | 'lookup' | 'boolean';

export interface ReportParam {
  /** camelCase; the key of the value in `params`. */
  name: string;
  label: LocalText;
  kind: ReportParamKind;
  /** `enum`: the choices, in order. */
  options?: { value: string; label: LocalText }[];
  /** `lookup`: the entity ("module.name") whose rows are picked (its permissions and row scope apply). */
  entity?: string;
  /**
   * Default value: a literal, or for `dateRange` / `date` the word `"period"` (the user's selected
   * fiscal period, its end date for `date`) or `"today"`.
   */
  default?: unknown;
  required?: boolean;
  /**
   * Answer-only (Report/Definition/Get): the server sets this parameter itself and refuses any
   * other value (a vendor/customer user's own detail account, `scope`).
   */
  locked?: boolean;
}

/** A date range as sent in `params` (ISO dates, both inclusive). */
export interface DateRange {
  from: string;
  to: string;
}

export type ReportColumnKind = 'text' | 'money' | 'number' | 'date' | 'level';

/** Where clicking a cell (or a row) goes, with values of the row and the current parameters. */
export interface ReportDrill {
  /** Another report ("module.name"), its parameters given by `params`. */
  report?: string;
  /** Or the form of an entity row: the entity key, or `{{row.field}}` naming it per row. */
  entity?: string;
  /** With `entity`: the row field holding the id to open. */
  idField?: string;
  /** Parameter of the target report → `{{row.field}}`, `{{params.name}}` or a literal. */
  params?: Record<string, string>;
}

export interface ReportColumn {
  /** The key of the value in each answered row. */
  field: string;
  label: LocalText;
  kind: ReportColumnKind;
  /** Shown only when this expression over `{ params }` is truthy (e.g. the 8-column trial balance). */
  visibleWhen?: Expr;
  /** Summed into the totals row. */
  total?: boolean;
  /**
   * A signed figure shown as its magnitude (on the screen and in the file), where another column
   * names its side: a ledger's running balance beside «بدهکار / بستانکار». Money and number columns.
   */
  absolute?: boolean;
  drill?: ReportDrill;
}

export interface ReportDefinition {
  /** camelCase, unique within the module; the client route is /{module}/report/{name}. */
  name: string;
  module: string;
  title: LocalText;
  /** Menu placement in its module; absent: reached only by drill-down. */
  menu?: { order?: number };
  /**
   * The entity whose `view` permission the report needs; its row scope applies to what the
   * report reads (e.g. accounting.voucher for ledger reports; a customer user sees only its own
   * detail account).
   */
  entity: string;
  /** The registered data source ("ledger.balances", "ledger.lines", "ledger.aging", …). */
  source: string;
  /** Fixed options of the source (e.g. `{ "statement": "profitLoss" }`), checked by the source. */
  options?: Record<string, unknown>;
  params: ReportParam[];
  columns: ReportColumn[];
  /** A row's field that holds its tree level (indentation), e.g. account levels. */
  levelField?: string;
  /**
   * Row scope of vendor/customer users: the `lookup` parameter (of detail accounts) that such a
   * user is restricted to, forced to their party row's `detailAccount`. Reports without it are
   * refused to vendor/customer users.
   */
  scope?: { detail: string };
}

/**
 * Data of `Report/Definition/Get`: the definition as the caller may run it (columns reading a
 * field hidden from the caller's role left out, the scope parameter `locked`) and the parameters'
 * default values resolved for this call (e.g. `"period"` → the selectedYear period's dates).
 */
export interface ReportDefinitionAnswer extends ReportDefinition {
  defaults: Record<string, unknown>;
}

/**
 * Optional field of answered rows (`rowKind`) marking rows that are not plain figures: the
 * opening-balance row of a ledger, a section heading, a subtotal or the final result of a
 * statement. Such rows are not summed into `totals`.
 */
export const ROW_KIND_FIELD = 'rowKind';
export type ReportRowKind = 'opening' | 'section' | 'subtotal' | 'total';

/** Body of `Report/Definition/Run` and `Report/Definition/Export`. */
export interface ReportRunRequest {
  /** "module.name" of the report definition. */
  report: string;
  params: Record<string, unknown>;
}

/**
 * A money figure: a number while exact (|x| ≤ 2^53 − 1), else its exact decimal string, so sums
 * of a year of postings are never rounded.
 */
export type ReportValue = string | number | boolean | null;

/** Data of `Report/Definition/Run`. */
export interface ReportResult {
  rows: Record<string, ReportValue>[];
  /** Totals of the columns marked `total`, over all rows. */
  totals: Record<string, ReportValue>;
  /** The parameters as applied (defaults filled in), for the title and drill-downs. */
  params: Record<string, unknown>;
  /** More rows existed than the report answers at once (the rows are the first ones). */
  truncated?: boolean;
}
