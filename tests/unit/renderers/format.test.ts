import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, formatNumber, parseNumberInput } from '../../../renderers/format';

describe('renderers/format', () => {
  it('formats money with separators and Persian digits in fa', () => {
    expect(formatMoney(12345000, 'fa')).toBe('۱۲٬۳۴۵٬۰۰۰');
    expect(formatMoney(12345000, 'en')).toBe('12,345,000');
    expect(formatMoney(0, 'fa')).toBe('۰');
    expect(formatMoney(-1500, 'en')).toBe('-1,500');
    expect(formatMoney(1000000000000000, 'en')).toBe('1,000,000,000,000,000');
    expect(formatMoney(undefined, 'fa')).toBe('');
  });

  it('formats plain numbers in the digits of the language', () => {
    expect(formatNumber(2024, 'fa')).toBe('۲۰۲۴');
    expect(formatNumber(2024, 'en')).toBe('2024');
    expect(formatNumber('x', 'fa')).toBe('');
  });

  it('shows dates in Jalali', () => {
    expect(formatDate('2026-11-22', 'fa')).toBe('۱۴۰۵/۰۹/۰۱');
    expect(formatDate('2026-11-22', 'en')).toBe('1405/09/01');
    expect(formatDate(null, 'fa')).toBe('');
  });

  it('parses typed numbers in any digits, ignoring separators', () => {
    expect(parseNumberInput('۱۲۳۴۵')).toBe(12345);
    expect(parseNumberInput('١٢٣')).toBe(123);
    expect(parseNumberInput('۱۲٬۳۴۵٬۰۰۰')).toBe(12345000);
    expect(parseNumberInput('12,345')).toBe(12345);
    expect(parseNumberInput('۳٫۵')).toBe(3.5);
    expect(parseNumberInput('-42')).toBe(-42);
    expect(parseNumberInput('')).toBeUndefined();
    expect(parseNumberInput('12a')).toBeNaN();
  });
});
