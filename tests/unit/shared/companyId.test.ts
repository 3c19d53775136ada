/** شناسه ملی (legal person, 11 digits) and postal code checks of runtime/shared/formats.ts. */
import { describe, expect, it } from 'vitest';
import { CUSTOM_FORMATS, isCompanyId, isPostalCode } from '../../../runtime/shared/formats';
import { companyId } from '../../../server/demo/seedData';

describe('company national id (شناسه ملی)', () => {
  it('accepts real ids, in Latin or Persian digits', () => {
    for (const id of ['10380284790', '14007650912', '10320894878', '۱۰۳۸۰۲۸۴۷۹۰'])
      expect(isCompanyId(id)).toBe(true);
  });

  it('refuses a wrong check digit, a wrong length, letters and six zeros in digits 4–9', () => {
    for (const id of ['10380284791', '1038028479', '103802847900', '1038028479a', '10100000006', ''])
      expect(isCompanyId(id)).toBe(false);
  });

  it('the check digit: a remainder of 10 counts as 0', () => {
    // every first ten digits get exactly one valid eleventh digit
    for (const ten of ['1038028479', '1400765091', '1234567890', '9876543210']) {
      const valid = [...'0123456789'].filter((d) => isCompanyId(ten + d));
      expect(valid).toHaveLength(1);
      expect(companyId(ten)).toBe(ten + valid[0]);
    }
  });

  it('is the ir-company-id format of both sides; postal codes are 10 digits', () => {
    expect(CUSTOM_FORMATS['ir-company-id']).toBe(isCompanyId);
    expect(isPostalCode('1598765432')).toBe(true);
    expect(isPostalCode('۱۵۹۸۷۶۵۴۳۲')).toBe(true);
    expect(isPostalCode('159876543')).toBe(false);
  });
});
