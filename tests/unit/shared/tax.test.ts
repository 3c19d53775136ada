/** The pure part of VAT per line (runtime/shared/tax.ts, docs/tax.md) and the economic code's check. */
import { describe, expect, it } from 'vitest';
import {
  lineTax,
  rateOn,
  ratePercent,
  shareDiscount,
  taxFigures,
  type TaxCode,
} from '../../../runtime/shared/tax';
import { isEconomicCode } from '../../../runtime/shared/formats';
import { SEED_TAX_CODES } from '../../../runtime/shared/taxSeed';

const general: TaxCode = { id: 1, code: 'VAT', exempt: false, rates: SEED_TAX_CODES[0]!.rates };

describe('the rate of a tax code on a day', () => {
  it('is the rate whose dates hold the day: 9% on the last day of 1402, 10% from 1403/01/01', () => {
    expect(rateOn(general, '2024-03-19')).toBe(900);
    expect(rateOn(general, '2024-03-20')).toBe(1000);
    expect(rateOn(general, '2026-10-01T00:00:00Z')).toBe(1000);
    // before the first rate: none (the document is refused)
    expect(rateOn(general, '2020-01-01')).toBeNull();
  });

  it('is 0 for an exempt code, and the latest start wins where dates overlap', () => {
    expect(rateOn({ id: 2, code: 'EX', exempt: true, rates: [] }, '2026-01-01')).toBe(0);
    const overlap: TaxCode = {
      id: 3,
      code: 'O',
      exempt: false,
      rates: [
        { validFrom: '2026-01-01', rate: 500 },
        { validFrom: '2026-06-01', validTo: '2026-06-30', rate: 700 },
      ],
    };
    expect(rateOn(overlap, '2026-06-15')).toBe(700);
    expect(rateOn(overlap, '2026-07-01')).toBe(500);
  });
});

describe('rounding and sharing', () => {
  it('rounds a line half up to the Rial (half away from zero for a return)', () => {
    expect(lineTax(105n, 1000)).toBe(11n);
    expect(lineTax(104n, 1000)).toBe(10n);
    expect(lineTax(-105n, 1000)).toBe(-11n);
    expect(lineTax(12_345n, 900)).toBe(1_111n);
    // far past 2^53 the figure stays exact
    expect(lineTax(90_000_000_000_000_005n, 1000)).toBe(9_000_000_000_000_001n);
  });

  it('shares a discount in proportion, summing exactly to it (largest remainders first)', () => {
    expect(shareDiscount([120_000n, 25_000n], 18_000n)).toEqual([14_897n, 3_103n]);
    expect(shareDiscount([1n, 1n, 1n], 2n)).toEqual([1n, 1n, 0n]);
    expect(shareDiscount([100n], 500n)).toEqual([100n]);
    expect(shareDiscount([0n, 0n], 5n)).toEqual([0n, 0n]);
  });

  it('taxes each line on its net amount; the total is the sum of the rounded lines', () => {
    const shared = taxFigures(
      [
        { base: 105, rate: 1000 },
        { base: 105, rate: 1000 },
        { base: 3_000_000, rate: 0 },
      ],
      0,
    );
    expect(shared.lines.map((l) => l.tax)).toEqual([11n, 11n, 0n]);
    expect(shared.total).toBe(22n);
    // each line's own discount (a promotion of its item) rather than a shared one
    const own = taxFigures(
      [
        { base: 120_000, rate: 1000, discount: 18_000 },
        { base: 25_000, rate: 0, discount: 0 },
      ],
      18_000,
      true,
    );
    expect(own.lines.map((l) => [l.net, l.tax])).toEqual([
      [102_000n, 10_200n],
      [25_000n, 0n],
    ]);
  });

  it('shows a rate as a percent in the language', () => {
    expect(ratePercent(1000, 'fa')).toBe('۱۰٪');
    expect(ratePercent(750, 'en')).toBe('7.5%');
  });
});

describe('the economic code', () => {
  it("is a person's national code, a legal person's national id or an older 12-digit code", () => {
    expect(isEconomicCode('0499370899')).toBe(true);
    expect(isEconomicCode('0499370898')).toBe(false);
    expect(isEconomicCode('10103456783')).toBe(true);
    expect(isEconomicCode('10103456784')).toBe(false);
    expect(isEconomicCode('411111111111')).toBe(true);
    expect(isEconomicCode('۰۴۹۹۳۷۰۸۹۹')).toBe(true);
    expect(isEconomicCode('12345')).toBe(false);
  });
});
