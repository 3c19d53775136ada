import { describe, expect, it } from 'vitest';
import { persianWords, rialInWords } from '../../../runtime/shared/persianWords';
import { evaluate } from '../../../runtime/shared/rules';

describe('persianWords', () => {
  it.each([
    [0, 'صفر'],
    [7, 'هفت'],
    [10, 'ده'],
    [15, 'پانزده'],
    [20, 'بیست'],
    [21, 'بیست و یک'],
    [100, 'صد'],
    [105, 'صد و پنج'],
    [219, 'دویست و نوزده'],
    [999, 'نهصد و نود و نه'],
    [1000, 'یک هزار'],
    [1001, 'یک هزار و یک'],
    [12_500, 'دوازده هزار و پانصد'],
    [1_000_000, 'یک میلیون'],
    [2_030_400, 'دو میلیون و سی هزار و چهارصد'],
    [1_000_000_005, 'یک میلیارد و پنج'],
  ])('%d → %s', (n, words) => {
    expect(persianWords(n)).toBe(words);
  });

  it('negative amounts, numeric strings, decimals truncated; nothing for non-numbers', () => {
    expect(persianWords(-45)).toBe('منفی چهل و پنج');
    expect(persianWords('3000')).toBe('سه هزار');
    expect(persianWords(12.9)).toBe('دوازده');
    expect(persianWords('abc')).toBe('');
    expect(persianWords(null)).toBe('');
    expect(persianWords(Number.NaN)).toBe('');
    expect(persianWords(Number.MAX_SAFE_INTEGER * 10)).toBe('');
  });

  it('Rial amounts, also as the rule operation rialInWords', () => {
    expect(rialInWords(5_400_000)).toBe('پنج میلیون و چهارصد هزار ریال');
    expect(rialInWords(undefined)).toBe('');
    expect(evaluate({ rialInWords: [{ var: 'grandTotal' }] }, { grandTotal: 2_500 })).toBe(
      'دو هزار و پانصد ریال',
    );
  });
});
