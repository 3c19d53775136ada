/**
 * The stock arithmetic in memory (runtime/shared/stock.ts, server/inventory/stockBook.ts): exact
 * thousandths and Rial, rounding half away from zero, the moving average, a shortfall at the last
 * average, transfers at the cost they left at; and a lookup's hint (LookupSpec.showFields).
 */
import { describe, expect, it } from 'vitest';
import {
  fromMilli,
  issueCost,
  moved,
  mulDivRound,
  toMilli,
  valueAt,
  emptyBalance,
} from '../../../runtime/shared/stock';
import { lookupHint } from '../../../runtime/shared/lookup';
import { BookShortage, StockBook } from '../../../server/inventory/stockBook';
import type { PlannedMove } from '../../../server/inventory/stockPlan';

const move = (over: Partial<PlannedMove>): PlannedMove => ({
  move: 'm',
  direction: 'in',
  forEach: 'lines',
  lineIndex: 0,
  lineId: null,
  item: 1,
  warehouse: 1,
  quantity: 1000n,
  unitCost: null,
  pairWith: null,
  ...over,
});

describe('stock arithmetic', () => {
  it('keeps quantities in exact thousandths', () => {
    expect(toMilli(2.345)).toBe(2345n);
    expect(toMilli(0.1 + 0.2)).toBe(300n);
    expect(toMilli('7')).toBe(7000n);
    expect(toMilli('x')).toBeNull();
    expect(fromMilli(2345n)).toBe(2.345);
    expect(fromMilli(-1500n)).toBe(-1.5);
    expect(valueAt(1001, 3500n)).toBe(3504n); // 3503.5 → 3504
  });

  it('rounds a × q / b half away from zero, beyond 2^53', () => {
    expect(mulDivRound(7004n, 2000n, 7000n)).toBe(2001n);
    expect(mulDivRound(5n, 1n, 2n)).toBe(3n);
    expect(mulDivRound(-5n, 1n, 2n)).toBe(-3n);
    const big = 9_000_000_000_000_000n;
    expect(mulDivRound(big, 3n, 7n)).toBe((big * 3n * 2n + 7n) / 14n);
  });

  it('issues at the moving average and the last issue takes what value is left', () => {
    let b = moved(emptyBalance(), 3000n, 3000n);
    b = moved(b, 4000n, 4004n);
    const first = issueCost(b, 2000n);
    expect(first).toBe(2001n);
    b = moved(b, -2000n, -first);
    expect(b).toEqual({ quantity: 5000n, value: 5003n, unitCost: 1001n });
    const last = issueCost(b, 5000n);
    expect(moved(b, -5000n, -last)).toMatchObject({ quantity: 0n, value: 0n });
  });

  it('costs a shortfall at the last average unit cost', () => {
    const b = moved(emptyBalance(), 2000n, 3000n);
    expect(issueCost(b, 5000n)).toBe(7500n);
  });
});

describe('the stock book', () => {
  it('applies a document all or nothing, and a transfer in at the cost it went out at', () => {
    const book = new StockBook();
    book.apply([move({ quantity: 3000n, unitCost: 1000 }), move({ quantity: 3000n, unitCost: 1001 })]);
    const costs = book.apply([
      move({ move: 'out', direction: 'out', quantity: 2000n }),
      move({ move: 'in', warehouse: 2, quantity: 2000n, pairWith: 'out' }),
    ]);
    expect(costs).toEqual([2001n, 2001n]);
    expect(book.balance(1, 2)).toMatchObject({ quantity: 2000n, value: 2001n });
    const before = book.balance(1, 1);
    expect(() =>
      book.apply([
        move({ direction: 'out', quantity: 1000n }),
        move({ direction: 'out', quantity: 9000n, lineIndex: 1 }),
      ]),
    ).toThrow(BookShortage);
    expect(book.balance(1, 1)).toEqual(before);
  });

  it('lets an item allowing negative stock go below zero', () => {
    const book = new StockBook((item) => item === 7);
    book.apply([move({ item: 7, quantity: 2000n, unitCost: 1500 })]);
    expect(book.apply([move({ item: 7, direction: 'out', quantity: 5000n })])).toEqual([7500n]);
    expect(book.balance(7, 1)).toMatchObject({ quantity: -3000n, value: -4500n });
  });
});

describe('a lookup hint', () => {
  it('shows the declared fields of an offered row with their labels, in the digits of the language', () => {
    const spec = {
      entity: 'inventory.item',
      displayField: 'name',
      showFields: [{ field: 'onHand', label: { fa: 'موجودی', en: 'On hand' } }],
    };
    expect(lookupHint({ id: 1, onHand: 1250.5 }, spec, 'fa')).toBe('موجودی: ۱۲۵۰٫۵');
    expect(lookupHint({ id: 1, onHand: 3 }, spec, 'en')).toBe('On hand: 3');
    expect(lookupHint({ id: 1 }, spec, 'fa')).toBe('');
  });
});
