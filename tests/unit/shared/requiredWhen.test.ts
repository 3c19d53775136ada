/**
 * Fields required by a condition (runtime/shared/requiredWhen.ts): the same answer for the form
 * (applyFieldStates marks them required) and the server (missingRequired refuses the save), read
 * from the customer's definition (a natural person needs کد ملی, a legal person شناسه ملی).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { isEmptyValue, missingRequired } from '../../../runtime/shared/requiredWhen';
import { fieldStates, type RuleSet } from '../../../runtime/shared/rules';
import { applyFieldStates } from '../../../renderers/form/rules';

const customer = JSON.parse(readFileSync('schemas/sales/customer.json', 'utf8')) as {
  schema: RJSFSchema;
  rules: RuleSet;
};

/** What the form marks required for these values. */
const formRequired = (values: Record<string, unknown>) =>
  applyFieldStates(customer.schema, {}, fieldStates(customer.rules, values)).schema.required;

describe('conditionally required fields', () => {
  it('a natural person needs the national code, a legal person the company id', () => {
    expect(missingRequired(customer.rules, { customerType: 'person' })).toEqual(['nationalCode']);
    expect(missingRequired(customer.rules, { customerType: 'company' })).toEqual(['nationalId']);
    expect(missingRequired(customer.rules, { customerType: 'person', nationalCode: '0499370899' })).toEqual(
      [],
    );
    expect(missingRequired(customer.rules, { customerType: 'company', nationalId: '10380284790' })).toEqual(
      [],
    );
  });

  it('the form marks the same fields required as the server asks for', () => {
    expect(formRequired({ customerType: 'person' })).toContain('nationalCode');
    expect(formRequired({ customerType: 'person' })).not.toContain('nationalId');
    expect(formRequired({ customerType: 'company' })).toContain('nationalId');
    expect(formRequired({ customerType: 'company' })).not.toContain('nationalCode');
  });

  it('an empty input is missing; a hidden field is never required', () => {
    expect(['', '  ', null, undefined].every(isEmptyValue)).toBe(true);
    expect([0, false, 'x'].some(isEmptyValue)).toBe(false);
    expect(missingRequired(customer.rules, { customerType: 'person', nationalCode: ' ' })).toEqual([
      'nationalCode',
    ]);
    const hidden: RuleSet = { conditions: { note: { required: true, visible: false } } };
    expect(missingRequired(hidden, {})).toEqual([]);
    expect(missingRequired({ conditions: { note: { required: true } } }, {})).toEqual(['note']);
  });
});
