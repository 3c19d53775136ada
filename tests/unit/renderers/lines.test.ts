import { describe, expect, it } from 'vitest';
import {
  buildLineColumns,
  editableFields,
  lineCellParser,
  lineCellText,
} from '../../../renderers/form/lines/lineColumns';
import {
  computeLine,
  copyLines,
  emptyLine,
  errorList,
  insertLine,
  isBlankLine,
  linesToSend,
  mergeCellErrors,
  nextCell,
  removeLines,
  serverCellErrors,
  setCell,
  toGridLines,
  validateLines,
  withoutCell,
  type GridLine,
} from '../../../renderers/form/lines/lines';
import { invoice, voucher } from './defs';
import { precompiled } from './validators';
import { serverText } from '../../support/messages';

const lines = invoice.children!.lines!;
const vlines = voucher.children!.lines!;
const t = (key: string) => key;

const rows = (...values: Record<string, unknown>[]): GridLine[] => toGridLines(lines, values);

describe('lines: row operations', () => {
  it('inserts, removes and copies lines keeping order and giving copies new keys', () => {
    const [a, b, c] = rows({ item: 'a' }, { item: 'b' }, { item: 'c' });
    const start = [a!, b!, c!];
    const added = insertLine(start, { key: 'x', v: { item: 'x' } }, 1);
    expect(added.map((r) => r.v.item)).toEqual(['a', 'x', 'b', 'c']);
    expect(insertLine(start, { key: 'y', v: {} }).at(-1)?.key).toBe('y');
    expect(removeLines(added, ['x', a!.key]).map((r) => r.v.item)).toEqual(['b', 'c']);
    const { rows: copied, copies } = copyLines(start, [a!.key, c!.key]);
    expect(copied.map((r) => r.v.item)).toEqual(['a', 'a', 'b', 'c', 'c']);
    expect(copies).toHaveLength(2);
    expect(new Set(copied.map((r) => r.key)).size).toBe(5);
    copies[0]!.v.item = 'changed';
    expect(a!.v.item).toBe('a'); // a copy, not the same values
  });

  it('drops blank lines before save and remembers which key went out at which index', () => {
    const r = [...rows({ item: 'a', quantity: 1, unitPrice: 5 }), { key: 'blank', v: emptyLine(lines) }];
    r.push(...rows({ item: 'c', quantity: 2, unitPrice: 1 }));
    expect(isBlankLine(lines, r[1]!.v)).toBe(true);
    const sent = linesToSend(lines, r);
    expect(sent.lines.map((l) => l.item)).toEqual(['a', 'c']);
    expect(sent.keys).toEqual([r[0]!.key, r[2]!.key]);
  });

  it('keeps the stored line id apart from the values and sends it back; copies and new lines have none', () => {
    const [stored, fresh] = toGridLines(lines, [
      { id: 7, item: 'a', quantity: 1, unitPrice: 5 },
      { item: 'b', quantity: 2, unitPrice: 1 },
    ]);
    expect(stored).toMatchObject({ id: 7 });
    expect(stored!.v).not.toHaveProperty('id');
    expect(fresh).not.toHaveProperty('id');
    const { rows: all } = copyLines([stored!, fresh!], [stored!.key]);
    expect(all.map((r) => r.id)).toEqual([7, undefined, undefined]);
    expect(linesToSend(lines, all, true).lines.map((l) => l.id)).toEqual([7, undefined, undefined]);
    expect(linesToSend(lines, all).lines.every((l) => !('id' in l))).toBe(true);
  });

  it('a read-only line field (field permission) is not an editable column', () => {
    const child = structuredClone(lines);
    child.schema.properties.unitPrice!.readOnly = true;
    // the line's tax code is the server's (the item's code decides: docs/tax.md)
    expect(editableFields(child, false)).toEqual(['item', 'description', 'quantity']);
    const cols = buildLineColumns({
      child,
      lang: 'fa',
      readOnly: false,
      errorOf: () => '',
      onCellSet: () => {},
    });
    const price = cols.find((c) => c.colId === 'unitPrice')!;
    expect(price.editable).toBe(false);
    expect(price.cellClass).toBe('erp-line-cell-readonly');
    expect(cols.find((c) => c.colId === 'quantity')!.editable).toBe(true);
  });

  it('Enter goes to the next editable cell, then the next line, then adds a line', () => {
    const cols = ['item', 'quantity', 'unitPrice'];
    expect(nextCell(cols, 0, 'item', 2)).toEqual({ rowIndex: 0, colId: 'quantity' });
    expect(nextCell(cols, 0, 'unitPrice', 2)).toEqual({ rowIndex: 1, colId: 'item' });
    expect(nextCell(cols, 1, 'unitPrice', 2)).toBe('add');
  });
});

