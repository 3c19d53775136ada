import jsonLogic from 'json-logic-js';
import type { RulesLogic } from 'json-logic-js';
import { describe, expect, it } from 'vitest';
import { lineSum, NOT_A_SUM } from '../../../runtime/shared/ruleSums';
import { evaluate, type Expr } from '../../../runtime/shared/rules';

const sumOf = (field: string, initial?: number): Expr => ({
  reduce: [
    { var: 'lines' },
    { '+': [{ var: 'accumulator' }, { var: `current.${field}` }] },
    ...(initial === undefined ? [] : [initial]),
  ],
});
const count: Expr = { reduce: [{ var: 'lines' }, { '+': [{ var: 'accumulator' }, 1] }, 0] };

/** json-logic-js itself, the interpreter the direct loop must equal. */
const interpreted = (expr: Expr, data: Record<string, unknown>) => jsonLogic.apply(expr as RulesLogic, data);

/** Same value, NaN included (toBe uses Object.is: 0 and -0 differ too). */
const same = (expr: Expr, data: Record<string, unknown>) => {
  const fast = lineSum(expr, data);
  expect(fast).not.toBe(NOT_A_SUM);
  expect(fast).toBe(interpreted(expr, data));
  expect(evaluate(expr, data)).toBe(interpreted(expr, data));
};

describe('line sums evaluated directly equal json-logic-js', () => {
  it('sums a line field over 2,000 lines, fractions and all', () => {
    const lines = Array.from({ length: 2000 }, (_, i) => ({ amount: (i % 7) * 1000.1 + i / 3 }));
    same(sumOf('amount', 0), { lines });
    same(sumOf('amount', 5.5), { lines });
  });

  it('answers what the interpreter answers for missing, empty, text and odd values', () => {
    same(sumOf('amount', 0), { lines: [] });
    same(sumOf('amount', 0), {});
    same(sumOf('amount', 0), { lines: 'not a list' });
    same(sumOf('amount'), { lines: [] });
    same(sumOf('amount'), { lines: [{ amount: 1 }] });
    same(sumOf('amount', 0), { lines: [{ amount: 1 }, {}] });
    same(sumOf('amount', 0), { lines: [{ amount: '12' }, { amount: '3.5kg' }, { amount: 2 }] });
    same(sumOf('amount', 0), { lines: [{ amount: null }, null, 4] });
    same(sumOf('amount', 0), { lines: [{ amount: true }] });
    same(sumOf('amount', -0), { lines: [] });
    // eslint-disable-next-line no-sparse-arrays -- holes are skipped by Array.prototype.reduce
    same(sumOf('amount', 0), { lines: [{ amount: 1 }, , { amount: 2 }] });
  });

  it('counts lines', () => {
    same(count, { lines: [{}, {}, {}] });
    same(count, { lines: [] });
  });

  it('leaves every other expression to the interpreter', () => {
    const others: Expr[] = [
      { reduce: [{ var: 'lines' }, { '+': [{ var: 'current.amount' }, { var: 'accumulator' }] }, 0] },
      { reduce: [{ var: 'lines' }, { '*': [{ var: 'accumulator' }, { var: 'current.amount' }] }, 1] },
      { reduce: [{ var: 'lines' }, { '+': [{ var: 'accumulator' }, { var: 'current.a.b' }] }, 0] },
      { reduce: [{ var: 'doc.lines' }, { '+': [{ var: 'accumulator' }, { var: 'current.amount' }] }, 0] },
      {
        reduce: [
          { var: 'lines' },
          { '+': [{ var: 'accumulator' }, { var: 'current.amount' }] },
          { var: 'x' },
        ],
      },
      { '+': [1, 2] },
      { var: 'lines' },
      5,
      null,
    ];
    for (const e of others) expect(lineSum(e, { lines: [{ amount: 2, a: { b: 3 } }], x: 1 })).toBe(NOT_A_SUM);
  });
});
