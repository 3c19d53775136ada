import { describe, expect, it } from 'vitest';
import { parseRulesText, rulesToText } from '../../../renderers/designer/rulesText';

const fields = ['quantity', 'unitPrice', 'amount'];

describe('rules typed as JSON Logic text', () => {
  it('accepts computed fields, rules and conditions over known fields', () => {
    const set = {
      computed: { amount: { '*': [{ var: 'quantity' }, { var: 'unitPrice' }] } },
      rules: [
        {
          id: 'positive',
          assert: { '>': [{ var: 'quantity' }, 0] },
          message: { fa: 'مثبت' },
          fields: ['quantity'],
        },
      ],
      conditions: { unitPrice: { readOnly: { '==': [{ var: 'quantity' }, 0] } } },
    };
    expect(parseRulesText(JSON.stringify(set), fields)).toEqual({ ok: true, value: set });
    expect(parseRulesText(rulesToText(set), fields)).toEqual({ ok: true, value: set });
  });

  it('an empty text means no rules', () => {
    expect(parseRulesText('  ', fields)).toEqual({ ok: true, value: undefined });
    expect(rulesToText(undefined)).toBe('');
  });

  it('refuses broken JSON, operations outside the whitelist and unknown fields', () => {
    const broken = parseRulesText('{"computed": {', fields);
    expect(broken.ok === false && broken.problems[0]!.key).toBe('json');
    const unsafe = parseRulesText(
      JSON.stringify({ computed: { amount: { method: ['x', 'constructor'] } } }),
      fields,
    );
    expect(unsafe.ok === false && unsafe.problems).toEqual([
      { key: 'unsafe', detail: 'computed.amount: method' },
    ]);
    const unknown = parseRulesText(JSON.stringify({ computed: { total: 1 } }), fields);
    expect(unknown.ok === false && unknown.problems).toEqual([{ key: 'unknownField', detail: 'total' }]);
  });

  it('refuses a rule without id or Persian message and unknown keys', () => {
    const bad = parseRulesText(
      JSON.stringify({ rules: [{ assert: true, message: { en: 'x' } }], extra: 1 }),
      fields,
    );
    expect(bad.ok).toBe(false);
    expect(bad.ok === false && bad.problems.map((p) => p.detail)).toEqual(['extra', 'rules[0].id']);
    const noFa = parseRulesText(
      JSON.stringify({ rules: [{ id: 'r', assert: true, message: { en: 'x' } }] }),
      fields,
    );
    expect(noFa.ok === false && noFa.problems.map((p) => p.detail)).toEqual(['rules[0].message.fa']);
  });
});
