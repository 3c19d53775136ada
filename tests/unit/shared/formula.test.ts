// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  canonical,
  completeAt,
  formulaText,
  parseFormula,
  printFormula,
  type NameTable,
} from '../../../runtime/shared/formula';
import { evaluate, type Expr } from '../../../runtime/shared/rules';

const names: NameTable = {
  fields: [
    { key: 'customerType', fa: 'نوع مشتری', en: 'Customer type' },
    { key: 'creditLimit', fa: 'سقف اعتبار', en: 'Credit limit' },
    { key: 'total', fa: 'جمع', en: 'Total' },
    { key: 'discount', fa: 'تخفیف', en: 'Discount' },
    { key: 'tax', fa: 'مالیات', en: 'Tax' },
    { key: 'note', fa: 'شرح', en: 'and' },
  ],
  tables: [
    {
      key: 'lines',
      fa: 'اقلام',
      en: 'Lines',
      fields: [
        { key: 'amount', fa: 'مبلغ', en: 'Amount' },
        { key: 'quantity', fa: 'مقدار', en: 'Quantity' },
      ],
    },
  ],
};

const v = (name: string): Expr => ({ var: name });
const ok = (text: string) => {
  const r = parseFormula(text, names);
  if (!r.ok) throw new Error(`${text}: ${JSON.stringify(r.error)}`);
  return r.expr;
};
const err = (text: string) => {
  const r = parseFormula(text, names);
  if (r.ok) throw new Error(`${text} parsed`);
  return r.error;
};
const lineSum = (term: Expr): Expr => ({ reduce: [v('lines'), { '+': [v('accumulator'), term] }, 0] });

describe('formulas compile to the evaluator’s JSON Logic', () => {
  it('the issue’s examples, in English keys and Persian labels', () => {
    expect(ok('sum(lines.amount) * 0.09')).toEqual({ '*': [lineSum(v('current.amount')), 0.09] });
    expect(ok('sum(اقلام.مبلغ) * ۰٫۰۹')).toEqual(ok('sum(lines.amount) * 0.09'));
    const condition = { and: [{ '==': [v('customerType'), 'legal'] }, { '>': [v('creditLimit'), 0] }] };
    expect(ok('customerType = "legal" and creditLimit > 0')).toEqual(condition);
    expect(ok('[نوع مشتری] = «legal» و [سقف اعتبار] > ۰')).toEqual(condition);
    expect(ok('[Customer type] = "legal" AND [credit LIMIT] > 0')).toEqual(condition);
  });

  it('precedence, variadic chains and groups', () => {
    expect(ok('1 + 2 * 3')).toEqual({ '+': [1, { '*': [2, 3] }] });
    expect(ok('1 + 2 + 3')).toEqual({ '+': [1, 2, 3] });
    expect(ok('(1 + 2) + 3')).toEqual({ '+': [{ '+': [1, 2] }, 3] });
    expect(ok('1 - 2 - 3')).toEqual({ '-': [{ '-': [1, 2] }, 3] });
    expect(ok('1 - (2 - 3)')).toEqual({ '-': [1, { '-': [2, 3] }] });
    expect(ok('-total')).toEqual({ '-': [v('total')] });
    expect(ok('-5 * 2')).toEqual({ '*': [-5, 2] });
    expect(ok('-(5)')).toEqual({ '-': [5] });
    expect(ok('not total > 0 or tax <> 0')).toEqual({
      or: [{ '!': [{ '>': [v('total'), 0] }] }, { '!=': [v('tax'), 0] }],
    });
    expect(ok('total % 2 == 0 یا نه tax')).toEqual({
      or: [{ '==': [{ '%': [v('total'), 2] }, 0] }, { '!': [v('tax')] }],
    });
  });

  it('functions are the whitelisted operations', () => {
    expect(ok('if(total > 0, "yes", "no")')).toEqual({ if: [{ '>': [v('total'), 0] }, 'yes', 'no'] });
    expect(ok('اگر(جمع > ۰، ۱، ۲)')).toEqual({ if: [{ '>': [v('total'), 0] }, 1, 2] });
    expect(ok('round(total * 1.09, 2)')).toEqual({ round: [{ '*': [v('total'), 1.09] }, 2] });
    expect(ok('max(0, total - discount + default(tax, 0))')).toEqual({
      max: [0, { '+': [{ '-': [v('total'), v('discount')] }, { var: ['tax', 0] }] }],
    });
    expect(ok('پیش‌فرض(مالیات، ۰)')).toEqual({ var: ['tax', 0] });
    expect(ok('تعداد(اقلام) > ۰')).toEqual({ '>': [lineSum(1), 0] });
    expect(ok('count(lines)')).toEqual(lineSum(1));
    expect(ok('sum(lines, quantity * amount)')).toEqual(
      lineSum({ '*': [v('current.quantity'), v('current.amount')] }),
    );
    expect(ok('oneof(customerType, "a", "b")')).toEqual({ in: [v('customerType'), ['a', 'b']] });
    expect(ok('contains(note, "x")')).toEqual({ in: ['x', v('note')] });
    expect(ok('bool(tax)')).toEqual({ '!!': [v('tax')] });
    expect(ok('concat("a", note)')).toEqual({ cat: ['a', v('note')] });
    expect(ok('rialInWords(total)')).toEqual({ rialInWords: [v('total')] });
    expect(ok('dayCount(total, tax)')).toEqual({ dayCount: [v('total'), v('tax')] });
  });

  it('a text starting with { is JSON Logic, checked against the whitelist', () => {
    expect(ok('{"===": [{"var": "total"}, 1]}')).toEqual({ '===': [v('total'), 1] });
    expect(err('{"method": ["x", "constructor"]}')).toMatchObject({ messageKey: 'unsafe', detail: 'method' });
    expect(err('{"x":')).toMatchObject({ messageKey: 'badJson', position: 0 });
  });
});

