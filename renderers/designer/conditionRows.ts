/**
 * The visual condition builder's model: rows of field / operator / value joined by and or or, to
 * JSON Logic and back. The builder writes a formula (print.ts) the analyst may go on editing; a
 * formula that is not such a list of comparisons opens the builder empty. Pure functions, no UI.
 */
import type { Expr } from '../../runtime/shared/rules';

export const BUILDER_OPS = ['==', '!=', '<', '<=', '>', '>=', 'filled', 'empty'] as const;
export type BuilderOp = (typeof BUILDER_OPS)[number];

export interface BuilderRow {
  field: string;
  op: BuilderOp;
  /** As typed: a number when it reads as one, else a text ('' for filled/empty). */
  value: string;
}

export interface BuilderModel {
  join: 'and' | 'or';
  rows: BuilderRow[];
}

/** A typed value as JSON: a number when it is one (Persian digits too), true/false, else the text. */
function valueOf(text: string): Expr {
  const western = text
    .trim()
    .replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace('٫', '.');
  if (/^-?\d+(\.\d+)?$/.test(western)) return Number(western);
  if (text.trim() === 'true' || text.trim() === 'false') return text.trim() === 'true';
  return text;
}

function rowExpr(row: BuilderRow): Expr {
  const field = { var: row.field };
  if (row.op === 'filled') return { '!!': [field] };
  if (row.op === 'empty') return { '!': [field] };
  return { [row.op]: [field, valueOf(row.value)] };
}

/** The condition the rows make; undefined when a row has no field. */
export function builderExpr(model: BuilderModel): Expr | undefined {
  if (!model.rows.length || model.rows.some((r) => !r.field)) return undefined;
  const parts = model.rows.map(rowExpr);
  return parts.length === 1 ? parts[0]! : { [model.join]: parts };
}

function rowOf(e: Expr): BuilderRow | undefined {
  if (e === null || typeof e !== 'object' || Array.isArray(e)) return undefined;
  const [op, ...more] = Object.keys(e);
  if (!op || more.length) return undefined;
  const args = e[op];
  if (!Array.isArray(args)) return undefined;
  const [first, second] = args;
  const field =
    first !== null && typeof first === 'object' && !Array.isArray(first) && typeof first.var === 'string'
      ? first.var
      : undefined;
  if (!field) return undefined;
  if ((op === '!!' || op === '!') && args.length === 1)
    return { field, op: op === '!!' ? 'filled' : 'empty', value: '' };
  if (!(BUILDER_OPS as readonly string[]).includes(op) || args.length !== 2) return undefined;
  if (typeof second === 'number' || typeof second === 'boolean')
    return { field, op: op as BuilderOp, value: String(second) };
  if (typeof second === 'string' && valueOf(second) === second)
    return { field, op: op as BuilderOp, value: second };
  return undefined;
}

/** The builder's rows for a condition, or undefined when it is not a list of comparisons. */
export function builderModel(e: Expr | undefined): BuilderModel | undefined {
  if (e === undefined) return { join: 'and', rows: [] };
  const one = rowOf(e);
  if (one) return { join: 'and', rows: [one] };
  if (e === null || typeof e !== 'object' || Array.isArray(e)) return undefined;
  const join = 'and' in e ? 'and' : 'or' in e ? 'or' : undefined;
  const parts = join ? e[join] : undefined;
  if (!join || Object.keys(e).length !== 1 || !Array.isArray(parts) || parts.length < 2) return undefined;
  const rows = parts.map(rowOf);
  return rows.every((r) => r) ? { join, rows: rows as BuilderRow[] } : undefined;
}
