/**
 * A direct loop for the commonest JSON Logic expression over document lines, the sum of a line
 * field (`{"reduce": [{"var": "lines"}, {"+": [{"var": "accumulator"}, {"var": "current.amount"}]}, 0]}`)
 * and the count (`… {"+": [{"var": "accumulator"}, 1]} …`). json-logic-js walks the expression
 * once per line, interpreting it again each time (a cost that grows with the document); this does
 * the same arithmetic in the same order (the `+` rules.ts installs is
 * `exactAdd(exactAdd(0, parseFloat(a)), parseFloat(b))`, `var` answers null for what is missing), so
 * the result is the interpreter's to the bit. Anything else is left to it.
 */
import type { Expr } from './rules';
import { exactAdd } from './decimal';

/** Answered when the expression is not a sum this module evaluates. */
export const NOT_A_SUM = Symbol('not a sum');

type Sum = { list: string; field: string | null; step: number; initial: number | null };

const shapes = new WeakMap<object, Sum | null>();

function varName(e: Expr | undefined): string | undefined {
  if (e === null || typeof e !== 'object' || Array.isArray(e)) return undefined;
  const keys = Object.keys(e);
  if (keys.length !== 1 || keys[0] !== 'var') return undefined;
  const arg = e.var;
  const name = Array.isArray(arg) ? (arg.length === 1 ? arg[0] : undefined) : arg;
  return typeof name === 'string' && name !== '' ? name : undefined;
}

function shapeOf(expr: Expr): Sum | null {
  if (expr === null || typeof expr !== 'object' || Array.isArray(expr)) return null;
  const keys = Object.keys(expr);
  if (keys.length !== 1 || keys[0] !== 'reduce') return null;
  const args = expr.reduce;
  if (!Array.isArray(args) || args.length < 2 || args.length > 3) return null;
  const list = varName(args[0]);
  const initial = args.length === 3 ? args[2] : null;
  if (!list || list.includes('.') || (initial !== null && typeof initial !== 'number')) return null;
  const body = args[1];
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return null;
  const bodyKeys = Object.keys(body);
  if (bodyKeys.length !== 1 || bodyKeys[0] !== '+') return null;
  const terms = body['+'];
  if (!Array.isArray(terms) || terms.length !== 2 || varName(terms[0]) !== 'accumulator') return null;
  const term = terms[1];
  if (typeof term === 'number') return { list, field: null, step: term, initial };
  const v = varName(term);
  if (!v || !v.startsWith('current.')) return null;
  const field = v.slice('current.'.length);
  if (field === '' || field.includes('.')) return null;
  return { list, field, step: 0, initial };
}

/** The value of a line-sum expression over `data`, or NOT_A_SUM for any other expression. */
export function lineSum(expr: Expr, data: Record<string, unknown>): number | null | typeof NOT_A_SUM {
  if (expr === null || typeof expr !== 'object') return NOT_A_SUM;
  let shape = shapes.get(expr);
  if (shape === undefined) shapes.set(expr, (shape = shapeOf(expr)));
  if (!shape) return NOT_A_SUM;
  const rows = data[shape.list];
  if (!Array.isArray(rows)) return shape.initial;
  let acc: unknown = shape.initial;
  const { field, step } = shape;
  for (let i = 0; i < rows.length; i++) {
    if (!(i in rows)) continue; // Array.prototype.reduce skips holes
    const current: unknown = rows[i];
    let value: unknown = step;
    if (field !== null) {
      const v: unknown =
        current === null || current === undefined ? null : (current as Record<string, unknown>)[field];
      value = v === undefined ? null : v;
    }
    acc = exactAdd(exactAdd(0, parseFloat(acc as string)), parseFloat(value as string));
  }
  return acc as number | null;
}
