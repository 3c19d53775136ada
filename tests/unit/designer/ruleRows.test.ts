// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builderExpr, builderModel } from '../../../renderers/designer/conditionRows';
import { editCell, restyle, rowsOfRules, rulesOfRows } from '../../../renderers/designer/ruleRows';
import { namesOf, type NameTable } from '../../../runtime/shared/formula';
import type { EntityDefinition } from '../../../runtime/shared/definition';
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

describe('rule rows: message values, the blamed line, fields and default values', () => {
  const withParts: RuleSet = {
    rules: [
      {
        id: 'balanced',
        assert: { '==': [{ var: 'total' }, 0] },
        message: { fa: 'اختلاف {{difference}}' },
        line: { table: 'lines', index: 0, field: 'amount' },
        params: { difference: { '-': [{ var: 'total' }, 1] } },
        fields: ['total'],
      },
    ],
    defaults: { endDate: { addDays: [{ var: 'startDate' }, 30] } },
  };

  it('are formulas, and come back byte for byte when nothing is edited', () => {
    const rows = rowsOfRules(withParts, names, 'fa');
    const rule = rows.rules[0]!;
    expect(rule.params.map((p) => [p.name, p.formula.text])).toEqual([['difference', '[جمع کل] - ۱']]);
    expect(rule.line && [rule.line.table, rule.line.index.text, rule.line.field.text]).toEqual([
      'lines',
      '۰',
      '«amount»',
    ]);
    expect(rows.defaults.map((d) => [d.field, d.formula.text])).toEqual([
      ['endDate', 'افزودن_روز([تاریخ شروع]، ۳۰)'],
    ]);
    expect(JSON.stringify(rulesOfRows(rows).set)).toBe(JSON.stringify(withParts));
    expect(restyle(rows, names, 'key').rules[0]!.params[0]!.formula.text).toBe('total - 1');
  });

  it('edited: a value renamed and its formula changed, the line dropped, the fields emptied', () => {
    const rows = rowsOfRules(withParts, names, 'key');
    const rule = rows.rules[0]!;
    rows.rules[0] = {
      ...rule,
      rule: { ...rule.rule, fields: [] },
      params: [{ name: 'gap', formula: editCell('total * 2', names) }],
    };
    delete rows.rules[0].line;
    const made = rulesOfRows(rows);
    expect(made.problems).toEqual([]);
    expect(made.set!.rules![0]).toEqual({
      id: 'balanced',
      assert: { '==': [{ var: 'total' }, 0] },
      message: { fa: 'اختلاف {{difference}}' },
      params: { gap: { '*': [{ var: 'total' }, 2] } },
    });
  });

  it('names the problems: a bad value name, a line without a table, a default twice, today() outside defaults', () => {
    const rows = rowsOfRules(withParts, names, 'key');
    const rule = rows.rules[0]!;
    rows.rules[0] = {
      ...rule,
      formula: editCell('startDate <= today()', names),
      params: [
        { name: '1x', formula: editCell('1', names) },
        { name: 'ok', formula: editCell('sum(lines.amount', names) },
      ],
      line: { ...rule.line!, table: '' },
    };
    rows.defaults.push({ field: 'endDate', formula: editCell('today()', names) });
    rows.computed.push({ field: 'total', formula: editCell('today()', names) });
    expect(rulesOfRows(rows).problems).toEqual([
      { key: 'clock', where: 'computed.0' },
      { key: 'clock', where: 'rules.0' },
      { key: 'paramName', where: 'rules.0.params.0' },
      { key: 'formula', where: 'rules.0.params.1' },
      { key: 'noTable', where: 'rules.0.line' },
      { key: 'twice', where: 'defaults.1' },
    ]);
  });
});

describe('the shipped definitions in the designer', () => {
  const files = readdirSync('schemas', { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.json'))
    .map((f) => join('schemas', f));
  const sets: [string, RuleSet, NameTable][] = [];
  for (const file of files) {
    const def = JSON.parse(readFileSync(file, 'utf8')) as Partial<EntityDefinition>;
    if (!def.schema || !def.fields) continue;
    if (def.rules) sets.push([file, def.rules, namesOf(def as EntityDefinition)]);
    for (const [name, child] of Object.entries(def.children ?? {}))
      if (child.rules) sets.push([`${file} ${name}`, child.rules, namesOf(child)]);
  }

  it('finds them', () => expect(sets.length).toBeGreaterThan(30));

  it.each(sets)('%s: every part reads as a formula, nothing as JSON, and is kept as it came', (_, set, n) => {
    for (const style of ['fa', 'key'] as const) {
      const rows = rowsOfRules(set, n, style);
      const cells = [
        ...rows.computed.map((r) => r.formula),
        ...rows.conditions.map((r) => r.formula),
        ...rows.defaults.map((r) => r.formula),
        ...rows.rules.flatMap((r) => [
          r.formula,
          ...r.params.map((p) => p.formula),
          ...(r.line ? [r.line.index, r.line.field] : []),
        ]),
      ];
      expect(cells.filter((c) => c.json || c.error).map((c) => c.text)).toEqual([]);
      expect(JSON.stringify(rulesOfRows(rows).set)).toBe(JSON.stringify(set));
    }
  });
});
