// @vitest-environment node
/**
 * Every computed field, rule, message value, blamed line cell, condition and default value of every
 * shipped definition, and the other expressions over the document it declares (workflow
 * conditions, credit amounts, automations), reads as a formula and back: print (labels in
 * Persian, in English, and keys), parse, deep-equal the canonical JSON Logic
 * (runtime/shared/formula/canonical.ts). None is left to be shown as JSON. (Posting lines and stock
 * moves read values of their own, e.g. a line's `stockCost`, not the document's names.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  canonical,
  namesOf,
  parseFormula,
  printFormula,
  type NameTable,
} from '../../../runtime/shared/formula';
import type { EntityDefinition } from '../../../runtime/shared/definition';
import type { Expr, RuleSet } from '../../../runtime/shared/rules';

function jsonFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? jsonFiles(join(dir, e.name)) : e.name.endsWith('.json') ? [join(dir, e.name)] : [],
  );
}

interface Case {
  where: string;
  expr: Expr;
  names: NameTable;
}

function casesOf(set: RuleSet | undefined, where: string, names: NameTable): Case[] {
  if (!set) return [];
  const out: Case[] = [];
  for (const [f, expr] of Object.entries(set.computed ?? {}))
    out.push({ where: `${where} computed.${f}`, expr, names });
  for (const rule of set.rules ?? []) {
    out.push({ where: `${where} rule ${rule.id}`, expr: rule.assert, names });
    for (const [p, expr] of Object.entries(rule.params ?? {}))
      out.push({ where: `${where} rule ${rule.id} param ${p}`, expr, names });
    if (rule.line) {
      out.push({ where: `${where} rule ${rule.id} line index`, expr: rule.line.index, names });
      out.push({ where: `${where} rule ${rule.id} line field`, expr: rule.line.field, names });
    }
  }
  for (const [f, c] of Object.entries(set.conditions ?? {}))
    for (const [state, expr] of Object.entries(c))
      out.push({ where: `${where} ${f}.${state}`, expr: expr as Expr, names });
  for (const [f, expr] of Object.entries(set.defaults ?? {}))
    out.push({ where: `${where} default ${f}`, expr, names });
  return out;
}

/** Expressions (not field names) under the keys that hold one, anywhere outside the rule sets. */
const EXPRESSION_KEYS = new Set(['when', 'amount', 'value']);
function otherCases(def: EntityDefinition, file: string, names: NameTable): Case[] {
  const out: Case[] = [];
  const walk = (node: unknown, path: string): void => {
    if (Array.isArray(node)) return node.forEach((x, i) => walk(x, `${path}/${i}`));
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (EXPRESSION_KEYS.has(key) && value !== null && typeof value === 'object' && !Array.isArray(value))
        out.push({ where: `${file} ${path}/${key}`, expr: value as Expr, names });
      else walk(value, `${path}/${key}`);
    }
  };
  for (const part of ['workflow', 'credit', 'automations'] as const) walk(def[part], `/${part}`);
  return out;
}

const cases: Case[] = [];
for (const file of jsonFiles('schemas')) {
  const def = JSON.parse(readFileSync(file, 'utf8')) as Partial<EntityDefinition>;
  if (!def.schema || !def.fields) continue;
  const entity = def as EntityDefinition;
  cases.push(...casesOf(entity.rules, file, namesOf(entity)));
  cases.push(...otherCases(entity, file, namesOf(entity)));
  for (const [name, child] of Object.entries(entity.children ?? {}))
    cases.push(...casesOf(child.rules, `${file} ${name}`, namesOf(child)));
}

describe('shipped definitions read as formulas', () => {
  it('finds the shipped rules', () => {
    expect(cases.length).toBeGreaterThan(60);
    // the voucher's blamed cell (lineValue) and the workflows' conditions are among them
    expect(cases.some((c) => c.where.includes('voucher.json rule balanced line field'))).toBe(true);
    expect(cases.some((c) => c.where.includes('/workflow/'))).toBe(true);
  });

  it.each(cases.map((c) => [c.where, c] as const))('%s', (_, c) => {
    for (const style of ['fa', 'en', 'key'] as const) {
      const text = printFormula(c.expr, { names: c.names, style });
      const back = parseFormula(text, c.names);
      expect(back, `${style}: ${text}`).toEqual({ ok: true, expr: canonical(c.expr) });
    }
  });
});
