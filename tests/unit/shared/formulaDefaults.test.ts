// @vitest-environment node
/**
 * Default values written as formulas (`rules.defaults`, runtime/shared/initialValues.ts): what a
 * new record starts with in the form and on Create, over the values given and the named initials;
 * `today()` reads the moment of the record, `addDays` counts days; constant and named defaults stay
 * as they were. The formulas read as words and back (runtime/shared/formula).
 */
import { describe, expect, it } from 'vitest';
import { withInitialValues } from '../../../runtime/shared/initialValues';
import { addDays, today, withClock } from '../../../runtime/shared/ruleDates';
import { canonical, parseFormula, printFormula, type NameTable } from '../../../runtime/shared/formula';
import type { EntityDefinition } from '../../../runtime/shared/definition';
import type { Expr, RuleSet } from '../../../runtime/shared/rules';

// 2026-11-24 22:00 UTC is 2026-11-25 01:30 in Tehran: the business day is the 25th
const now = new Date(Date.UTC(2026, 10, 24, 22, 0, 0));

function def(rules: RuleSet): EntityDefinition {
  return {
    fields: {
      date: { label: { fa: 'تاریخ' }, initial: 'today' },
      dueDate: { label: { fa: 'سررسید' } },
      note: { label: { fa: 'شرح' } },
      days: { label: { fa: 'مهلت' } },
    },
    schema: {
      type: 'object',
      properties: {
        date: { type: 'string', format: 'date' },
        dueDate: { type: 'string', format: 'date' },
        note: { type: 'string', default: 'ثابت' },
        days: { type: 'integer' },
      },
    },
    rules,
  } as unknown as EntityDefinition;
}

const due = { addDays: [{ var: 'date' }, { var: ['days', 30] }] };

describe('default formulas', () => {
  it('a due date 30 days after the document date (itself a named initial), or after the days given', () => {
    const d = def({ defaults: { dueDate: due } });
    expect(withInitialValues(d, {}, now)).toEqual({ date: '2026-11-25', dueDate: '2026-12-25' });
    expect(withInitialValues(d, { date: '2026-03-10', days: 10 }, now)).toEqual({
      date: '2026-03-10',
      days: 10,
      dueDate: '2026-03-20',
    });
  });

  it('a value given is kept; a formula giving nothing or failing leaves the field empty', () => {
    const given = { date: '2026-01-01', dueDate: '2026-02-01' };
    expect(withInitialValues(def({ defaults: { dueDate: due } }), given, now)).toBe(given);
    const nothing = def({ defaults: { dueDate: { addDays: [{ var: 'note' }, 3] } } });
    expect(withInitialValues(nothing, { date: '2026-01-01' }, now)).toEqual({ date: '2026-01-01' });
    // a division by zero is Infinity: not a value
    const broken = def({ defaults: { days: { '/': [1, 0] } } });
    expect(withInitialValues(broken, { date: '2026-01-01' }, now)).toEqual({ date: '2026-01-01' });
  });

  it('today() reads the moment the record is made (the business day), later defaults see earlier ones', () => {
    const d = def({
      defaults: { note: { cat: ['از ', { today: [] }] }, dueDate: { addDays: [{ today: [] }, 7] } },
    });
    expect(withInitialValues(d, { date: '2020-01-01' }, now)).toEqual({
      date: '2020-01-01',
      note: 'از 2026-11-25',
      dueDate: '2026-12-02',
    });
    expect(withClock(now, today)).toBe('2026-11-25');
    const chained = def({ defaults: { days: 5, dueDate: { addDays: [{ var: 'date' }, { var: 'days' }] } } });
    expect(withInitialValues(chained, { date: '2026-01-30' }, now)).toMatchObject({ dueDate: '2026-02-04' });
  });

  it('without default formulas nothing changes: the schema default stays the form’s', () => {
    expect(withInitialValues(def({}), {}, now)).toEqual({ date: '2026-11-25' });
  });

  it('addDays counts calendar days over months and years; refuses what is not a date or whole days', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-01-01', '10')).toBe('2026-01-11');
    expect(addDays('', 1)).toBeUndefined();
    expect(addDays('2026-02-30', 1)).toBeUndefined();
    expect(addDays('2026-01-01', 1.5)).toBeUndefined();
    expect(addDays('2026-01-01', 1e9)).toBeUndefined();
  });
});

describe('default formulas in words', () => {
  const names: NameTable = {
    fields: [
      { key: 'date', fa: 'تاریخ', en: 'Date' },
      { key: 'days', fa: 'مهلت', en: 'Days' },
    ],
    tables: [{ key: 'lines', fa: 'اقلام', fields: [{ key: 'debit', fa: 'بدهکار' }] }],
  };
  it.each<[string, string, Expr]>([
    ['today()', 'امروز()', { today: [] }],
    ['addDays(date, 30)', 'افزودن_روز(تاریخ، ۳۰)', { addDays: [{ var: 'date' }, 30] }],
    [
      'lineValue(lines.debit, count(lines) - 1)',
      'مقدار_سطر(اقلام.بدهکار، تعداد(اقلام) - ۱)',
      {
        var: {
          cat: [
            'lines.',
            { '-': [{ reduce: [{ var: 'lines' }, { '+': [{ var: 'accumulator' }, 1] }, 0] }, 1] },
            '.debit',
          ],
        },
      },
    ],
  ])('%s', (key, fa, expr) => {
    expect(parseFormula(key, names)).toEqual({ ok: true, expr });
    expect(parseFormula(fa, names)).toEqual({ ok: true, expr });
    expect(printFormula(expr, { names, style: 'key' })).toBe(key);
    expect(printFormula(expr, { names, style: 'fa' })).toBe(fa);
    expect(canonical(expr)).toEqual(expr);
  });

  it('today takes no value; lineValue wants a line field and stays out of a sum over lines', () => {
    expect(parseFormula('today(1)', names)).toMatchObject({ ok: false, error: { messageKey: 'arity' } });
    expect(parseFormula('lineValue(date, 1)', names)).toMatchObject({ ok: false });
    expect(parseFormula('lineValue(lines, 1)', names)).toMatchObject({ ok: false });
    expect(parseFormula('sum(lines, lineValue(lines.debit, 0))', names)).toMatchObject({ ok: false });
  });
});
