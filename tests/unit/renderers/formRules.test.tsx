/**
 * The form's rules per keystroke: evaluated again only where their inputs changed, with the same
 * answers as a full evaluation.
 */
import { describe, expect, it } from 'vitest';
import { safeBrokenRules, safeFieldStates, statesKey, withComputed } from '../../../renderers/form/rules';
import { RuleRuns } from '../../../runtime/shared/ruleRuns';
import type { Expr, RuleSet } from '../../../runtime/shared/rules';

/** The form bench's rules over `n` groups of ten fields (a computed money field, two conditions). */
function benchRules(n: number): { set: RuleSet; names: string[] } {
  const computed: Record<string, Expr> = {};
  const conditions: RuleSet['conditions'] = {};
  const rules: RuleSet['rules'] = [];
  for (let g = 0; g < n; g++) {
    const at = (k: number) => `f${g * 10 + k}`;
    computed[at(6)] = { round: [{ '+': [{ '*': [{ var: at(1) }, 2] }, { var: at(8) }] }] };
    conditions[at(9)] = { visible: { '==': [{ var: at(4) }, true] } };
    conditions[at(5)] = { required: { '==': [{ var: at(3) }, 'b'] } };
    rules.push({
      id: `g${g}`,
      assert: { '<=': [{ var: at(8) }, 100] },
      message: { fa: 'زیاد' },
      fields: [at(8)],
    });
  }
  return { set: { computed, conditions, rules }, names: Array.from({ length: n * 10 }, (_, i) => `f${i}`) };
}

describe("the form's rules with its runs", () => {
  it('answer what a full evaluation answers, keystroke after keystroke', () => {
    const { set, names } = benchRules(5);
    const runs = new RuleRuns();
    let values: Record<string, unknown> = {};
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let i = 0; i < 400; i++) {
      const field = names[Math.floor(next() * names.length)] as string;
      const k = Number(field.slice(1)) % 10;
      const value =
        k === 4 ? next() < 0.5 : k === 3 ? ['a', 'b', 'c'][Math.floor(next() * 3)] : Math.floor(next() * 90);
      const reported = { ...values, [field]: next() < 0.1 ? undefined : value };
      const full = withComputed(set, reported, {}, names);
      const shown = withComputed(set, reported, {}, names, runs);
      expect(shown).toEqual(full);
      expect(safeFieldStates(set, shown, runs)).toEqual(safeFieldStates(set, shown));
      expect(safeBrokenRules(set, shown, runs)).toEqual(safeBrokenRules(set, shown));
      values = shown;
    }
  });

  it('keep the same states object while no state changed, so the schema is not rebuilt', () => {
    const { set, names } = benchRules(3);
    const runs = new RuleRuns();
    const a = safeFieldStates(set, { f0: 'x' }, runs);
    const b = safeFieldStates(set, { f0: 'xy', f1: 5 }, runs);
    expect(b).toBe(a);
    expect(statesKey(b)).toBe(statesKey(a));
    const c = safeFieldStates(set, { f0: 'xy', f1: 5, f4: true }, runs);
    expect(c).not.toBe(a);
    expect(c.f9?.visible).toBe(true);
    expect(names).toHaveLength(30);
  });
});
