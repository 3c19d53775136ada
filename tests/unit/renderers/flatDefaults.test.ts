/**
 * The per-field getDefaultFormState (renderers/form/fields/flatDefaults.ts) answers exactly what
 * RJSF's own answers for the whole form, over random runs of changes.
 */
import { createSchemaUtils, type RJSFSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { describe, expect, it } from 'vitest';
import { isFlatSchema, withFlatDefaults } from '../../../renderers/form/fields/flatDefaults';

const schema: RJSFSchema = {
  type: 'object',
  required: ['name', 'kind', 'count'],
  properties: {
    name: { type: 'string', maxLength: 20 },
    title: { type: 'string', default: 'بی‌نام' },
    kind: { type: 'string', enum: ['a', 'b', 'c'] },
    mode: { type: 'string', enum: ['x', 'y'], default: 'x' },
    count: { type: 'integer', minimum: 0, default: 1 },
    price: { type: 'number' },
    active: { type: 'boolean' },
    flag: { type: 'boolean', default: true },
    note: { type: ['string', 'null'] },
    fixed: { type: 'string', const: 'k' },
    date: { type: 'string', format: 'date' },
  },
};
const keys = [...Object.keys(schema.properties ?? {}), 'extra'];
const samples: unknown[] = [
  undefined,
  null,
  '',
  'a',
  'b',
  'z',
  'x',
  'y',
  'k',
  0,
  3,
  -1,
  2.5,
  true,
  false,
  '۱۲',
];

/** A deterministic pseudo-random sequence (the runs are the same every time). */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

describe('getDefaultFormState per changed field', () => {
  it('treats only flat schemas of scalar properties as flat', () => {
    expect(isFlatSchema(schema)).toBe(true);
    expect(isFlatSchema({ type: 'object', properties: { a: { type: 'object', properties: {} } } })).toBe(
      false,
    );
    expect(
      isFlatSchema({ type: 'object', properties: { a: { type: 'array', items: { type: 'string' } } } }),
    ).toBe(false);
    expect(isFlatSchema({ type: 'object', properties: { a: { $ref: '#/definitions/a' } } })).toBe(false);
    expect(
      isFlatSchema({ type: 'object', properties: { a: { type: 'string' } }, dependencies: { a: ['b'] } }),
    ).toBe(false);
  });

  for (const initial of [false, true])
    it(`answers what RJSF answers for the whole form (initial defaults generated: ${initial})`, () => {
      const next = random(initial ? 7 : 11);
      const pick = <T>(xs: T[]): T => xs[Math.floor(next() * xs.length)] as T;
      const ours = createSchemaUtils(validator, schema);
      withFlatDefaults(ours);
      let values: Record<string, unknown> = {};
      let fast = 0;
      for (let step = 0; step < 400; step++) {
        values = { ...values };
        const changes = next() < 0.85 ? 1 : 1 + Math.floor(next() * 12);
        for (let c = 0; c < changes; c++) {
          const k = pick(keys);
          if (next() < 0.1) delete values[k];
          else values[k] = pick(samples);
        }
        const expected = createSchemaUtils(validator, schema).getDefaultFormState(
          schema,
          values,
          false,
          initial,
        );
        const got = ours.getDefaultFormState(schema, values, false, initial);
        expect(got).toStrictEqual(expected);
        if (changes <= 8) fast++;
        // RJSF keeps the answer as its state; the next values build on it
        values = got as Record<string, unknown>;
      }
      expect(fast).toBeGreaterThan(300);
    });

  it('derives again in full for another schema and for nested values', () => {
    const ours = createSchemaUtils(validator, schema);
    withFlatDefaults(ours);
    const other: RJSFSchema = {
      ...schema,
      properties: { ...schema.properties, kind: { type: 'string', enum: ['z'] } },
    };
    ours.getDefaultFormState(schema, { kind: 'z' });
    expect(ours.getDefaultFormState(other, { kind: 'z' })).toStrictEqual(
      createSchemaUtils(validator, other).getDefaultFormState(other, { kind: 'z' }),
    );
    const nested = { name: { first: 'a' }, kind: 'b' };
    expect(ours.getDefaultFormState(schema, nested)).toStrictEqual(
      createSchemaUtils(validator, schema).getDefaultFormState(schema, nested),
    );
  });
});
