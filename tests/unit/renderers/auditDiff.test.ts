import { describe, expect, it } from 'vitest';
import type { KindSource } from '../../../runtime/shared/fieldKind';
import { diffRows, diffSummary, NO_FIELDS, parseDiff } from '../../../renderers/history/diffRows';
import { displayValue, fieldText } from '../../../runtime/shared/fieldKind';

const customer: KindSource = {
  schema: {
    properties: {
      name: { type: 'string' },
      creditLimit: { type: 'integer' },
      kind: { type: 'string', enum: ['person', 'company'] },
    },
  },
  fields: {
    name: { label: { fa: 'نام', en: 'Name' } },
    creditLimit: { label: { fa: 'سقف اعتبار', en: 'Credit limit' }, money: true },
    kind: {
      label: { fa: 'نوع', en: 'Kind' },
      enumLabels: { person: { fa: 'حقیقی', en: 'Person' }, company: { fa: 'حقوقی', en: 'Company' } },
    },
  },
};

describe('an audited change as a person reads it', () => {
  it('reads the stored JSON diff, and refuses what is not one', () => {
    expect(parseDiff('{"name":["a","b"]}')).toEqual({ name: ['a', 'b'] });
    expect(parseDiff({ name: [null, 'b'] })).toEqual({ name: [null, 'b'] });
    expect(parseDiff('not json')).toBeNull();
    expect(parseDiff('{"name":"b"}')).toBeNull();
    expect(parseDiff('[1,2]')).toBeNull();
  });

  it('labels the fields and shows the values as the grid shows them, in Persian digits', () => {
    const rows = diffRows(
      customer,
      { creditLimit: [1000, 2500000], kind: ['person', 'company'], name: [null, 'الف'] },
      'fa',
    );
    expect(rows).toEqual([
      { name: 'creditLimit', label: 'سقف اعتبار', before: '۱٬۰۰۰', after: '۲٬۵۰۰٬۰۰۰' },
      { name: 'kind', label: 'نوع', before: 'حقیقی', after: 'حقوقی' },
      { name: 'name', label: 'نام', before: '—', after: 'الف' },
    ]);
    expect(diffSummary(rows.slice(1), 'fa')).toBe('نوع: حقیقی ← حقوقی؛ نام: — ← الف');
    expect(diffSummary(diffRows(customer, { kind: ['person', 'company'] }, 'en'), 'en')).toBe(
      'Kind: Person → Company',
    );
  });

  it('without the definition, shows names as stored and values by their type', () => {
    expect(diffRows(NO_FIELDS, { qty: [1, 2] }, 'fa')).toEqual([
      { name: 'qty', label: 'qty', before: '۱', after: '۲' },
    ]);
  });
});

describe('a text field that names some of its values (enumLabels, labelsFrom)', () => {
  const log: KindSource = {
    schema: { properties: { entityKey: { type: 'string' } } },
    fields: {
      entityKey: {
        label: { fa: 'موجودیت', en: 'Entity' },
        labelsFrom: 'entities',
        enumLabels: { 'sales.invoice': { fa: 'فاکتورهای فروش', en: 'Sales invoices' } },
      },
    },
  };
  it('shows the label of a named value and any other value as stored, in Persian digits', () => {
    expect(fieldText(log, 'entityKey', 'sales.invoice', 'fa')).toBe('فاکتورهای فروش');
    expect(fieldText(log, 'entityKey', 'sales.invoice', 'en')).toBe('Sales invoices');
    expect(fieldText(log, 'entityKey', 'x12', 'fa')).toBe('x۱۲');
    expect(displayValue('text', 'A-7', 'fa')).toBe('A-۷');
  });
});
