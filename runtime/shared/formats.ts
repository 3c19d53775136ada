/** Iranian identifiers with checksums; used as ajv formats on both sides. */
import { toWesternDigits } from './normalize';
import { isSayadId } from './treasury';

/** کد ملی: 10 digits, the last a mod-11 check digit; ten equal digits are refused. */
export function isNationalCode(value: string): boolean {
  const code = toWesternDigits(value);
  if (!/^\d{10}$/.test(code) || /^(\d)\1{9}$/.test(code)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(code[i]) * (10 - i);
  const r = sum % 11;
  const check = Number(code[9]);
  return r < 2 ? check === r : check === 11 - r;
}

/**
 * شناسه ملی (the national id of a legal person): 11 digits; the tenth digit plus 2 is added to each
 * of the first ten, weighted 29, 27, 23, 19, 17 (twice); the sum mod 11 (10 counts as 0) is the
 * last digit. Digits 4–9 all zero are refused.
 */
export function isCompanyId(value: string): boolean {
  const code = toWesternDigits(value);
  if (!/^\d{11}$/.test(code) || /^\d{3}0{6}/.test(code)) return false;
  const plus = Number(code[9]) + 2;
  const weights = [29, 27, 23, 19, 17, 29, 27, 23, 19, 17];
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += (Number(code[i]) + plus) * weights[i]!;
  const r = sum % 11;
  return Number(code[10]) === (r === 10 ? 0 : r);
}

/**
 * کد اقتصادی: since the single economic code (کد اقتصادی واحد) it is the national id of a legal
 * person (11 digits, checked as isCompanyId) or the national code of a person (10 digits, checked
 * as isNationalCode); an older 12-digit code is still accepted as 12 digits.
 */
export function isEconomicCode(value: string): boolean {
  const code = toWesternDigits(value);
  if (code.length === 10) return isNationalCode(code);
  if (code.length === 11) return isCompanyId(code);
  return /^\d{12}$/.test(code);
}

/** کد پستی: 10 digits. */
export function isPostalCode(value: string): boolean {
  return /^\d{10}$/.test(toWesternDigits(value));
}

/** شبا: IR followed by 24 digits, ISO 13616 mod-97 check. */
export function isSheba(value: string): boolean {
  const iban = toWesternDigits(value).replace(/\s+/g, '').toUpperCase();
  if (!/^IR\d{24}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + '1827' + iban.slice(2, 4); // I=18, R=27
  let rem = 0;
  for (const ch of rearranged) rem = (rem * 10 + Number(ch)) % 97;
  return rem === 1;
}

/** Iranian mobile number: 09xxxxxxxxx. */
export function isMobile(value: string): boolean {
  return /^09\d{9}$/.test(toWesternDigits(value));
}

/** Time of day as stored by the time kind: HH:MM or HH:MM:SS, 24-hour, no zone. */
export function isTimeOfDay(value: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(value);
}

export const CUSTOM_FORMATS: Record<string, (value: string) => boolean> = {
  time: isTimeOfDay,
  'ir-national-code': isNationalCode,
  'ir-company-id': isCompanyId,
  'ir-postal-code': isPostalCode,
  // کد اقتصادی: a text with its checksum (no kind of its own)
  'ir-economic-code': isEconomicCode,
  'ir-sheba': isSheba,
  'ir-mobile': isMobile,
  // شناسه صیادی of a cheque: 16 digits (no public check digit: runtime/shared/treasury.ts)
  'ir-sayad': isSayadId,
};

/** The formats as given to ajv (validation.ts) and to standalone validators (validatorRuntime.ts). */
export const CUSTOM_FORMAT_DEFINITIONS: Record<
  string,
  { type: 'string'; validate: (value: string) => boolean }
> = Object.fromEntries(
  Object.entries(CUSTOM_FORMATS).map(([name, validate]) => [name, { type: 'string', validate }]),
);
