import { describe, expect, it } from 'vitest';
import { expressionInputs, RuleRuns, runRules, type RuleRun } from '../../../runtime/shared/ruleRuns';
import {
  applyComputed,
  brokenRules,
  fieldStates,
  type Expr,
  type RuleSet,
} from '../../../runtime/shared/rules';

const keys = (e: Expr) => {
  const k = expressionInputs(e);
  return k ? [...k].sort() : null;
};

describe('the inputs of an expression', () => {
  it('are the top-level keys its variables read', () => {
    expect(keys({ '+': [{ var: 'a' }, { '*': [{ var: ['b', 0] }, 2] }] })).toEqual(['a', 'b']);
    expect(keys({ var: 'lines.0.amount' })).toEqual(['lines']);
    expect(keys({ var: ['a', { var: 'fallback' }] })).toEqual(['a', 'fallback']);
    expect(keys({ var: 3 })).toEqual(['3']);
    expect(keys({ missing: ['a', 'b.c'] })).toEqual(['a', 'b']);
    expect(keys({ missing: [['a', 'b']] })).toEqual(['a', 'b']);
    expect(keys({ missing_some: [1, ['x', 'y']] })).toEqual(['x', 'y']);
    expect(keys(5)).toEqual([]);
  });
  it('leave out what map, filter, reduce, all, none and some read from each item', () => {
    const sum: Expr = {
      reduce: [
        { var: 'lines' },
        { '+': [{ var: 'accumulator' }, { var: 'current.debit' }] },
        { var: 'start' },
      ],
    };
    expect(keys(sum)).toEqual(['lines', 'start']);
    expect(keys({ filter: [{ var: 'rows' }, { '>': [{ var: '' }, 0] }] })).toEqual(['rows']);
    expect(keys({ some: [{ var: 'rows' }, { '==': [{ var: 'x' }, 1] }] })).toEqual(['rows']);
  });
  it('are unknown (null) for the whole data or a computed name', () => {
    expect(keys({ var: '' })).toBeNull();
    expect(keys({ var: [] })).toBeNull();
    expect(keys({ var: { cat: ['f', { var: 'i' }] } })).toBeNull();
    expect(keys({ missing: { merge: [['a'], ['b']] } })).toBeNull();
    expect(keys({ missing_some: [1, { var: 'names' }] })).toBeNull();
  });
});

/** The form bench's shape: groups of ten fields, a computed field and two conditions per group. */
function groups(n: number): RuleSet {
  const computed: Record<string, Expr> = {};
  const conditions: RuleSet['conditions'] = {};
  const rules: RuleSet['rules'] = [];
  for (let g = 0; g < n; g++) {
    const at = (k: number) => `f${g * 10 + k}`;
    computed[at(6)] = { round: [{ '+': [{ '*': [{ var: at(1) }, 2] }, { var: at(8) }] }] };
    conditions[at(9)] = { visible: { '==': [{ var: at(4) }, true] } };
    conditions[at(5)] = { required: { '==': [{ var: at(3) }, 'b'] } };
    rules.push({
      id: `g${g}`,
      assert: { '<=': [{ var: at(8) }, 1000] },
      message: { fa: 'x' },
      fields: [at(8)],
    });
  }
  return { computed, conditions, rules };
}

