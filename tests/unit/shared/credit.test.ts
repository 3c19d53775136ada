/**
 * The pure parts of the credit check (runtime/shared/credit.ts): the mode a setting's value means,
 * the limit a party's row holds, the document's amount (a field or an expression, whole Rial), the
 * comparison (at the limit is within it) and the figures as the message shows them, exact past 2^53.
 */
import { describe, expect, it } from 'vitest';
import {
  creditAmount,
  creditExcess,
  creditLimitOf,
  creditMode,
  creditParams,
  wholeRial,
} from '../../../runtime/shared/credit';
import { formatMoney } from '../../../runtime/shared/fieldKinds/numberText';
import type { Expr } from '../../../runtime/shared/rules';

describe('credit check, pure parts', () => {
  it('reads the mode: warn and off as written, anything else (missing included) refuses', () => {
    expect(creditMode('warn')).toBe('warn');
    expect(creditMode(' OFF ')).toBe('off');
    expect(creditMode('refuse')).toBe('refuse');
    for (const v of [undefined, null, '', 'sometimes', 'warning']) expect(creditMode(v)).toBe('refuse');
    // the words the settings grid shows may be typed too
    expect(creditMode('هشدار')).toBe('warn');
    expect(creditMode(' بدون  بررسی ')).toBe('off');
    expect(creditMode('رد')).toBe('refuse');
  });

  it('reads a limit: whole Rial above zero, else none (empty, zero, negative, not a number)', () => {
    expect(creditLimitOf(5_000_000)).toBe(5_000_000n);
    // PostgreSQL answers bigint columns as text, numeric sums with a zero scale
    expect(creditLimitOf('9007199254740993')).toBe(9_007_199_254_740_993n);
    expect(creditLimitOf('12.00')).toBe(12n);
    for (const v of [null, undefined, '', 0, '0', -5, 1.5, 'many', Number.MAX_SAFE_INTEGER + 2])
      expect(creditLimitOf(v)).toBeNull();
    expect(wholeRial(-7)).toBe(-7n);
  });

  it('takes the amount from a field or an expression over the document and its lines, whole Rial', () => {
    const values = { grandTotal: 1_100_000, discount: 0.5 };
    const lines = { lines: [{ amount: 400 }, { amount: 600.5 }] };
    expect(creditAmount('grandTotal', values, lines)).toBe(1_100_000n);
    const sum: Expr = {
      reduce: [{ var: 'lines' }, { '+': [{ var: 'accumulator' }, { var: 'current.amount' }] }, 0],
    };
    // 1000.5 rounds half away from zero
    expect(creditAmount(sum, values, lines)).toBe(1001n);
    expect(creditAmount('missing', values, lines)).toBe(0n);
    expect(creditAmount({ cat: ['a', 'b'] }, values, lines)).toBeNull();
    expect(creditAmount('discount', values, lines)).toBe(1n);
  });

  it('passes at the limit exactly and counts the excess beyond it', () => {
    expect(creditExcess({ limit: 2_200_000n, balance: 1_100_000n, amount: 1_100_000n })).toBeNull();
    expect(creditExcess({ limit: 2_200_000n, balance: 1_100_000n, amount: 1_100_001n })).toBe(1n);
    // a party that paid in advance has room beyond its limit
    expect(creditExcess({ limit: 1_000n, balance: -500n, amount: 1_500n })).toBeNull();
    // balances past 2^53 stay exact
    const big = 2n ** 60n;
    expect(creditExcess({ limit: big, balance: big, amount: 1n })).toBe(1n);
  });

  it('writes the figures as people read them: Persian digits and «٬» in fa, exact past 2^53', () => {
    const figures = { limit: 2_000_000n, balance: 9_007_199_254_740_993n, amount: 1_100_000n };
    const excess = creditExcess(figures)!;
    expect(creditParams('C-0001 — شیرین', 'مشتری', figures, excess, 'fa')).toEqual({
      label: 'مشتری',
      party: 'C-0001 — شیرین',
      limit: '۲٬۰۰۰٬۰۰۰',
      balance: '۹٬۰۰۷٬۱۹۹٬۲۵۴٬۷۴۰٬۹۹۳',
      amount: '۱٬۱۰۰٬۰۰۰',
      excess: '۹٬۰۰۷٬۱۹۹٬۲۵۳٬۸۴۰٬۹۹۳',
    });
    expect(formatMoney(-1_234_567n, 'en')).toBe('-1,234,567');
    expect(formatMoney(1_234_567, 'fa')).toBe('۱٬۲۳۴٬۵۶۷');
  });
});
