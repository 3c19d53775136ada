/**
 * Lines read from a bank's file (server/treasury/lineImport.ts): CSV cells (delimiters, quotes,
 * BOM), dates in Jalali or Gregorian with any digits, amounts with separators, currency words and
 * the bank's ways of writing a negative, headers found among the first rows in Persian or English,
 * a signed amount from deposit and withdrawal columns, and problems named by line and field.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { ChildDefinition } from '../../../runtime/shared/definition';
import {
  importAmount,
  importDate,
  parseCsv,
  readTable,
  tableToLines,
} from '../../../server/treasury/lineImport';
import statement from '../../../schemas/treasury/bankStatement.json';

const child = statement.children.lines as unknown as ChildDefinition;
const spec = child.import!;

describe('statement files', () => {
  it('splits CSV by its delimiter with RFC 4180 quotes and a BOM', () => {
    expect(parseCsv('\uFEFFa,b\r\n"1,2","say ""hi"""\n')).toEqual([
      ['a', 'b'],
      ['1,2', 'say "hi"'],
    ]);
    expect(parseCsv('a;b;c\n1;2;3')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
    ]);
    expect(parseCsv('a\tb\n1\t2\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('reads Jalali and Gregorian dates in any digits', () => {
    expect(importDate('1405/02/31')).toBe('2026-05-21');
    expect(importDate('۱۴۰۵/۲/۳۱')).toBe('2026-05-21');
    expect(importDate('١٤٠٥-٠٢-٣١ 10:45')).toBe('2026-05-21');
    expect(importDate('2026-05-21')).toBe('2026-05-21');
    expect(importDate('2026/5/21')).toBe('2026-05-21');
    expect(importDate(new Date(Date.UTC(2026, 4, 21)))).toBe('2026-05-21');
    expect(importDate('1405/13/01')).toBeNull();
    expect(importDate('2026-02-30')).toBeNull();
    expect(importDate('21/05/2026')).toBeNull();
    expect(importDate(null)).toBeNull();
  });

  it('reads whole amounts with separators, currency words and negatives', () => {
    expect(importAmount('12,340,000')).toBe(12_340_000);
    expect(importAmount('۱۲٬۳۴۰٬۰۰۰ ریال')).toBe(12_340_000);
    expect(importAmount('(185,000)')).toBe(-185_000);
    expect(importAmount('185000-')).toBe(-185_000);
    expect(importAmount('-185000')).toBe(-185_000);
    expect(importAmount(4250000)).toBe(4_250_000);
    expect(importAmount('')).toBeUndefined();
    expect(importAmount(null)).toBeUndefined();
    expect(importAmount('دوازده')).toBeNull();
    expect(importAmount('12a')).toBeNull();
  });

  it('finds the header row, maps Persian headers and signs deposits and withdrawals', () => {
    const rows = parseCsv(
      [
        'گردش حساب جاری بانک ملت',
        'ردیف,تاريخ,شرح تراکنش,واريز,برداشت,شماره پيگيري',
        '1,1405/08/01,واریز نقدی,"5,000,000",,77001',
        '2,۱۴۰۵/۰۸/۰۲,چک ۱۲۳,,"1,200,000",77002',
        ',,,,,',
        '3,1405/08/03,کارمزد,,"15,000",',
      ].join('\n'),
    );
    const result = tableToLines(rows, child, spec);
    expect(result.problems).toEqual([]);
    expect(result.lines).toEqual([
      { date: '2026-10-23', description: 'واریز نقدی', amount: 5_000_000, reference: '77001' },
      // texts as every body is normalised: Western digits
      { date: '2026-10-24', description: 'چک 123', amount: -1_200_000, reference: '77002' },
      { date: '2026-10-25', description: 'کارمزد', amount: -15_000 },
    ]);
  });

  it('names the line and the field of what it cannot read, and a file without headers', () => {
    const result = tableToLines(parseCsv('date,amount\n1405/08/01,abc\nfoo,100\n,200\n'), child, spec);
    expect(result.problems).toEqual([
      { line: 0, field: 'amount', key: 'treasury.importAmount', params: { value: 'abc' } },
      { line: 1, field: 'date', key: 'treasury.importDate', params: { value: 'foo' } },
      { line: 2, field: 'date', key: 'treasury.importMissing' },
    ]);
    expect(tableToLines(parseCsv('x,y\n1,2'), child, spec).noHeader).toBe(true);
  });

  it('reads the first sheet of an XLSX, its dates and numbers as they are', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('statement');
    sheet.addRow(['Date', 'Amount', 'Reference', 'Description']);
    sheet.addRow([new Date(Date.UTC(2026, 9, 23)), 5_000_000, 77001, 'deposit']);
    sheet.addRow([
      '1405/08/02',
      '(1,200,000)',
      '77002',
      { richText: [{ text: 'cheque ' }, { text: '123' }] },
    ]);
    const data = Buffer.from(await book.xlsx.writeBuffer());
    const table = await readTable('anything.bin', data);
    expect(tableToLines(table, child, spec).lines).toEqual([
      { date: '2026-10-23', amount: 5_000_000, reference: '77001', description: 'deposit' },
      { date: '2026-10-24', amount: -1_200_000, reference: '77002', description: 'cheque 123' },
    ]);
  });
});
