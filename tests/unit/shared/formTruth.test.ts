/**
 * The shared pieces of #22's truthful form: initial values (a new document dated today), the date
 * operations of the rule evaluator (a Jalali month's first and last day, inclusive day counts),
 * a broken rule's message with its values, and which fields form a document's summary.
 */
import { describe, expect, it } from 'vitest';
import { withInitialValues } from '../../../runtime/shared/initialValues';
import { applyComputed, brokenRules, unsafeOperations } from '../../../runtime/shared/rules';
import { dayCount, jalaliMonthEnd, jalaliMonthStart } from '../../../runtime/shared/ruleDates';
import { violationText } from '../../../runtime/shared/ruleMessages';
import type { EntityDefinition } from '../../../runtime/shared/definition';
import { summaryFields } from '../../../renderers/form/summary';
import invoiceJson from '../../../schemas/sales/invoice.json';
import payrollJson from '../../../schemas/salary/payrollRun.json';
import leaveJson from '../../../schemas/HR/leave.json';
import voucherJson from '../../../schemas/accounting/voucher.json';

const invoice = invoiceJson as unknown as EntityDefinition;
const payroll = payrollJson as unknown as EntityDefinition;
const leave = leaveJson as unknown as EntityDefinition;
const voucher = voucherJson as unknown as EntityDefinition;

describe('initial values', () => {
  const now = new Date(2026, 10, 25, 10, 0, 0);
  it('fills a declared field that has no value with today, and leaves a given one', () => {
    expect(withInitialValues(invoice, { number: 'F-1' }, now)).toEqual({ number: 'F-1', date: '2026-11-25' });
    expect(withInitialValues(invoice, { date: '' }, now)).toEqual({ date: '2026-11-25' });
    const given = { date: '2026-01-02' };
    expect(withInitialValues(invoice, given, now)).toBe(given);
    expect(withInitialValues(leave, {}, now)).toEqual({ startDate: '2026-11-25', endDate: '2026-11-25' });
  });
});

describe('date operations of the rules', () => {
  it('gives a Jalali month its first and last day (Esfand of a leap year has 30)', () => {
    expect([jalaliMonthStart(1405, 1), jalaliMonthEnd(1405, 1)]).toEqual(['2026-03-21', '2026-04-20']);
    expect([jalaliMonthStart(1405, 7), jalaliMonthEnd(1405, 7)]).toEqual(['2026-09-23', '2026-10-22']);
    expect(jalaliMonthEnd(1403, 12)).toBe('2025-03-20');
    expect(jalaliMonthEnd(1404, 12)).toBe('2026-03-20');
    for (const [y, m] of [
      [1405, undefined],
      [null, 3],
      [1405, 13],
      ['', 1],
      [1405.5, 1],
    ])
      expect(jalaliMonthStart(y, m)).toBeUndefined();
  });

  it('counts the days of a span with both ends; nothing for a missing date or a backwards span', () => {
    expect(dayCount('2026-05-10', '2026-05-10')).toBe(1);
    expect(dayCount('2026-02-26', '2026-03-02')).toBe(5);
    expect(dayCount('2026-05-10', '2026-05-09')).toBeUndefined();
    expect(dayCount(undefined, '2026-05-09')).toBeUndefined();
    expect(dayCount('2026-02-30', '2026-03-02')).toBeUndefined();
  });

  it('are allowed operations, and the definitions compute with them', () => {
    for (const expr of Object.values(payroll.rules!.computed!)) expect(unsafeOperations(expr)).toEqual([]);
    expect(applyComputed(payroll.rules!, { year: 1405, month: 12 })).toMatchObject({
      startDate: '2027-02-20',
      endDate: '2027-03-20',
    });
    expect(applyComputed(leave.rules!, { startDate: '2026-09-20', endDate: '2026-09-24' }).days).toBe(5);
  });
});

describe('messages of broken rules', () => {
  it('names the difference of an unbalanced voucher, grouped, in the digits of the language', () => {
    const data = {
      lines: [
        { debit: 1_250_000, credit: 0 },
        { debit: 0, credit: 900 },
      ],
    };
    const [broken] = brokenRules(voucher.rules!, data);
    expect(broken?.params).toEqual({ difference: 1_249_100 });
    expect(violationText(broken!, 'fa')).toBe('جمع بدهکار و بستانکار سند برابر نیست؛ اختلاف ۱٬۲۴۹٬۱۰۰ ریال');
    expect(violationText(broken!, 'en')).toBe(
      "The voucher's debit and credit totals differ by 1,249,100 IRR",
    );
  });

  it('keeps a message without values as written, and an unknown placeholder as it is', () => {
    expect(violationText({ message: { fa: 'متن', en: 'Text' } }, 'fa')).toBe('متن');
    expect(violationText({ message: { fa: 'مقدار {{x}}', en: '' }, params: {} }, 'fa')).toBe('مقدار {{x}}');
    expect(violationText({ message: { fa: 'کد {{c}}', en: '' }, params: { c: 'A12' } }, 'fa')).toBe('کد A۱۲');
  });
});

describe('the summary of a document', () => {
  const names = (def: EntityDefinition) => Object.keys(def.schema.properties);
  it('holds the figures computed from the lines and the server’s read-only ones, in order', () => {
    expect(summaryFields(invoice, names(invoice))).toEqual([
      // kept from the customer (docs/tax.md)
      'customerGroup',
      'total',
      'discount',
      'tax',
      'grandTotal',
      // the server's: what final receipts have not yet settled (docs/treasury.md)
      'openAmount',
      'grandTotalWords',
      'appliedDiscounts',
      // the buyer's and the seller's identity, kept at Finalise
      'buyerEconomicCode',
      'buyerNationalId',
      'buyerNationalCode',
      'buyerPostalCode',
      'sellerName',
      'sellerEconomicCode',
      'sellerNationalId',
      'sellerPostalCode',
    ]);
    // the totals, then what the server sets: the voucher's kind, its source document, what it reverses
    expect(summaryFields(voucher, names(voucher))).toEqual([
      'totalDebit',
      'totalCredit',
      'kind',
      'sourceEntity',
      'sourceId',
      'reverses',
    ]);
  });

  it('leaves fields computed from other fields among the fields, and a record without lines alone', () => {
    expect(summaryFields(payroll, names(payroll))).toEqual([
      'employees',
      'totalGross',
      'totalDeductions',
      'totalNet',
    ]);
    expect(summaryFields(leave, names(leave))).toEqual([]);
  });
});
