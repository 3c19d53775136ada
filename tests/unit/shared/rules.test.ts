import { describe, expect, it } from 'vitest';
import {
  applyComputed,
  brokenRules,
  evaluate,
  fieldStates,
  unsafeOperations,
  type Expr,
  type RuleSet,
} from '../../../runtime/shared/rules';

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

const voucher: RuleSet = {
  rules: [
    {
      id: 'balanced',
      assert: {
        '==': [
          { reduce: [{ var: 'lines' }, { '+': [{ var: 'accumulator' }, { var: 'current.debit' }] }, 0] },
          { reduce: [{ var: 'lines' }, { '+': [{ var: 'accumulator' }, { var: 'current.credit' }] }, 0] },
        ],
      },
      message: { fa: 'جمع بدهکار و بستانکار برابر نیست.', en: 'Debits and credits differ.' },
    },
  ],
};

describe('computed fields', () => {
  it('line amount = quantity × price, rounded to whole Rials, chained into net', () => {
    expect(applyComputed(invoiceLine, { quantity: 3, price: 12500, discount: 500 })).toMatchObject({
      amount: 37500,
      net: 37000,
    });
    expect(applyComputed(invoiceLine, { quantity: 1.5, price: 3333, discount: 0 }).amount).toBe(5000);
  });
  it('does not mutate the input', () => {
    const values = { quantity: 2, price: 10, discount: 0 };
    applyComputed(invoiceLine, values);
    expect(values).toEqual({ quantity: 2, price: 10, discount: 0 });
  });
});

describe('cross-field rules', () => {
  it('a balanced voucher passes, an unbalanced one names the rule', () => {
    const lines = [
      { debit: 1000, credit: 0 },
      { debit: 0, credit: 1000 },
    ];
    expect(brokenRules(voucher, { lines })).toEqual([]);
    const broken = brokenRules(voucher, { lines: [...lines, { debit: 5, credit: 0 }] });
    expect(broken.map((b) => b.rule)).toEqual(['balanced']);
  });
  it('a rule that names its line reports the cell; an index outside the lines reports none', () => {
    const count: Expr = { reduce: [{ var: 'lines' }, { '+': [{ var: 'accumulator' }, 1] }, 0] };
    const set: RuleSet = {
      rules: [
        {
          ...voucher.rules![0]!,
          line: { table: 'lines', index: { '-': [count, 1] }, field: 'credit' },
        },
      ],
    };
    const lines = [
      { debit: 1000, credit: 0 },
      { debit: 0, credit: 900 },
    ];
    expect(brokenRules(set, { lines })[0]?.line).toEqual({ table: 'lines', index: 1, field: 'credit' });
    const outside: RuleSet = {
      rules: [{ ...set.rules![0]!, line: { table: 'lines', index: 5, field: 'credit' } }],
    };
    expect(brokenRules(outside, { lines })[0]?.line).toBeUndefined();
  });
  it('rules see computed values', () => {
    expect(brokenRules(invoiceLine, { quantity: 1, price: 100, discount: 200 })[0]?.fields).toEqual([
      'discount',
    ]);
    expect(brokenRules(invoiceLine, { quantity: 3, price: 100, discount: 200 })).toEqual([]);
  });
});

describe('conditional states', () => {
  it('visible and required follow the data; computed fields are read-only', () => {
    expect(fieldStates(invoiceLine, { quantity: 1, price: 1, discount: 0 }).reason).toEqual({
      visible: false,
      required: false,
      readOnly: false,
    });
    const states = fieldStates(invoiceLine, { quantity: 1, price: 1, discount: 1 });
    expect(states.reason).toEqual({ visible: true, required: true, readOnly: false });
    expect(states.amount?.readOnly).toBe(true);
  });
});

describe('safety', () => {
  it('refuses json-logic-js method calls and unknown operations', () => {
    expect(unsafeOperations({ method: [{ var: '' }, 'constructor'] })).toEqual(['method']);
    expect(() => evaluate({ method: ['abc', 'toUpperCase'] } as never, {})).toThrow(/Unsafe/);
    expect(unsafeOperations({ '+': [1, { var: 'a' }] })).toEqual([]);
    expect(unsafeOperations({ a: 1, b: 2 })).toEqual(['{a,b}']);
  });
});
