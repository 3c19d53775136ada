/**
 * شناسه صیادی (runtime/shared/treasury.ts isSayadId, the `ir-sayad` format): no check digit is
 * published for the Sayad id, so the check is its shape — 16 digits (Persian or Arabic digits,
 * spaces or dashes between groups accepted), not all the same digit.
 */
import { describe, expect, it } from 'vitest';
import { isSayadId } from '../../../runtime/shared/treasury';
import { CUSTOM_FORMATS } from '../../../runtime/shared/formats';

describe('Sayad id', () => {
  it('takes 16 digits in any of the three digit sets', () => {
    expect(isSayadId('1234567890123456')).toBe(true);
    expect(isSayadId('۱۲۳۴۵۶۷۸۹۰۱۲۳۴۵۶')).toBe(true);
    expect(isSayadId('١٢٣٤٥٦٧٨٩٠١٢٣٤٥٦')).toBe(true);
    expect(isSayadId('1234-5678-9012-3456')).toBe(true);
    expect(isSayadId('1234 5678 9012 3456')).toBe(true);
  });

  it('refuses other lengths, letters and a run of one digit', () => {
    expect(isSayadId('123456789012345')).toBe(false);
    expect(isSayadId('12345678901234567')).toBe(false);
    expect(isSayadId('12345678901234a6')).toBe(false);
    expect(isSayadId('')).toBe(false);
    expect(isSayadId('0000000000000000')).toBe(false);
    expect(isSayadId('۷۷۷۷۷۷۷۷۷۷۷۷۷۷۷۷')).toBe(false);
  });

  it('is the ajv format ir-sayad of both sides', () => {
    expect(CUSTOM_FORMATS['ir-sayad']?.('1405000012345678')).toBe(true);
    expect(CUSTOM_FORMATS['ir-sayad']?.('14050000')).toBe(false);
  });
});
