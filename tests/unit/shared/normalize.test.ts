import { describe, expect, it } from 'vitest';
import {
  normalizeDeep,
  normalizeText,
  toPersianDigits,
  toWesternDigits,
} from '../../../runtime/shared/normalize';

const PERSIAN = '۰۱۲۳۴۵۶۷۸۹';
const ARABIC = '٠١٢٣٤٥٦٧٨٩';

describe('normalizeText', () => {
  it('turns every Persian and Arabic-Indic digit into its Western digit', () => {
    for (let d = 0; d <= 9; d++) {
      expect(normalizeText(PERSIAN[d]!)).toBe(String(d));
      expect(normalizeText(ARABIC[d]!)).toBe(String(d));
    }
    expect(normalizeText(PERSIAN)).toBe('0123456789');
    expect(normalizeText(ARABIC)).toBe('0123456789');
  });

  it('maps Arabic kaf, yeh and alef maksura to the Persian forms', () => {
    expect(normalizeText('\u0643')).toBe('\u06a9');
    expect(normalizeText('\u064a')).toBe('\u06cc');
    expect(normalizeText('\u0649')).toBe('\u06cc');
    expect(normalizeText('كيلويى')).toBe('کیلویی');
  });

  it('never touches heh, ZWNJ or anything outside the mapped code points', () => {
    const mapped = new Set([0x0643, 0x064a, 0x0649]);
    for (let cp = 0; cp <= 0xffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue; // lone surrogates are not characters
      if (mapped.has(cp) || (cp >= 0x06f0 && cp <= 0x06f9) || (cp >= 0x0660 && cp <= 0x0669)) continue;
      const ch = String.fromCharCode(cp);
      if (normalizeText(ch) !== ch) throw new Error(`U+${cp.toString(16)} was changed`);
    }
    expect(normalizeText('خانه\u200cها')).toBe('خانه\u200cها');
    expect(normalizeText('ه')).toBe('ه');
    expect(normalizeText('😀 a1')).toBe('😀 a1');
  });

  it('Persian keheh and yeh are already normal: normalising twice changes nothing', () => {
    const once = normalizeText('كد ملي ۱۲۳');
    expect(normalizeText(once)).toBe(once);
    expect(once).toBe('کد ملی 123');
  });
});

describe('digits one way', () => {
  it('toWesternDigits leaves letters alone', () => {
    expect(toWesternDigits('ك۱٢')).toBe('ك12');
  });
  it('toPersianDigits shows Western digits in Persian', () => {
    expect(toPersianDigits('0123456789')).toBe(PERSIAN);
    expect(toPersianDigits('1,250,000 ریال')).toBe('۱,۲۵۰,۰۰۰ ریال');
  });
});

describe('normalizeDeep', () => {
  it('normalises strings in nested objects and arrays, keys too, without mutating', () => {
    const input = { name: 'علي', lines: [{ qty: '۱۲', note: ['ك'] }], n: 5, ok: true, none: null };
    const copy = structuredClone(input);
    expect(normalizeDeep(input)).toEqual({
      name: 'علی',
      lines: [{ qty: '12', note: ['ک'] }],
      n: 5,
      ok: true,
      none: null,
    });
    expect(input).toEqual(copy);
    expect(normalizeDeep({ كد: 1 })).toEqual({ کد: 1 });
  });

  it('leaves FormData, Date and Blob untouched (same object)', () => {
    const form = new FormData();
    form.append('a', '۱');
    const date = new Date(0);
    const blob = new Blob(['۱']);
    expect(normalizeDeep(form)).toBe(form);
    expect(normalizeDeep(date)).toBe(date);
    expect(normalizeDeep(blob)).toBe(blob);
    const nested = normalizeDeep({ when: date, text: '۲' });
    expect(nested.when).toBe(date);
    expect(nested.text).toBe('2');
  });

  it('passes primitives through', () => {
    expect(normalizeDeep('۳')).toBe('3');
    expect(normalizeDeep(7)).toBe(7);
    expect(normalizeDeep(undefined)).toBeUndefined();
  });
});