describe('an incremental run', () => {
  it('evaluates exactly the rules whose inputs changed', () => {
    const set = groups(30);
    const values: Record<string, unknown> = {};
    for (let i = 0; i < 300; i++) values[`f${i}`] = i % 10 === 4 ? false : i;
    const want = { states: true, broken: true };
    const first = runRules(set, values, null, want);
    expect(first.evaluated).toBe(30 + 60 + 30);
    // a text field no rule reads: nothing evaluated, the same states and violations
    const typed = runRules(set, { ...values, f150: 'سلام' }, first, want);
    expect(typed.evaluated).toBe(0);
    expect(typed.states).toBe(first.states);
    expect(typed.broken).toBe(first.broken);
    // the group's money field: its computed field only (no condition or rule reads the result)
    const money = runRules(set, { ...values, f151: 7 }, first, want);
    expect(money.evaluated).toBe(1);
    expect(money.data.f156).toBe(7 * 2 + 158);
    expect(money.states).toBe(first.states);
    // the group's number field: the computed field and the rule
    expect(runRules(set, { ...values, f158: 2000 }, first, want).evaluated).toBe(2);
    // the boolean: that group's visible condition, and the states change
    const shown = runRules(set, { ...values, f154: true }, first, want);
    expect(shown.evaluated).toBe(1);
    expect(shown.states).not.toBe(first.states);
    expect(shown.states?.f159).toEqual({ visible: true, required: false, readOnly: false });
  });

  it('follows computed fields into the rules that read them, and stops where a result is the same', () => {
    const set: RuleSet = {
      computed: { sign: { if: [{ '>': [{ var: 'n' }, 0] }, 1, -1] }, label: { cat: ['s', { var: 'sign' }] } },
      conditions: { note: { visible: { '==': [{ var: 'label' }, 's1'] } } },
    };
    const a = runRules(set, { n: 5 }, null, { states: true });
    const b = runRules(set, { n: 6 }, a, { states: true });
    expect(b.evaluated).toBe(1); // sign again (the same 1): label and the condition are not
    const c = runRules(set, { n: -1 }, b, { states: true });
    expect(c.evaluated).toBe(3);
    expect(c.states?.note?.visible).toBe(false);
  });

  it('throws where a full evaluation throws, and the next run is still exact', () => {
    // json-logic's `in` calls `indexOf` of its second argument: an object whose indexOf is no function throws
    const set: RuleSet = {
      computed: { total: { '+': [{ var: 'a' }, 1] }, found: { in: ['x', { var: 'b' }] } },
    };
    const runs = new RuleRuns();
    runs.run('c', set, { a: 1, b: 'xyz' });
    const odd = { indexOf: 1 };
    expect(() => applyComputed(set, { a: 1, b: odd })).toThrow(TypeError);
    expect(() => runs.run('c', set, { a: 1, b: odd })).toThrow(TypeError);
    expect(runs.run('c', set, { a: 2, b: 'abc' }).data).toEqual(applyComputed(set, { a: 2, b: 'abc' }));
    // an unsafe expression is refused on every evaluation, not only the first (its check is not kept)
    const unsafe: RuleSet = { computed: { m: { method: ['x', 'toUpperCase'] } as Expr } };
    expect(() => runs.run('u', unsafe, {})).toThrow(/Unsafe/);
    expect(() => runs.run('u', unsafe, {})).toThrow(/Unsafe/);
    expect(() => applyComputed(unsafe, {})).toThrow(/Unsafe/);
  });
});

/** A small deterministic random source (the same sequence on every run). */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const invoiceLine: RuleSet = {
  computed: {
    amount: { round: [{ '*': [{ var: 'quantity' }, { var: 'price' }] }] },
    net: { '-': [{ var: 'amount' }, { var: 'discount' }] },
  },
  rules: [
    {
      id: 'discountWithinAmount',
      assert: { '<=': [{ var: 'discount' }, { var: 'amount' }] },
      message: { fa: 'تخفیف از مبلغ بیشتر است.' },
      fields: ['discount'],
    },
  ],
  conditions: {
    reason: { visible: { '>': [{ var: 'discount' }, 0] }, required: { '>': [{ var: 'discount' }, 0] } },
  },
};

const count: Expr = { reduce: [{ var: 'lines' }, { '+': [{ var: 'accumulator' }, 1] }, 0] };
const voucher: RuleSet = {
  computed: {
    debit: { reduce: [{ var: 'lines' }, { '+': [{ var: 'accumulator' }, { var: 'current.debit' }] }, 0] },
    credit: { reduce: [{ var: 'lines' }, { '+': [{ var: 'accumulator' }, { var: 'current.credit' }] }, 0] },
  },
  rules: [
    {
      id: 'balanced',
      assert: { '==': [{ var: 'debit' }, { var: 'credit' }] },
      message: { fa: 'جمع بدهکار و بستانکار برابر نیست.' },
      line: { table: 'lines', index: { '-': [count, 1] }, field: 'credit' },
    },
  ],
  conditions: { memo: { readOnly: { '>': [{ var: 'debit' }, 100] } } },
};

