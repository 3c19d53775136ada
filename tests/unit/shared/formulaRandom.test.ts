// @vitest-environment node
/**
 * Random expressions of every form the formula language has (a seeded generator, so a failure
 * repeats): printed with Persian labels and words, English labels and keys, each reads back to the
 * same JSON Logic.
 */
import { describe, expect, it } from 'vitest';
import { parseFormula, printFormula, type NameTable } from '../../../runtime/shared/formula';
import type { Expr } from '../../../runtime/shared/rules';

const names: NameTable = {
  fields: [
    { key: 'total', fa: 'جمع کل', en: 'Total' },
    { key: 'kind', fa: 'نوع', en: 'Kind' },
    { key: 'and', fa: 'و', en: 'or' },
    { key: 'if', fa: 'اگر', en: 'If' },
    { key: 'a_1', fa: 'مبلغ (ریال)', en: 'Amount [IRR' },
  ],
  tables: [
    {
      key: 'lines',
      fa: 'اقلام',
      en: 'Lines',
      fields: [
        { key: 'amount', fa: 'مبلغ', en: 'Amount' },
        { key: 'qty', fa: 'مقدار', en: 'Quantity' },
      ],
    },
  ],
};

/** A small seeded generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function generator(next: () => number) {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const some = (n: number, make: () => Expr): Expr[] => Array.from({ length: n }, make);
  const leaf = (fields: readonly string[], prefix: string): Expr =>
    pick<() => Expr>([
      () => Math.round(next() * 2000 - 1000) / pick([1, 1, 100]),
      () => pick(['', 'x', 'legal', 'حقوقی', 'a "q"', 'فروش «ویژه»', 'line\nbreak']),
      () => pick([true, false, null]),
      () => ({ var: prefix + pick(fields) }),
      () => ({ var: prefix + pick(fields) }),
    ])();
  const expr = (depth: number, inLine: boolean): Expr => {
    const fields = inLine ? ['amount', 'qty'] : ['total', 'kind', 'and', 'if', 'a_1'];
    const prefix = inLine ? 'current.' : '';
    if (depth <= 0 || next() < 0.25) return leaf(fields, prefix);
    const sub = () => expr(depth - 1, inLine);
    const forms: (() => Expr)[] = [
      () => ({ [pick(['-', '/', '%', '==', '!=', '<', '<=', '>', '>='])]: [sub(), sub()] }),
      () => ({ [pick(['+', '*', 'and', 'or'])]: some(2 + Math.floor(next() * 3), sub) }),
      () => ({ '-': [sub()] }),
      () => ({ '!': [sub()] }),
      () => ({ '!!': [sub()] }),
      () => ({ if: some(pick([2, 3, 5]), sub) }),
      () => ({ [pick(['max', 'min', 'cat'])]: some(1 + Math.floor(next() * 3), sub) }),
      () => ({ round: some(pick([1, 2]), sub) }),
      () => ({ var: [prefix + pick(fields), sub()] }),
      () => ({ in: [sub(), some(1 + Math.floor(next() * 3), sub)] }),
      () => ({ in: [sub(), sub()] }),
      () => ({ [pick(['dayCount', 'jalaliMonthStart', 'jalaliMonthEnd'])]: [sub(), sub()] }),
      () => ({ substr: some(pick([2, 3]), sub) }),
      () => ({ rialInWords: [sub()] }),
    ];
    if (!inLine) {
      const line = (term: Expr): Expr => ({
        reduce: [{ var: 'lines' }, { '+': [{ var: 'accumulator' }, term] }, 0],
      });
      forms.push(
        () => line({ var: `current.${pick(['amount', 'qty'])}` }),
        () => line(expr(depth - 1, true)),
        () => line(1),
      );
    }
    return pick(forms)();
  };
  return expr;
}

describe('random formulas read back as printed', () => {
  const expr = generator(random(26));
  const cases = Array.from({ length: 400 }, () => expr(4, false));
  it.each(cases.map((c, i) => [i, c] as const))('#%i', (_, e) => {
    for (const style of ['fa', 'en', 'key'] as const) {
      const text = printFormula(e, { names, style });
      expect(parseFormula(text, names), `${style}: ${text}`).toEqual({ ok: true, expr: e });
    }
  });
});
