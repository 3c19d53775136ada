/**
 * The server's tables by field kind agree with each other and with the shared kind table
 * (runtime/shared/fieldKind.ts): every kind has its storage, list query and generator; a kind the
 * grid may sort or filter, the server sorts and filters by the same family; a generated value of
 * each kind passes that kind's schema and survives the trip to the column and back.
 */
import { describe, expect, it } from 'vitest';
import type { FieldMeta } from '../../../runtime/shared/definition';
import {
  FIELD_KINDS,
  KINDS,
  type FieldKind,
  type FilterFamily,
  type KindField,
} from '../../../runtime/shared/fieldKind';
import { createAjv } from '../../../runtime/shared/validation';
import { COLUMN_TYPES, KIND_STORAGE, fromStored, toStored } from '../../../server/db/kindStorage';
import { KIND_VALUES, rng, type ValueSlot } from '../../../server/demo/generateValues';
import { KIND_QUERY, type FilterSql } from '../../../server/entities/columns';
import { KIND_CHECKS } from '../../../server/entities/kindChecks';

/** A field of each kind as the designer makes it (its options, its places). */
function sampleField(kind: FieldKind): { field: KindField; meta: FieldMeta } {
  const meta: FieldMeta = { label: { fa: kind }, kind };
  const field: KindField = {};
  if (kind === 'enum' || kind === 'multiEnum') {
    meta.enumLabels = { a: { fa: 'الف' }, b: { fa: 'ب' }, c: { fa: 'پ' } };
    field.enumLabels = meta.enumLabels;
  }
  if (kind === 'decimal' || kind === 'percent') {
    meta.precision = 2;
    field.precision = 2;
  }
  return { field, meta };
}

/** The server filter a shared family must meet (enums: the grid sends a text equals). */
const SERVER_FILTERS: Record<FilterFamily, readonly FilterSql[]> = {
  text: ['text'],
  number: ['number'],
  date: ['date'],
  boolean: ['boolean'],
  set: ['anyOf', 'text', 'number'],
  none: ['text', 'number', 'date', 'boolean', 'anyOf', 'none'],
};

describe('server tables by field kind', () => {
  it('give every kind its storage, list query and generator', () => {
    for (const kind of FIELD_KINDS) {
      expect(typeof KIND_STORAGE[kind], kind).toBe('function');
      expect(KIND_QUERY[kind], kind).toBeDefined();
      expect(typeof KIND_VALUES[kind], kind).toBe('function');
      expect(Object.hasOwn(KIND_CHECKS, kind), kind).toBe(true);
    }
    for (const types of Object.values(COLUMN_TYPES))
      expect(Object.keys(types).sort()).toEqual(['postgres', 'sqlite']);
  });

  it('sort and filter what the grid may sort and filter, by the same family', () => {
    for (const kind of FIELD_KINDS) {
      const spec = KINDS[kind];
      const { field } = sampleField(kind);
      const schema = spec.schema(field);
      if (spec.sortable) expect(KIND_QUERY[kind].sortable, kind).toBe(true);
      expect(SERVER_FILTERS[spec.filter], kind).toContain(KIND_QUERY[kind].filter(schema));
    }
  });

  it('store each kind in a column of its JSON type, exact decimals as numeric on PostgreSQL', () => {
    const fits: Record<string, readonly string[]> = {
      string: ['text'],
      integer: ['integer'],
      number: ['real', 'decimal'],
      boolean: ['boolean'],
    };
    for (const kind of FIELD_KINDS) {
      const { field, meta } = sampleField(kind);
      const schema = KINDS[kind].schema(field);
      expect(fits[schema.type], kind).toContain(KIND_STORAGE[kind]({ schema, meta }));
    }
    expect(KIND_STORAGE.decimal({ schema: { type: 'number' }, meta: { precision: 2 } })).toBe('decimal');
    expect(COLUMN_TYPES.decimal.postgres).toBe('numeric');
    // without places, a number field stays the floating column it always was
    expect(KIND_STORAGE.decimal({ schema: { type: 'number' } })).toBe('real');
    expect(toStored('decimal', 1.005, 'postgres', { precision: 2 })).toBe('1.01');
    expect(toStored('decimal', 0.1 + 0.2, 'sqlite', { precision: 2 })).toBe(0.3);
  });

  it('generate values each kind schema accepts and that come back from the column unchanged', () => {
    const ajv = createAjv();
    for (const kind of FIELD_KINDS) {
      const { field, meta } = sampleField(kind);
      const schema = KINDS[kind].schema(field);
      const validate = ajv.compile(schema);
      const slot: ValueSlot = { name: 'sample', kind, field: schema, meta, lookupIds: [3, 5] };
      const r = rng(1405);
      for (let row = 1; row <= 20; row++) {
        const value = KIND_VALUES[kind](slot, r, row, 'T');
        if (kind === 'attachments' || kind === 'image') {
          expect(value, kind).toBeNull();
          continue;
        }
        expect(validate(value), `${kind} ${String(value)}`).toBe(true);
        const storage = KIND_STORAGE[kind]({ schema, meta });
        for (const dialect of ['sqlite', 'postgres'] as const) {
          const stored = toStored(storage, value, dialect, meta);
          // PostgreSQL hands numeric and bigint back as text
          const read = typeof stored === 'number' && dialect === 'postgres' ? String(stored) : stored;
          expect(fromStored(storage, read), `${kind} on ${dialect}`).toEqual(value);
        }
      }
    }
  });
});