/** Computed fields reading later ones, themselves, the whole data and `missing`. */
const tangled: RuleSet = {
  computed: {
    early: { '+': [{ var: 'late' }, 1] }, // reads the stored value of a later computed field
    late: { '*': [{ var: 'x' }, 2] },
    counter: { '+': [{ var: ['counter', 0] }, { var: 'x' }] }, // reads itself
    whole: { if: [{ var: '' }, { var: 'y' }, 0] },
    named: { var: { cat: ['x', ''] } },
    absent: { missing: ['x', 'y', 'z'] },
    some: { missing_some: [2, ['x', 'y', 'z']] },
  },
  conditions: {
    y: { visible: { '!=': [{ var: 'early' }, 3] }, readOnly: { '>': [{ var: 'counter' }, 10] } },
    z: { required: { some: [{ var: 'list' }, { '==': [{ var: '' }, 2] }] } },
  },
  rules: [{ id: 'r', assert: { '<': [{ var: 'counter' }, 20] }, message: { fa: 'r' }, fields: ['x'] }],
};

const edits: Record<string, (r: () => number, data: Record<string, unknown>) => Record<string, unknown>> = {
  invoiceLine: (r, d) => {
    const k = ['quantity', 'price', 'discount', 'reason', 'other'][Math.floor(r() * 5)] as string;
    return { ...d, [k]: r() < 0.15 ? undefined : Math.floor(r() * 40) };
  },
  voucher: (r, d) => {
    if (r() < 0.3) return { ...d, memo: String(r()) };
    const lines = [...((d.lines as { debit: number; credit: number }[] | undefined) ?? [])];
    if (r() < 0.3 || lines.length === 0) lines.push({ debit: Math.floor(r() * 90), credit: 0 });
    else lines[Math.floor(r() * lines.length)] = { debit: 0, credit: Math.floor(r() * 90) };
    return { ...d, lines };
  },
  tangled: (r, d) => {
    const k = ['x', 'y', 'z', 'late', 'early', 'counter', 'list'][Math.floor(r() * 7)] as string;
    if (k === 'list') return { ...d, list: [1, Math.floor(r() * 3)] };
    return { ...d, [k]: r() < 0.2 ? null : Math.floor(r() * 6) };
  },
};

describe('incremental runs equal full evaluations', () => {
  const sets: Record<string, RuleSet> = { invoiceLine, voucher, tangled, groups: groups(3) };
  it.each(Object.keys(sets))('%s, over 300 random edits', (name) => {
    const set = sets[name] as RuleSet;
    const r = random(name.length * 7919);
    const edit =
      edits[name] ??
      ((rr: () => number, d: Record<string, unknown>) => ({
        ...d,
        [`f${Math.floor(rr() * 30)}`]: rr() < 0.5 ? Math.floor(rr() * 5) : rr() < 0.5,
      }));
    let data: Record<string, unknown> = {};
    let previous: RuleRun | null = null;
    let evaluated = 0;
    for (let i = 0; i < 300; i++) {
      data = edit(r, data);
      // as a form does: what it stores holds the computed values of the last change
      if (r() < 0.5) data = { ...data, ...applyComputed(set, data) };
      const run: RuleRun = runRules(set, data, previous, { states: true, broken: true });
      expect(run.data).toEqual(applyComputed(set, data));
      expect(run.states).toEqual(fieldStates(set, data));
      expect(run.broken).toEqual(brokenRules(set, data));
      evaluated += run.evaluated;
      previous = run;
    }
    const full =
      Object.keys(set.computed ?? {}).length +
      Object.keys(set.conditions ?? {}).length +
      (set.rules?.length ?? 0);
    expect(evaluated).toBeLessThan(300 * full);
  });
});
