/** Numbering patterns (runtime/shared/numbering.ts): tokens, series, numbers, the expansion. */
import { describe, expect, it } from 'vitest';
import type { EntityDefinition } from '../../../runtime/shared/definition';
import {
  counterOf,
  expandNumbering,
  formatNumber,
  parsePattern,
  seriesOf,
} from '../../../runtime/shared/numbering';

describe('numbering patterns', () => {
  it('reads the tokens and refuses what is not a pattern', () => {
    expect(parsePattern('INV-{year}-{counter:6}')).toEqual([
      { kind: 'text', text: 'INV-' },
      { kind: 'year' },
      { kind: 'text', text: '-' },
      { kind: 'counter', width: 6 },
    ]);
    expect(parsePattern('INV-{year}')).toBe('numberingCounter');
    expect(parsePattern('{counter:2}-{counter:3}')).toBe('numberingCounter');
    expect(parsePattern('A{counter:13}')).toBe('numberingCounterWidth');
    expect(parsePattern('A{month}{counter:3}')).toBe('numberingToken');
    expect(parsePattern('فاکتور-{counter:3}')).toBe('numberingText');
  });

  it('resolves a series and formats its numbers in Latin digits, and reads them back', () => {
    const parts = parsePattern('B{branch}-{year}-{counter:6}');
    if (typeof parts === 'string') throw new Error(parts);
    // {branch}: the branch's code
    const series = seriesOf(parts, { year: 1405, branch: 'HQ' });
    expect(series).toBe('BHQ-1405-{counter:6}');
    expect(formatNumber(series, 123)).toBe('BHQ-1405-000123');
    expect(formatNumber(series, 1234567)).toBe('BHQ-1405-1234567');
    expect(counterOf(series, 'BHQ-1405-000123')).toBe(123);
    expect(counterOf(series, 'BN1-1405-000123')).toBeNull();
    expect(counterOf(series, 'BHQ-1405-12a')).toBeNull();
  });

  it('makes the numbered field the server’s: read-only, not required, unique', () => {
    const def = {
      name: 'doc',
      module: 'common',
      title: { fa: 'سند' },
      displayField: 'number',
      schema: {
        type: 'object',
        properties: { number: { type: 'string' }, date: { type: 'string', format: 'date' } },
        required: ['number', 'date'],
      },
      fields: { number: { label: { fa: 'شماره' } }, date: { label: { fa: 'تاریخ' } } },
      list: { columns: ['number'] },
      numbering: { field: 'number', pattern: 'D-{counter:4}', on: 'create' },
    } satisfies EntityDefinition;
    const expanded = expandNumbering(def);
    expect(expanded.schema.properties.number).toEqual({ type: 'string', readOnly: true });
    expect(expanded.schema.required).toEqual(['date']);
    expect(expanded.fields.number?.unique).toBe(true);
    expect(expandNumbering(expanded)).toEqual(expanded);
    expect(def.schema.required).toEqual(['number', 'date']);
  });
});