describe('formula errors point at the text', () => {
  it.each([
    ['total + ', 'unexpectedEnd', 8, 0],
    ['total + foo', 'unknownName', 8, 3],
    ['total + [نام ناشناس]', 'unknownName', 8, 12],
    ['frobnicate(1)', 'unknownFunction', 0, 10],
    ['round(1, 2, 3)', 'arity', 0, 14],
    ['(total + 1', 'unexpectedEnd', 10, 0],
    ['total $ 1', 'unexpectedChar', 6, 1],
    ['"abc', 'unterminatedString', 0, 4],
    ['[abc', 'unclosedBracket', 0, 4],
    ['1 < total < 3', 'chainedComparison', 2, 9],
    ['lines.amount + 1', 'lineFieldOutside', 0, 12],
    ['sum(total)', 'tableExpected', 4, 5],
    ['sum(lines.nope)', 'unknownName', 10, 4],
    ['default(1, 2)', 'nameExpected', 8, 1],
    ['total total', 'unexpectedToken', 6, 5],
    ['12abc', 'badNumber', 0, 3],
    ['', 'empty', 0, 0],
    ['if(total, 1 2)', 'expectedClose', 12, 1],
  ])('%s: %s', (text, messageKey, position, length) => {
    expect(err(text)).toMatchObject({ messageKey, position, length });
  });
});

