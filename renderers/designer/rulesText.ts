/**
 * Computed fields and rules typed as JSON Logic text: parsed and checked here (JSON syntax, the
 * rule-set shape, only whitelisted operations, fields that exist). Nothing is evaluated or
 * compiled; the server checks the definition again (Designer/Plan).
 */
import { unsafeOperations, type Expr, type RuleSet } from '../../runtime/shared/rules';

export type RulesProblem =
  | { key: 'json'; detail: string }
  | { key: 'shape'; detail: string }
  | { key: 'unsafe'; detail: string }
  | { key: 'unknownField'; detail: string };

export type RulesParse = { ok: true; value: RuleSet | undefined } | { ok: false; problems: RulesProblem[] };

export function rulesToText(set: RuleSet | undefined): string {
  return set && Object.keys(set).length ? JSON.stringify(set, null, 2) : '';
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Parses the text; an empty text means no rules. `fields` are the names computed/conditions may use. */
export function parseRulesText(text: string, fields: string[]): RulesParse {
  if (!text.trim()) return { ok: true, value: undefined };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, problems: [{ key: 'json', detail: e instanceof Error ? e.message : String(e) }] };
  }
  const problems: RulesProblem[] = [];
  const known = new Set(fields);
  const check = (expr: unknown, where: string) => {
    const bad = unsafeOperations(expr);
    if (bad.length) problems.push({ key: 'unsafe', detail: `${where}: ${bad.join(', ')}` });
  };
  if (!isObject(value)) return { ok: false, problems: [{ key: 'shape', detail: '{}' }] };
  for (const key of Object.keys(value))
    if (!['computed', 'rules', 'conditions', 'defaults'].includes(key))
      problems.push({ key: 'shape', detail: key });
  const { computed, rules, conditions, defaults } = value;
  for (const [part, map] of [
    ['computed', computed],
    ['defaults', defaults],
  ] as const) {
    if (map === undefined) continue;
    if (!isObject(map)) problems.push({ key: 'shape', detail: part });
    else
      for (const [field, expr] of Object.entries(map)) {
        if (!known.has(field)) problems.push({ key: 'unknownField', detail: field });
        check(expr, `${part}.${field}`);
      }
  }
  if (rules !== undefined) {
    if (!Array.isArray(rules)) problems.push({ key: 'shape', detail: 'rules' });
    else
      rules.forEach((rule: unknown, i) => {
        const at = `rules[${i}]`;
        if (!isObject(rule) || typeof rule.id !== 'string' || !/^[a-zA-Z][A-Za-z0-9]*$/.test(rule.id))
          return problems.push({ key: 'shape', detail: `${at}.id` });
        if (!isObject(rule.message) || typeof rule.message.fa !== 'string' || !rule.message.fa)
          problems.push({ key: 'shape', detail: `${at}.message.fa` });
        if (!('assert' in rule)) problems.push({ key: 'shape', detail: `${at}.assert` });
        else check(rule.assert, `${at}.assert`);
        const list = rule.fields;
        if (list !== undefined && !(Array.isArray(list) && list.every((f) => typeof f === 'string')))
          problems.push({ key: 'shape', detail: `${at}.fields` });
        else
          for (const f of (list as string[] | undefined) ?? [])
            if (!known.has(f)) problems.push({ key: 'unknownField', detail: f });
      });
  }
  if (conditions !== undefined) {
    if (!isObject(conditions)) problems.push({ key: 'shape', detail: 'conditions' });
    else
      for (const [field, c] of Object.entries(conditions)) {
        if (!known.has(field)) problems.push({ key: 'unknownField', detail: field });
        if (!isObject(c)) {
          problems.push({ key: 'shape', detail: `conditions.${field}` });
          continue;
        }
        for (const [state, expr] of Object.entries(c)) {
          if (!['visible', 'required', 'readOnly'].includes(state))
            problems.push({ key: 'shape', detail: `conditions.${field}.${state}` });
          check(expr as Expr, `conditions.${field}.${state}`);
        }
      }
  }
  return problems.length ? { ok: false, problems } : { ok: true, value: value as RuleSet };
}
