/**
 * Pure pieces of line-field permissions (server/security/lineFields.ts) and of GetDefinition under
 * them (server/meta/childAccess.ts), on the shipped invoice and voucher definitions.
 */
import { describe, expect, it } from 'vitest';
import type { EntityDefinition } from '../../../runtime/shared/definition';
import invoiceJson from '../../../schemas/sales/invoice.json';
import voucherJson from '../../../schemas/accounting/voucher.json';
import { restrictChildren } from '../../../server/meta/childAccess';
import {
  computedFrom,
  isPermissionField,
  splitChildKey,
  stripLineChanges,
  stripRowLines,
  withDerivedHidden,
  type FieldMode,
} from '../../../server/security/lineFields';

const invoice = () => structuredClone(invoiceJson) as unknown as EntityDefinition;
const voucher = () => structuredClone(voucherJson) as unknown as EntityDefinition;
const modes = (m: Record<string, FieldMode>) => new Map(Object.entries(m));

describe('line field keys', () => {
  it('splits {child}.{field} and whitelists it against the definition', () => {
    expect(splitChildKey('lines.unitPrice')).toEqual({ child: 'lines', field: 'unitPrice' });
    expect(splitChildKey('number')).toBeNull();
    const def = invoice();
    for (const ok of ['number', 'total', 'lines.unitPrice', 'lines.amount'])
      expect(isPermissionField(def, ok), ok).toBe(true);
    for (const bad of ['nope', 'lines', 'lines.nope', 'nope.unitPrice', 'lines.unitPrice.x', 'constructor'])
      expect(isPermissionField(def, bad), bad).toBe(false);
    expect(isPermissionField(def, 'lines.toString')).toBe(false);
  });
});

describe('fields computed from hidden ones', () => {
  it('follows computed fields in turn, and treats unnamed reads as reading everything', () => {
    const computed = {
      a: { '*': [{ var: 'x' }, 2] },
      b: { '+': [{ var: 'a' }, 1] },
      c: { var: 'y' },
      d: { var: '' },
    };
    expect([...computedFrom(computed, new Set(['x']))].sort()).toEqual(['a', 'b', 'd']);
    expect(computedFrom(computed, new Set())).toEqual(new Set());
  });

  it('hides the line amount with the unit price it is computed from', () => {
    const out = withDerivedHidden(invoice(), modes({ 'lines.unitPrice': 'hidden', number: 'readOnly' }));
    expect(Object.fromEntries(out)).toEqual({
      'lines.unitPrice': 'hidden',
      'lines.amount': 'hidden',
      // the line's VAT and its own discount are shares of its amount (docs/tax.md)
      'lines.tax': 'hidden',
      'lines.discount': 'hidden',
      number: 'readOnly',
    });
    expect(withDerivedHidden(invoice(), modes({ 'lines.unitPrice': 'readOnly' })).size).toBe(1);
  });
});

describe('answers without hidden line fields', () => {
  const hidden = new Map([['lines', new Set(['unitPrice', 'amount'])]]);

  it('strips the lines of a row and leaves the rest', () => {
    const row = { id: 1, number: 'F-1', lines: [{ id: 7, quantity: 2, unitPrice: 5, amount: 10 }] };
    expect(stripRowLines(row, hidden)).toEqual({ id: 1, number: 'F-1', lines: [{ id: 7, quantity: 2 }] });
    expect(row.lines[0]).toHaveProperty('unitPrice'); // not changed in place
    const noLines = { id: 2 };
    expect(stripRowLines(noLines, hidden)).toBe(noLines);
  });

  it('strips audited line changes and drops changes left empty', () => {
    const changes = {
      added: [{ child: 'lines', index: 2, values: { quantity: 1, unitPrice: 3, amount: 3 } }],
      removed: [],
      changed: [
        {
          child: 'lines',
          index: 0,
          diff: { unitPrice: [1, 2], amount: [1, 2] } as Record<string, [unknown, unknown]>,
        },
        {
          child: 'lines',
          index: 1,
          diff: { quantity: [1, 2], amount: [5, 10] } as Record<string, [unknown, unknown]>,
        },
      ],
    };
    expect(stripLineChanges(changes, hidden)).toEqual({
      added: [{ child: 'lines', index: 2, values: { quantity: 1 } }],
      removed: [],
      changed: [{ child: 'lines', index: 1, diff: { quantity: [1, 2] } }],
    });
    expect(stripLineChanges({ added: [], removed: [], changed: [changes.changed[0]!] }, hidden)).toBeNull();
    expect(stripLineChanges(changes, new Map())).toBe(changes);
  });
});

describe('GetDefinition under line field permissions', () => {
  it('removes a hidden line field, what is computed from it, and the document totals over it', () => {
    const def = invoice();
    restrictChildren(def, withDerivedHidden(def, modes({ 'lines.unitPrice': 'hidden' })));
    const lines = def.children!.lines!;
    // with the chain's fields (docs/chain.md); the line's VAT and its own discount are shares of its
    // amount: hidden with it (docs/tax.md)
    const kept = ['item', 'description', 'quantity', 'sourceLine', 'returnedQuantity', 'taxCode', 'taxRate'];
    expect(Object.keys(lines.schema.properties)).toEqual(kept);
    expect(Object.keys(lines.fields)).toEqual(kept);
    expect(lines.schema.required).toEqual(['item', 'quantity']);
    expect(lines.rules?.computed).toEqual({});
    // total reads the lines; tax, grandTotal and the words follow from it: server values only
    expect(Object.keys(def.rules?.computed ?? {})).toEqual([]);
    for (const f of ['total', 'tax', 'grandTotal', 'grandTotalWords'])
      expect(def.schema.properties[f]?.readOnly, f).toBe(true);
    expect(def.schema.properties.number?.readOnly).toBeUndefined();
  });

  it('marks read-only line fields and keeps every rule', () => {
    const def = invoice();
    restrictChildren(def, modes({ 'lines.unitPrice': 'readOnly' }));
    expect(def.children!.lines!.schema.properties.unitPrice?.readOnly).toBe(true);
    expect(def.children!.lines!.schema.properties.quantity?.readOnly).toBeUndefined();
    expect(def).toMatchObject({
      rules: invoiceJson.rules,
      children: { lines: { rules: invoiceJson.children.lines.rules } },
    });
  });

  it('drops the line and document rules that read a hidden line field', () => {
    const def = voucher();
    restrictChildren(def, modes({ 'lines.debit': 'hidden' }));
    expect(def.children!.lines!.rules?.rules).toEqual([]);
    expect(def.rules?.computed ?? {}).toEqual({});
    expect(def.rules?.rules).toEqual([]);
    const other = voucher();
    restrictChildren(other, modes({ 'lines.description': 'hidden' }));
    expect(other.children!.lines!.rules?.rules).toHaveLength(1);
  });
});
