import { describe, expect, it } from 'vitest';
import { exactAdd, exactMultiply, exactRound } from '../../../runtime/shared/decimal';
import { evaluate } from '../../../runtime/shared/rules';

describe('exact decimal arithmetic of rule expressions', () => {
  it('multiplies and adds the decimals as written', () => {
    expect(exactMultiply(0.145, 100)).toBe(14.5);
    expect(exactMultiply(0.00465, 10000)).toBe(46.5);
    expect(exactAdd(0.1, 0.2)).toBe(0.3);
    expect(exactAdd(9007199254740991, -9007199254740990)).toBe(1);
  });

  it('rounds half away from zero on the decimal value', () => {
    expect(exactRound(14.5)).toBe(15);
    expect(exactRound(-14.5)).toBe(-15);
    expect(exactRound(1.005, 2)).toBe(1.01);
    expect(exactRound(Infinity)).toBe(0);
  });

  it('is what the rule module computes for a line amount', () => {
    const amount = { round: [{ '*': [{ var: 'quantity' }, { var: 'unitPrice' }] }] };
    expect(evaluate(amount, { quantity: 0.285, unitPrice: 100 })).toBe(29);
    expect(evaluate({ '-': [{ var: 'a' }, { var: 'b' }] }, { a: 0.3, b: 0.1 })).toBe(0.2);
  });
});
