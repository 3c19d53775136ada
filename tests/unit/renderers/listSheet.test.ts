/** The list print's sheet (runtime/shared/print/listSheet.ts) and the route's request (src/pages/ListPrintRoute.tsx). */
import { describe, expect, it } from 'vitest';
import type { EntityDefinition } from '../../../runtime/shared/definition';
import receiptJson from '../../../schemas/treasury/receipt.json';
import { listSheet, type ListSheetLabels } from '../../../runtime/shared/print/listSheet';
import { listPrintRequest } from '../../../src/pages/ListPrintRoute';

const receipt = receiptJson as unknown as EntityDefinition;
const labels: ListSheetLabels = {
  row: 'ردیف',
  sum: 'جمع',
  printedAt: 'تاریخ چاپ',
  count: (n) => `${n} ردیف`,
  cut: (max, total) => `${max} از ${total}`,
  search: (text) => `جست‌وجو: ${text}`,
};

const answer = {
  columns: ['number', 'date', 'party', 'amount', 'nope'],
  total: 2,
  max: 5000,
  rows: [
    { id: 1, number: 'R-1', date: '2026-11-20', party: 3, party__display: 'مشتری سه', amount: 2_500_000 },
    // past 2^53 together: summed exactly
    { id: 2, number: 'R-2', date: '2026-03-21', party: 4, amount: 9_007_199_254_740_000 },
  ],
};

describe('list print sheet', () => {
  it('prints the columns as the grid shows them: lookups, Jalali dates, grouped Rials, exact sums', () => {
    const sheet = listSheet({
      definition: receipt,
      answer,
      company: { name: 'شرکت نمونه', phone: '021-88776655', logo: 'data:image/png;base64,AAA1' },
      lang: 'fa',
      labels,
      today: '2026-11-27',
      q: ' R- ',
    });
    expect(sheet.title).toBe('دریافت‌ها');
    // a column the definition does not have is not printed
    expect(sheet.columns.map((c) => c.name)).toEqual(['number', 'date', 'party', 'amount']);
    expect(sheet.rows[0]).toEqual(['R-۱', '۱۴۰۵/۰۸/۲۹', 'مشتری سه', '۲٬۵۰۰٬۰۰۰']);
    // a lookup without a display text (not readable) prints its id
    expect(sheet.rows[1]![2]).toBe('۴');
    expect(sheet.sums).toEqual(['', '', '', '۹٬۰۰۷٬۱۹۹٬۲۵۷٬۲۴۰٬۰۰۰']);
    expect(sheet.count).toBe('۲ ردیف');
    expect(sheet.cut).toBeUndefined();
    expect(sheet.search).toBe('جست‌وجو: R-');
    expect(sheet.printedAt).toBe('۱۴۰۵/۰۹/۰۶');
    expect(sheet.company.phone).toBe('۰۲۱-۸۸۷۷۶۶۵۵');
    expect(sheet.company.logo).toBe('data:image/png;base64,AAA1');
  });

  it('says when the server cut the list', () => {
    const sheet = listSheet({
      definition: receipt,
      answer: { ...answer, total: 7200, columns: ['number'] },
      company: {},
      lang: 'fa',
      labels,
      today: '2026-11-27',
    });
    expect(sheet.cut).toBe('۲ از ۷۲۰۰');
    expect(sheet.count).toBe('۷۲۰۰ ردیف');
    expect(sheet.sums).toBeUndefined();
  });

  it("reads the route's list request and refuses what is not one", () => {
    expect(listPrintRequest(null)).toEqual({});
    expect(listPrintRequest('{"q":"x","columns":["a"],"sortModel":[],"filterModel":{},"other":1}')).toEqual({
      q: 'x',
      columns: ['a'],
      sortModel: [],
      filterModel: {},
    });
    expect(listPrintRequest('[1]')).toBeNull();
    expect(listPrintRequest('{bad')).toBeNull();
  });
});
