/**
 * Pure parts of the report builder screen: an answer as chart rows (the first measure by the
 * joined dimension labels), as a pivot (the last dimension across, the first measure in the cells)
 * and the filter model of the grid rows behind one answer row (drill-down).
 */
import { bucketRange } from '../../runtime/shared/jalaliBuckets';
import {
  splitField,
  type BuilderAnswer,
  type BuilderRow,
  type BuilderSpec,
} from '../../runtime/shared/reportBuilder';
import type { ReportRow } from '../../runtime/shared/reports';

/** A figure as a number (an exact decimal string past 2^53 is drawn approximately). */
export const figureOf = (v: BuilderRow['values'][number]): number => (v === null ? 0 : Number(v));

export function chartRows(answer: BuilderAnswer, measure = 0): ReportRow[] {
  return answer.rows.map((r) => ({
    key: r.keys.map(String).join('|'),
    label: r.labels.join(' · '),
    value: figureOf(r.values[measure] ?? null),
  }));
}

export interface Pivot {
  /** Labels of the across dimension's values, in first-seen order. */
  across: { key: string; label: string }[];
  rows: { key: string; label: string; cells: (BuilderRow | undefined)[] }[];
}

/** The answer with its last dimension across (needs two dimensions or more). */
export function pivot(answer: BuilderAnswer): Pivot | null {
  const dims = answer.columns.filter((c) => c.role === 'dimension').length;
  if (dims < 2) return null;
  const across = new Map<string, string>();
  const down = new Map<string, { label: string; cells: Map<string, BuilderRow> }>();
  for (const r of answer.rows) {
    const a = String(r.keys[dims - 1]);
    across.set(a, r.labels[dims - 1] ?? a);
    const d = r.keys
      .slice(0, dims - 1)
      .map(String)
      .join('|');
    const entry = down.get(d) ?? { label: r.labels.slice(0, dims - 1).join(' · '), cells: new Map() };
    entry.cells.set(a, r);
    down.set(d, entry);
  }
  const cols = [...across.entries()].map(([key, label]) => ({ key, label }));
  return {
    across: cols,
    rows: [...down.entries()].map(([key, e]) => ({
      key,
      label: e.label,
      cells: cols.map((c) => e.cells.get(c.key)),
    })),
  };
}

/**
 * The grid filter model selecting the documents of one answer row: the report's own filter and
 * each dimension's value (a date bucket as its days). Null when a dimension is a line field (the
 * grid filters documents, not lines) or empty.
 */
export function drillFilter(
  spec: BuilderSpec,
  answer: BuilderAnswer,
  row: BuilderRow,
): Record<string, unknown> | null {
  const model: Record<string, unknown> = { ...(spec.filterModel ?? {}) };
  for (const [i, d] of spec.dimensions.entries()) {
    const key = row.keys[i];
    if (key === null || key === undefined || splitField(d.field).child !== null) return null;
    const bucket = answer.columns[i]?.bucket;
    if (bucket) {
      const range = bucketRange(String(key), bucket);
      if (!range) return null;
      model[d.field] = { filterType: 'date', type: 'inRange', dateFrom: range.from, dateTo: range.to };
    } else if (typeof key === 'boolean')
      model[d.field] = { filterType: 'boolean', type: 'equals', filter: key };
    else if (typeof key === 'number') model[d.field] = { filterType: 'number', type: 'equals', filter: key };
    else model[d.field] = { filterType: 'text', type: 'equals', filter: key };
  }
  return model;
}
