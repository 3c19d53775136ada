import { describe, expect, it } from 'vitest';
import type { EntityDefinition, EntityRow } from '../../../runtime/shared/definition';
import invoiceJson from '../../../schemas/sales/invoice.json';
import { lookupIds, printModel, textKey } from '../../../renderers/print/printData';

const invoice = invoiceJson as unknown as EntityDefinition;
const row = {
  id: 7,
  version: 1,
  number: 'F-1405-007',
  customer: 3,
  date: '2026-11-22',
  total: 130_000,
  discount: 20_000,
  tax: 11_000,
  grandTotal: 121_000,
  // settled in part: what is still open, kept by the server (docs/treasury.md)
  openAmount: 21_000,
  grandTotalWords: 'صد و بیست و یک هزار ریال',
  lines: [
    { item: 11, quantity: 2, unitPrice: 50_000, amount: 100_000 },
    { item: 12, quantity: 1, unitPrice: 30_000, amount: 30_000 },
  ],
} as EntityRow;

describe('print model of a definition', () => {
  it('collects the lookup ids of the fields and lines', () => {
    const ids = lookupIds(invoice, row);
    expect([...ids.get('sales.customer')!]).toEqual([3]);
    expect([...ids.get('inventory.item')!]).toEqual([11, 12]);
  });

  it('header fields with lookup texts and Jalali dates, lines, money totals and the amount in words', () => {
    const texts = new Map([
      [textKey('sales.customer', 3), 'شرکت نمونه'],
      [textKey('inventory.item', 11), 'شکر'],
    ]);
    const model = printModel(invoice, row, texts, 'fa');
    expect(model.title).toBe('فاکتورهای فروش');
    expect(model.heading).toBe('F-1405-007');
    expect(model.fields.map((f) => [f.name, f.text])).toEqual([
      ['number', 'F-۱۴۰۵-۰۰۷'],
      ['customer', 'شرکت نمونه'],
      ['date', '۱۴۰۵/۰۹/۰۱'],
    ]);
    expect(model.totals.map((f) => f.text)).toEqual(['۱۳۰٬۰۰۰', '۲۰٬۰۰۰', '۱۱٬۰۰۰', '۱۲۱٬۰۰۰', '۲۱٬۰۰۰']);
    // the words are of the grand total, not of the open amount printed after it
    expect(model.words).toBe('صد و بیست و یک هزار ریال');
    const lines = model.tables[0]!;
    expect(lines.columns.map((c) => c.name)).toEqual([
      'item',
      'description',
      'quantity',
      'unitPrice',
      'amount',
      // what was returned of the line (docs/chain.md); the pro-forma line it came from is not printed
      'returnedQuantity',
      'discount',
      'taxCode',
      // the rate in basis points is not shown (hiddenInGrid)
      'tax',
    ]);
    expect(lines.rows[0]).toEqual(['شکر', '', '۲', '۵۰٬۰۰۰', '۱۰۰٬۰۰۰', '', '', '', '']);
    // a text not fetched (no permission) leaves the id, in the digits of the language as elsewhere
    expect(lines.rows[1]![0]).toBe('۱۲');
  });
});
