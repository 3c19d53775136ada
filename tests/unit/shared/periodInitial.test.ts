/**
 * A new document's date defaults into the selected fiscal period (#23): today inside it, else the
 * period's last day (a past period) or first day (a future one); without a period, as before.
 */
import { describe, expect, it } from 'vitest';
import { dateInPeriod, withInitialValues } from '../../../runtime/shared/initialValues';
import type { EntityDefinition } from '../../../runtime/shared/definition';
import invoiceJson from '../../../schemas/sales/invoice.json';

const invoice = invoiceJson as unknown as EntityDefinition;
const P1404 = { startDate: '2025-03-21', endDate: '2026-03-20' };
const P1405 = { startDate: '2026-03-21', endDate: '2027-03-20' };
const P1406 = { startDate: '2027-03-21', endDate: '2028-03-19' };
const now = new Date(2026, 10, 25, 10, 0, 0); // 2026-11-25, in 1405

/** A dated definition whose date field declares no initial value. */
const bare = {
  fields: { when: { label: 'When' }, note: { label: 'Note', initial: 'today' } },
  schema: { type: 'object', properties: { when: { type: 'string' }, note: { type: 'string' } } },
  period: { field: 'when' },
} as unknown as EntityDefinition;

describe('a new document dated in the selected period', () => {
  it('dateInPeriod: today inside, the last day of a past period, the first day of a future one', () => {
    expect(dateInPeriod('2026-11-25', P1405)).toBe('2026-11-25');
    expect(dateInPeriod('2026-11-25', P1404)).toBe('2026-03-20');
    expect(dateInPeriod('2026-11-25', P1406)).toBe('2027-03-21');
    expect(dateInPeriod('2026-03-21', P1405)).toBe('2026-03-21');
    expect(dateInPeriod('2027-03-20', P1405)).toBe('2027-03-20');
  });

  it('the invoice date (initial "today") follows the period; a typed date is kept', () => {
    expect(withInitialValues(invoice, {}, now, { period: P1405 })).toEqual({ date: '2026-11-25' });
    expect(withInitialValues(invoice, {}, now, { period: P1404 })).toEqual({ date: '2026-03-20' });
    expect(withInitialValues(invoice, { date: '' }, now, { period: P1406 })).toEqual({ date: '2027-03-21' });
    const given = { date: '2026-01-02' };
    expect(withInitialValues(invoice, given, now, { period: P1404 })).toBe(given);
  });

  it('a period field without an initial gets one only with a period; other fields keep theirs', () => {
    expect(withInitialValues(bare, {}, now, { period: P1404 })).toEqual({
      when: '2026-03-20',
      note: '2026-11-25',
    });
    expect(withInitialValues(bare, {}, now)).toEqual({ note: '2026-11-25' });
    expect(withInitialValues(bare, {}, now, { period: null })).toEqual({ note: '2026-11-25' });
  });

  it('"all periods" (no period): the invoice is dated today as before', () => {
    expect(withInitialValues(invoice, {}, now, {})).toEqual({ date: '2026-11-25' });
  });
});
