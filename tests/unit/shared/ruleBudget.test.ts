/** Cost bounds of definition expressions (runtime/shared/ruleBudget.ts) as evaluate applies them. */
import { describe, expect, it } from 'vitest';
import {
  EXPRESSION_LIMITS,
  RuleBudgetError,
  expressionShapeProblems,
  withinRuleBudget,
} from '../../../runtime/shared/ruleBudget';
import { applyComputed, evaluate, type Expr } from '../../../runtime/shared/rules';

const range = (n: number) => Array.from({ length: n }, (_, i) => i);
/** reduce over `items`, `depth` times nested: items^depth steps. */
function nestedReduce(n: number, depth: number): Expr {
  let body: Expr = { '+': [{ var: 'accumulator' }, 1] };
  for (let d = 1; d < depth; d++) body = { reduce: [range(n), body, { var: 'accumulator' }] };
  return { reduce: [range(n), body, 0] };
}

/** The time `fn` takes and the error it throws. */
function timed(fn: () => unknown): { ms: number; error: unknown } {
  const started = performance.now();
  try {
    fn();
    return { ms: performance.now() - started, error: null };
  } catch (error) {
    return { ms: performance.now() - started, error };
  }
}

describe('rule evaluation budget', () => {
  it('evaluates ordinary expressions as before', () => {
    expect(evaluate(nestedReduce(20, 2), {})).toBe(400);
    expect(evaluate({ merge: [[1], [2, 3]] }, {})).toEqual([1, 2, 3]);
    expect(evaluate({ cat: ['a', { var: 'b' }] }, { b: 'c' })).toBe('ac');
  });

  it('stops nested reduce over literal arrays quickly', () => {
    const { ms, error } = timed(() => evaluate(nestedReduce(200, 3), {}));
    expect(error).toBeInstanceOf(RuleBudgetError);
    expect(ms).toBeLessThan(2_000); // unbounded: 8 million iterations, many seconds
  });

  it('stops an array-doubling merge and a text-doubling cat', () => {
    const doubling = {
      reduce: [range(60), { merge: [{ var: 'accumulator' }, { var: 'accumulator' }] }, [1]],
    };
    expect(timed(() => evaluate(doubling, {})).error).toBeInstanceOf(RuleBudgetError);
    const text = { reduce: [range(60), { cat: [{ var: 'accumulator' }, { var: 'accumulator' }] }, 'ab'] };
    expect(timed(() => evaluate(text, {})).error).toBeInstanceOf(RuleBudgetError);
  });

  it('shares one budget across the computed fields of one run', () => {
    // each field alone fits the budget; forty of them do not
    const computed = Object.fromEntries(range(40).map((i) => [`f${i}`, nestedReduce(30, 2)]));
    expect(evaluate(nestedReduce(30, 2), {})).toBe(900);
    const { ms, error } = timed(() => applyComputed({ computed }, {}));
    expect(error).toBeInstanceOf(RuleBudgetError);
    expect(ms).toBeLessThan(2_000);
  });

  it('gives each run a fresh budget', () => {
    for (let i = 0; i < 5; i++) expect(withinRuleBudget(() => evaluate(nestedReduce(30, 2), {}))).toBe(900);
  });

  it('refuses expressions over the shape limits', () => {
    expect(expressionShapeProblems(nestedReduce(10, 3))).toEqual([]);
    expect(expressionShapeProblems(range(EXPRESSION_LIMITS.arrayItems + 1))[0]).toContain('items');
    let deep: Expr = 1;
    for (let i = 0; i < 40; i++) deep = { '+': [deep, 1] };
    expect(expressionShapeProblems(deep)[0]).toContain('nested');
    const wide = { '+': range(10).map(() => range(EXPRESSION_LIMITS.arrayItems)) };
    expect(expressionShapeProblems(wide).join()).toContain('nodes');
  });
});
