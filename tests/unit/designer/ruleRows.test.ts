// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { builderExpr, builderModel } from '../../../renderers/designer/conditionRows';
import { editCell, restyle, rowsOfRules, rulesOfRows } from '../../../renderers/designer/ruleRows';
import type { NameTable } from '../../../runtime/shared/formula';
import type { RuleSet } from '../../../runtime/shared/rules';

const names: NameTable = {
  fields: [
    { key: 'endDate', fa: 'تاریخ پایان' },
    { key: 'startDate', fa: 'تاریخ شروع' },
    { key: 'kind', fa: 'نوع' },
    { key: 'total', fa: 'جمع کل' },
  ],
  tables: [{ key: 'lines', fa: 'اقلام', fields: [{ key: 'amount', fa: 'مبلغ' }] }],
};

const set: RuleSet = {
  computed: {
    total: { reduce: [{ var: 'lines' }, { '+': [{ var: 'accumulator' }, { var: 'current.amount' }] }, 0] },
  },
  rules: [
    {
      id: 'dates',
      // the non-canonical spelling of a shipped rule: kept as it is while the row is not edited
      assert: { or: [{ '!': { var: 'endDate' } }, { '<=': [{ var: 'startDate' }, { var: 'endDate' }] }] },
      message: { fa: 'تاریخ‌ها', en: 'Dates' },
      fields: ['endDate'],
    },
  ],
  conditions: { endDate: { visible: { '==': [{ var: 'kind' }, 'x'] }, required: { '===': [1, 1] } } },
};

describe('rule rows', () => {
  it('show every formula and give back the same rule set, byte for byte, when nothing is edited', () => {
    const rows = rowsOfRules(set, names, 'fa');
    expect(rows.computed[0]!.formula.text).toBe('جمع(اقلام.مبلغ)');
    expect(rows.rules[0]!.formula.text).toBe('نه [تاریخ پایان] یا [تاریخ شروع] <= [تاریخ پایان]');
    expect(rows.conditions.map((c) => [c.field, c.state, c.formula.text, c.formula.json])).toEqual([
      ['endDate', 'visible', 'نوع = «x»', false],
      ['endDate', 'required', '{"===":[1,1]}', true],
    ]);
    expect(JSON.stringify(rulesOfRows(rows).set)).toBe(JSON.stringify(set));
    const keys = restyle(rows, names, 'key');
    expect(keys.rules[0]!.formula.text).toBe('not endDate or startDate <= endDate');
    expect(rulesOfRows(keys)).toEqual({ set, problems: [] });
  });

  it('an edited formula replaces the expression; a broken one, an empty field or a bad rule id is a problem', () => {
    const rows = rowsOfRules(set, names, 'key');
    rows.computed[0]!.formula = editCell('sum(lines.amount) * 2', names);
    expect(rulesOfRows(rows).set!.computed!.total).toEqual({ '*': [set.computed!.total!, 2] });
    rows.computed[0]!.formula = editCell('sum(lines.amount) *', names);
    rows.rules[0]!.rule = { ...rows.rules[0]!.rule, id: '1bad', message: { fa: '' } };
    rows.conditions.push({ field: '', state: 'visible', formula: editCell('true', names) });
    expect(rulesOfRows(rows).problems).toEqual([
      { key: 'formula', where: 'computed.0' },
      { key: 'ruleId', where: 'rules.0' },
      { key: 'ruleMessage', where: 'rules.0' },
      { key: 'noField', where: 'conditions.2' },
    ]);
  });

  it('no rows make no rule set', () => {
    expect(rulesOfRows(rowsOfRules(undefined, names, 'fa'))).toEqual({ set: undefined, problems: [] });
  });
});

describe('the condition builder', () => {
  it('makes comparisons joined by and / or, and reads them back', () => {
    const model = {
      join: 'or' as const,
      rows: [
        { field: 'kind', op: '==' as const, value: 'حقوقی' },
        { field: 'total', op: '>' as const, value: '۱۰۰' },
        { field: 'endDate', op: 'filled' as const, value: '' },
      ],
    };
    const expr = builderExpr(model);
    expect(expr).toEqual({
      or: [
        { '==': [{ var: 'kind' }, 'حقوقی'] },
        { '>': [{ var: 'total' }, 100] },
        { '!!': [{ var: 'endDate' }] },
      ],
    });
    expect(builderModel(expr)).toEqual({
      ...model,
      rows: model.rows.map((r) => ({ ...r, value: r.value === '۱۰۰' ? '100' : r.value })),
    });
    expect(builderModel({ '==': [{ var: 'kind' }, 'x'] })).toEqual({
      join: 'and',
      rows: [{ field: 'kind', op: '==', value: 'x' }],
    });
  });

  it('a row without a field makes nothing; a formula beyond comparisons opens no builder', () => {
    expect(builderExpr({ join: 'and', rows: [{ field: '', op: '==', value: '1' }] })).toBeUndefined();
    expect(builderModel({ '==': [{ '+': [{ var: 'total' }, 1] }, 2] })).toBeUndefined();
    expect(builderModel({ and: [{ '==': [{ var: 'kind' }, 'x'] }, { or: [true] }] })).toBeUndefined();
  });
});
