/** LICENCE_EXPIRES_ON: the operator's date, checked at start; without it the demo's year ahead. */
import { describe, expect, it } from 'vitest';
import { licenceExpiresOn } from '../../../server/config';

describe('licenceExpiresOn', () => {
  it('takes the operator’s yyyy-mm-dd as it is', () => {
    expect(licenceExpiresOn('2027-03-20')).toBe('2027-03-20');
  });

  it('without a value: a year after now (the demo licence)', () => {
    expect(licenceExpiresOn(undefined, new Date('2026-11-24T10:00:00Z'))).toBe('2027-11-24');
    expect(licenceExpiresOn('', new Date('2026-11-24T10:00:00Z'))).toBe('2027-11-24');
  });

  it('refuses a malformed or impossible date, so the server does not start on it', () => {
    for (const bad of ['2099', '31/12/2099', '2026-02-30', '2026-13-01', 'never'])
      expect(() => licenceExpiresOn(bad)).toThrow(/LICENCE_EXPIRES_ON/);
  });
});
