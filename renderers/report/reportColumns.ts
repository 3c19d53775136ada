/**
 * The columns a report shows for the parameters it ran with: a column with `visibleWhen` only when
 * that expression over `{ params }` is truthy (the shared rule evaluator, runtime/shared/rules.ts),
 * e.g. the opening and turnover columns of a 6- or 8-column trial balance. An expression that
 * cannot be evaluated shows its column (nothing the user asked for is hidden by a broken rule).
 */
import { evaluate } from '../../runtime/shared/rules';
import type { ReportColumn } from '../../runtime/shared/reportDefinition';

export function columnVisible(column: ReportColumn, params: Record<string, unknown>): boolean {
  if (column.visibleWhen === undefined) return true;
  try {
    const v = evaluate(column.visibleWhen, { params });
    // json-logic's truthiness: an empty list is false
    return Array.isArray(v) ? v.length > 0 : Boolean(v);
  } catch {
    return true;
  }
}

export function visibleColumns(
  columns: readonly ReportColumn[],
  params: Record<string, unknown>,
): ReportColumn[] {
  return columns.filter((c) => columnVisible(c, params));
}