describe('print is parse’s inverse', () => {
  const forms: Expr[] = [
    { '+': [{ '+': [1, 2] }, 3] },
    { '+': [1, { '+': [2, 3] }] },
    { '+': [1, { '-': [2, 3] }] },
    { '-': [{ '+': [1, 2] }, 3] },
    { '*': [{ '+': [1, v('total')] }, { '/': [v('tax'), { '%': [5, 2] }] }] },
    { '/': [1, { '/': [2, 3] }] },
    { '-': [5] },
    { '-': [-5] },
    { '-': [{ '-': [v('total')] }] },
    { '-': [v('total'), -3] },
    { '*': [-0, { '-': [-0] }] },
    { and: [{ or: [true, false] }, { '!': [{ and: [1, 2] }] }, null] },
    { or: [{ and: [1, 2] }, { or: [3, 4] }] },
    { '==': [{ '!': [v('total')] }, { '<': [1, 2] }] },
    { '!': [{ '!': [v('tax')] }] },
    { '!=': [{ '>': [v('total'), 0] }, { '>': [v('tax'), 0] }] },
    { if: [v('total'), 'a\n"b"', v('tax'), 'c', 'd'] },
    { max: [{ min: [1] }, 2, 3] },
    lineSum({ max: [0, { var: ['current.amount', 0] }] }),
    { in: [v('note'), ['a']] },
    { cat: ['نام: ', v('note')] },
    { '*': [1e21, 0.000001] },
    { '==': [v('note'), 'فروش «ویژه»'] },
  ];
  it.each(forms.map((f) => [JSON.stringify(f), f] as const))('%s', (_, form) => {
    for (const style of ['fa', 'en', 'key'] as const) {
      const text = printFormula(form, { names, style });
      expect(parseFormula(text, names), text).toEqual({ ok: true, expr: canonical(form) });
    }
  });

  it('prints minimal parentheses, labels that read as one name bare and others in brackets', () => {
    const e = ok('(total - discount) * 2 + sum(lines.amount)');
    expect(printFormula(e, { names, style: 'key' })).toBe('(total - discount) * 2 + sum(lines.amount)');
    expect(printFormula(e, { names })).toBe('(جمع - تخفیف) * ۲ + جمع(اقلام.مبلغ)');
    expect(printFormula(ok('customerType = "x" and note'), { names, style: 'en' })).toBe(
      '[Customer type] = "x" and [and]',
    );
  });

  it('canonical spelling evaluates the same', () => {
    const raw: Expr = { or: [{ '!': v('note') }, { '>': [{ var: ['total'] }, 0] }] };
    for (const note of ['', 'x', null])
      expect(evaluate(canonical(raw), { note, total: 3 })).toBe(evaluate(raw, { note, total: 3 }));
  });

  it('a form the language has not is shown as JSON', () => {
    expect(formulaText({ '===': [1, 1] }, { names })).toEqual({ text: '{"===":[1,1]}', json: true });
    expect(formulaText({ reduce: [v('lines'), { '*': [v('accumulator'), 2] }, 1] }, { names }).json).toBe(
      true,
    );
  });

  it('compiled formulas evaluate as written', () => {
    const data = { total: 1000, discount: 100, lines: [{ amount: 10 }, { amount: 20.5 }] };
    expect(evaluate(ok('max(0, total - discount + default(tax, 0))'), data)).toBe(900);
    expect(evaluate(ok('sum(lines.amount) * 2'), data)).toBe(61);
    expect(evaluate(ok('count(lines)'), data)).toBe(2);
  });
});

describe('completion', () => {
  const labels = (text: string, caret = text.length, style: 'fa' | 'en' | 'key' = 'fa') =>
    completeAt(text, caret, names, style).items.map((i) => i.insert);

  it('offers fields by label or key, tables and functions', () => {
    expect(labels('tot')).toEqual(expect.arrayContaining(['جمع']));
    expect(labels('cre', 3, 'key')).toEqual(['creditLimit']);
    expect(labels('[نوع')).toEqual(['[نوع مشتری]']);
    expect(labels('su', 2, 'key')).toContain('sum(');
    expect(labels('اق')).toEqual(['اقلام']);
    expect(labels('جم')).toEqual(['جمع', 'جمع(']);
  });

  it('offers a table’s fields after the dot and inside sum(table, …)', () => {
    expect(labels('sum(lines.', 10, 'key')).toEqual(['amount', 'quantity']);
    expect(labels('sum(lines.am', 12, 'key')).toEqual(['amount']);
    expect(labels('sum(lines, qu', 13, 'key')).toEqual(['quantity']);
  });

  it('replaces the whole word at the caret and offers nothing inside a string', () => {
    const c = completeAt('round(totxx) ', 8, names, 'key');
    expect([c.from, c.to]).toEqual([6, 11]);
    expect(completeAt('"tot', 4, names).items).toEqual([]);
  });
});
