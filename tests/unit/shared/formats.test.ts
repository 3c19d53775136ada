import { describe, expect, it } from 'vitest';
import { isMobile, isNationalCode, isSheba } from '../../../runtime/shared/formats';

/** Builds a valid national code from 9 digits by computing the check digit. */
function withCheckDigit(nine: string): string {
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(nine[i]) * (10 - i);
  const r = sum % 11;
  return nine + String(r < 2 ? r : 11 - r);
}

describe('national code', () => {
  it('accepts codes with the right check digit, in any digits', () => {
    const code = withCheckDigit('001234567');
    expect(isNationalCode(code)).toBe(true);
    expect(isNationalCode(code.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!))).toBe(true);
  });
  it('refuses a wrong check digit, wrong length and ten equal digits', () => {
    const code = withCheckDigit('123456789');
    const wrong = code.slice(0, 9) + String((Number(code[9]) + 1) % 10);
    expect(isNationalCode(wrong)).toBe(false);
    expect(isNationalCode('123')).toBe(false);
    expect(isNationalCode('1111111111')).toBe(false);
    expect(isNationalCode('12345678a9')).toBe(false);
  });
});

describe('sheba', () => {
  it('accepts a valid IBAN of Iran and refuses a changed digit', () => {
    // IR + check digits computed for this BBAN by ISO 13616.
    const bban = '2960000000100324200001';
    const digits = BigInt(bban + '182700');
    const check = String(98n - (digits % 97n)).padStart(2, '0');
    const iban = `IR${check}${bban}`;
    expect(isSheba(iban)).toBe(true);
    expect(iban).toBe('IR062960000000100324200001'); // a published example
    expect(isSheba(iban.toLowerCase())).toBe(true);
    expect(isSheba(iban.slice(0, 10) + ((Number(iban[10]) + 1) % 10) + iban.slice(11))).toBe(false);
    expect(isSheba('IR12')).toBe(false);
  });
});

describe('mobile', () => {
  it('accepts 09xxxxxxxxx in any digits', () => {
    expect(isMobile('09121234567')).toBe(true);
    expect(isMobile('۰۹۱۲۱۲۳۴۵۶۷')).toBe(true);
    expect(isMobile('9121234567')).toBe(false);
  });
});
