/**
 * A report data source: generic code registered by name (`ledger.balances`, …) that answers the
 * rows of every report definition naming it, with the options the definition fixes and the
 * parameters the user filled (validated and defaulted by params.ts before the source runs).
 */
import type { Lang } from '../../runtime/shared/definition';
import type { ReportDefinition, ReportParamKind, ReportValue } from '../../runtime/shared/reportDefinition';
import type { AppContext, CurrentUser } from '../context';
import type { Entity } from '../definitions/registry';

export type SourceRow = Record<string, ReportValue>;

export interface SourceCall {
  ctx: AppContext;
  /** Who runs the report (sources reading entity rows read them as this user may). */
  user: CurrentUser;
  def: ReportDefinition;
  /** The report's `entity` (e.g. accounting.voucher: the document the ledger copies). */
  entity: Entity;
  /** Validated, defaults filled, scope forced. */
  params: Record<string, unknown>;
  lang: Lang;
}

export interface SourceAnswer {
  rows: SourceRow[];
  /** Totals the source computed itself (over more than the answered rows); others: summed rows. */
  totals?: SourceRow;
  truncated?: boolean;
}

export interface ReportSource {
  name: string;
  /** Parameters the source reads, by name, with the kind each must be declared with. */
  params: Readonly<Record<string, ReportParamKind>>;
  /** Of those, the ones every definition of the source must declare. */
  requiredParams?: readonly string[];
  /** The row fields the source may answer (column fields are checked against them). */
  fields(options: Record<string, unknown>): readonly string[];
  /** Problems of a definition's `options` ("JSON path: problem"), [] when fine. */
  optionProblems(options: Record<string, unknown>): string[];
  /** Problems between the options and the rest of the definition (e.g. a parameter it needs). */
  definitionProblems?(def: ReportDefinition): string[];
  /**
   * The fields of the report's entity a row field or a parameter is drawn from (`{child}.{field}`
   * for line fields): a column reading a field hidden from the caller is left out, a parameter
   * filtering on one is refused (400).
   */
  reads(name: string): readonly string[];
  /**
   * Entities whose rows the source shows besides the report's entity (a reconciliation's ledger
   * entries): a staff caller needs the same right (view, export) on each of them too.
   */
  alsoReads?: readonly string[];
  run(call: SourceCall): Promise<SourceAnswer>;
}
