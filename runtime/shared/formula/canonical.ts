/**
 * The one JSON Logic spelling of an expression among those the evaluator reads the same: an
 * operation's single argument in an array (`{"!": x}` is `{"!": [x]}`) and a plain `var` as a string
 * (`{"var": ["x"]}` is `{"var": "x"}`). parse.ts writes this spelling; round-trip tests compare to it.
 */
import type { Expr } from '../rules';

export function canonical(e: Expr): Expr {
  if (Array.isArray(e)) return e.map(canonical);
  if (e === null || typeof e !== 'object') return e;
  const keys = Object.keys(e);
  if (keys.length !== 1) return e;
  const op = keys[0]!;
  const raw = e[op]!;
  if (op === 'var') {
    if (Array.isArray(raw) && raw.length === 1 && typeof raw[0] === 'string') return { var: raw[0] };
    return { var: Array.isArray(raw) ? raw.map(canonical) : canonical(raw) };
  }
  return { [op]: Array.isArray(raw) ? raw.map(canonical) : [canonical(raw)] };
}
