/** Business answers as UTF-8 bytes (server/http/business.ts): the bytes Buffer.from writes, small or large. */
import { describe, expect, it } from 'vitest';
import { jsonBytes, utf8 } from '../../../server/http/business';

describe('answers as UTF-8 bytes', () => {
  const texts = [
    '',
    'abc',
    'حساب‌های دریافتنی تجاری',
    // a large text, Persian with Latin, emoji (surrogate pairs) and a lone surrogate
    `${'طرف حساب آزمون 1087 B-0000001 😀 '.repeat(2000)}\ud800 end`,
    // larger than the kept scratch (16 MB at 3 bytes a unit): its own buffer
    'ب'.repeat(6_000_000),
  ];

  it('encodes as Buffer.from does', () => {
    for (const text of texts) expect(utf8(text).equals(Buffer.from(text, 'utf8'))).toBe(true);
  });

  it('answers distinct buffers for consecutive large texts (the scratch is copied out)', () => {
    const a = utf8('الف'.repeat(10_000));
    const b = utf8('ب'.repeat(20_000));
    expect(a.toString('utf8')).toBe('الف'.repeat(10_000));
    expect(b.toString('utf8')).toBe('ب'.repeat(20_000));
  });

  it('is the JSON text of the value', () => {
    const value = { State: 0, Data: { rows: [{ name: 'نقد', n: 12 }], at: new Date(0) } };
    expect(jsonBytes(value).toString('utf8')).toBe(JSON.stringify(value));
  });
});
