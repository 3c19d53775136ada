/** Business answers as UTF-8 bytes (server/http/jsonBytes.ts): exactly JSON.stringify's text, encoded. */
import { describe, expect, it } from 'vitest';
import { jsonBytes, utf8 } from '../../../server/http/jsonBytes';

const same = (value: unknown) => expect(jsonBytes(value).toString('utf8')).toBe(JSON.stringify(value));

describe('answers as UTF-8 bytes', () => {
  it('encodes a text as Buffer.from does, small or large', () => {
    const texts = [
      '',
      'abc',
      'حساب‌های دریافتنی تجاری',
      // Persian with Latin, emoji (surrogate pairs) and a lone surrogate
      `${'طرف حساب آزمون 1087 B-0000001 😀 '.repeat(2000)}\ud800 end`,
      // larger than the kept scratch (16 MB at 3 bytes a unit): a buffer of its own
      'ب'.repeat(6_000_000),
    ];
    for (const text of texts) expect(utf8(text).equals(Buffer.from(text, 'utf8'))).toBe(true);
  });

  it('answers distinct buffers for consecutive large texts (the scratch is copied out)', () => {
    const a = utf8('الف'.repeat(10_000));
    const b = utf8('ب'.repeat(20_000));
    expect(a.toString('utf8')).toBe('الف'.repeat(10_000));
    expect(b.toString('utf8')).toBe('ب'.repeat(20_000));
  });

  it('writes what JSON.stringify writes, long arrays a slice at a time', () => {
    const row = (i: number) => ({
      entryId: i,
      date: '2026-03-21',
      accountName: 'حساب‌های دریافتنی تجاری',
      description: i % 7 ? `فروش نسیه ${i} "quoted" \\ \n 😀` : undefined,
      debit: i % 3 ? 6_308_500 : 0,
      big: '9007199254740993',
      fn: () => i,
      at: new Date(Date.UTC(2026, 2, 21, 0, 0, i)),
      nested: { list: Array.from({ length: i % 5 }, (_, k) => k), none: null, sym: Symbol('x') },
    });
    const holes: unknown[] = Array.from({ length: 200 }, (_, i) => i);
    delete holes[70];
    holes[130] = undefined;
    const bare = Object.create(null) as Record<string, unknown>;
    bare.rows = Array.from({ length: 65 }, (_, i) => i);
    same({ State: 0, Data: { rows: Array.from({ length: 2001 }, (_, i) => row(i)), totals: { debit: 1 } } });
    same({ State: 0, Data: Array.from({ length: 65 }, (_, i) => ({ id: i, name: 'نقد' })) });
    same({ State: 0, Data: { rows: holes, skip: undefined, n: 1 } });
    same({ a: { b: { c: { d: { deep: Array.from({ length: 100 }, (_, i) => i) } } } } });
    same({
      bare,
      when: new Date(0),
      boxed: Object(5) as unknown,
      map: new Map([[1, 2]]),
      buf: Buffer.from('x'),
    });
    same({
      custom: { toJSON: () => Array.from({ length: 100 }, () => 'x') },
      list: Array.from({ length: 70 }, () => [1, 2]),
    });
    same({
      State: 0,
      Data: { rows: [], totals: {}, params: { range: { from: '2026-03-21', to: '2027-03-20' } } },
    });
    // two long arrays in one large answer, one of exactly two slices
    same({
      a: Array.from({ length: 500 }, (_, i) => `ردیف ${i} ${'ا'.repeat(40)}`),
      b: Array.from({ length: 128 }, (_, i) => ({ i, t: 'ب'.repeat(50) })),
      c: 'پایان',
    });
  });

  it('refuses what JSON.stringify refuses (a BigInt)', () => {
    expect(() => jsonBytes({ rows: Array.from({ length: 100 }, () => 1n) })).toThrow(TypeError);
    expect(() => jsonBytes({ n: 1n })).toThrow(TypeError);
  });
});
