/** Print formats (runtime/shared/printFormat.ts) and a format applied to a row (print/sheetModel.ts). */
import { describe, expect, it } from 'vitest';
import type { EntityDefinition, EntityRow } from '../../../runtime/shared/definition';
import invoiceJson from '../../../schemas/sales/invoice.json';
import voucherJson from '../../../schemas/accounting/voucher.json';
import customerJson from '../../../schemas/sales/customer.json';
import {
  genericFormat,
  printFormatOf,
  printFormatProblems,
  singularTitle,
} from '../../../runtime/shared/printFormat';
import { loadLookups } from '../../../runtime/shared/print/loadPrint';
import { sheetModel, type SheetBlock, type SheetLabels } from '../../../runtime/shared/print/sheetModel';

const invoice = invoiceJson as unknown as EntityDefinition;
const labels = Object.fromEntries(
  [
    'economicCode',
    'nationalId',
    'postalCode',
    'address',
    'phone',
    'row',
    'sum',
    'amountInWords',
    'printedAt',
  ].map((k) => [k, k]),
) as unknown as SheetLabels;

const row = {
  id: 7,
  version: 1,
  number: 'F-1405-007',
  customer: 3,
  date: '2026-11-22',
  total: 130_000,
  discount: 20_000,
  tax: 9_900,
  grandTotal: 119_900,
  sellerName: 'شرکت نمونه',
  sellerEconomicCode: '10103456783',
  buyerEconomicCode: '411111111111',
  lines: [
    { item: 11, quantity: 2, unitPrice: 50_000, amount: 100_000, discount: 20_000, tax: 7_200 },
    { item: 12, quantity: 1, unitPrice: 30_000, amount: 30_000, discount: 0, tax: 2_700 },
  ],
} as EntityRow;

const db: Record<string, Record<string, unknown>> = {
  'sales.customer#3': { id: 3, name: 'مشتری سه', address: 'تهران، خیابان ۱' },
  'inventory.item#11': { id: 11, name: 'شکر', code: 'I-1001', unit: 5 },
  'inventory.item#12': { id: 12, name: 'برنج', code: 'I-1002', unit: 5 },
  'inventory.unit#5': { id: 5, title: 'کیلوگرم' },
};

describe('print formats', () => {
  it('makes a plural title singular for the generic format', () => {
    expect(singularTitle({ fa: 'فاکتورهای فروش', en: 'Sales invoices' })).toEqual({
      fa: 'فاکتور فروش',
      en: 'Sales invoice',
    });
    expect(singularTitle({ fa: 'چک‌ها' }).fa).toBe('چک');
    const customer = customerJson as unknown as EntityDefinition;
    // a broken plural is kept; a definition's recordTitle is the singular it prints
    expect(genericFormat(customer).title.fa).toBe(customer.title.fa);
    expect(genericFormat(invoice).title.fa).toBe('فاکتور فروش');
    expect(printFormatOf(customer).name).toBe('generic');
  });

  it('ships the official invoice and the voucher formats, valid and default', () => {
    expect(printFormatProblems(invoice)).toEqual([]);
    expect(printFormatProblems(voucherJson as unknown as EntityDefinition)).toEqual([]);
    expect(printFormatOf(invoice).title.fa).toBe('صورتحساب فروش کالا و خدمات');
  });

  it('finds a wrong field, a second default and an unsafe expression', () => {
    const bad = {
      ...invoice,
      printFormats: [
        {
          name: 'a',
          title: { fa: 'الف' },
          default: true,
          blocks: [{ kind: 'party', title: { fa: 'x' }, values: [{ field: 'nope' }] }],
        },
        {
          name: 'b',
          title: { fa: 'ب' },
          default: true,
          blocks: [{ kind: 'lines', table: 'lines', columns: [{ expr: { eval: [] }, label: { fa: 'ج' } }] }],
        },
      ],
    } as unknown as EntityDefinition;
    const problems = printFormatProblems(bad).join('\n');
    expect(problems).toContain('no field nope');
    expect(problems).toContain('more than one default');
    expect(problems).toContain('unsafe operations');
  });

  it('draws the official invoice: seller and buyer blocks, the official line columns, Persian digits', async () => {
    const format = printFormatOf(invoice);
    const { texts, rows } = await loadLookups(
      invoice,
      format,
      row,
      async (e, id) => db[`${e}#${id}`] ?? null,
    );
    const sheet = sheetModel({
      definition: invoice,
      format,
      row,
      texts,
      rows,
      company: { name: 'شرکت نمونه', economicCode: '۱۰۱۰۳۴۵۶۷۸۳' },
      lang: 'fa',
      labels,
      today: '2026-11-27',
    });
    expect(sheet.title).toBe('صورتحساب فروش کالا و خدمات');
    expect(sheet.printedAt).toBe('۱۴۰۵/۰۹/۰۶');
    const of = <K extends SheetBlock['kind']>(kind: K) =>
      sheet.blocks.filter((b): b is Extract<SheetBlock, { kind: K }> => b.kind === kind);
    const [seller, buyer] = of('party');
    expect(seller!.cells.map((c) => c.text)).toEqual(['شرکت نمونه', '۱۰۱۰۳۴۵۶۷۸۳', '', '']);
    expect(buyer!.cells.find((c) => c.label === 'نشانی')!.text).toBe('تهران، خیابان ۱');
    expect(buyer!.cells[0]!.text).toBe('مشتری سه');
    const lines = of('lines')[0]!.lines;
    expect(lines.columns.map((c) => c.label)).toHaveLength(10);
    expect(lines.rows[0]).toEqual([
      'I-۱۰۰۱',
      'شکر',
      '۲',
      'کیلوگرم',
      '۵۰٬۰۰۰',
      '۱۰۰٬۰۰۰',
      '۲۰٬۰۰۰',
      '۸۰٬۰۰۰',
      '۷٬۲۰۰',
      '۸۷٬۲۰۰',
    ]);
    expect(lines.sums!.at(-1)).toBe('۱۱۹٬۹۰۰');
    expect(of('words')[0]!.text).toBe('صد و نوزده هزار و نهصد ریال');
    expect(of('signatures')[0]!.boxes).toHaveLength(2);
  });
});