describe('lines: computed fields', () => {
  it('recomputes amount = round(quantity × unitPrice) when a cell is set', () => {
    let line = setCell(lines, { item: 'x' }, 'quantity', 2.5);
    line = setCell(lines, line, 'unitPrice', 1001);
    expect(line.amount).toBe(2503); // 2502.5 rounded half away from zero
    expect(setCell(lines, line, 'quantity', undefined)).not.toHaveProperty('quantity');
    expect(computeLine(lines, { quantity: 3, unitPrice: 7, amount: 1 }).amount).toBe(21);
  });

  it('parses typed cell text from any digits and Jalali dates; formats Rial in Persian digits', () => {
    const price = lineCellParser(lines, 'unitPrice');
    expect(price('۱۲٬۵۰۰')).toBe(12500);
    expect(price('abc')).toBe('abc'); // kept so validation reports it
    expect(price('  ')).toBeUndefined();
    const dated = {
      schema: { type: 'object' as const, properties: { on: { type: 'string' as const, format: 'date' } } },
      fields: {},
    };
    expect(lineCellParser(dated, 'on')('۱۴۰۵/۰۹/۰۱')).toBe('2026-11-22');
    expect(lineCellText(lines, 'unitPrice', 1234567, 'fa')).toBe('۱٬۲۳۴٬۵۶۷');
    expect(lineCellText(lines, 'quantity', 2.5, 'fa')).toBe('۲.۵');
  });
});

describe('lines: errors', () => {
  it('validates lines with the line schema and the line rules, skipping blank lines', () => {
    const r = rows({ item: 'a', quantity: 0, unitPrice: 5 }, {}, { quantity: 'x', unitPrice: 1 });
    const errors = validateLines(lines, precompiled(lines.schema), r, t);
    expect(errors.get(r[0]!.key)).toEqual({ quantity: 'validation.minimum' });
    expect(errors.has(r[1]!.key)).toBe(false);
    expect(errors.get(r[2]!.key)).toMatchObject({ item: 'validation.required', quantity: 'validation.type' });

    const v = toGridLines(vlines, [{ account: '1101', debit: 5, credit: 5 }]);
    expect(validateLines(vlines, precompiled(vlines.schema), v, t).get(v[0]!.key)?.debit).toBe(
      'هر آرتیکل فقط بدهکار یا فقط بستانکار است.',
    );
  });

  it('maps server TableMessageTexts by RowIndex of the lines sent and FieldName to cells', () => {
    const r = rows({ item: 'a' }, { item: 'b' }, { item: 'c' });
    const sentKeys = [r[0]!.key, r[2]!.key]; // r[1] was blank and not sent
    const server = serverCellErrors(
      [
        { TableName: 'lines', RowIndex: 1, FieldName: 'unitPrice', ...serverText('گران') },
        { TableName: 'other', RowIndex: 0, FieldName: 'item', ...serverText('not ours') },
        { TableName: 'lines', RowIndex: 7, FieldName: 'item', ...serverText('out of range') },
      ],
      'lines',
      sentKeys,
    );
    expect([...server.entries()]).toEqual([[r[2]!.key, { unitPrice: 'گران' }]]);
    expect(errorList(server, r)).toEqual([{ line: 3, key: r[2]!.key, field: 'unitPrice', message: 'گران' }]);

    const client = new Map([[r[2]!.key, { item: 'client' }]]);
    expect(mergeCellErrors(client, server).get(r[2]!.key)).toEqual({ item: 'client', unitPrice: 'گران' });
    const edited = withoutCell(server, r[2]!.key, 'unitPrice');
    expect(edited.size).toBe(0);
    expect(server.size).toBe(1); // not mutated
  });
});
