/**
 * Checks of a definition's default formulas (`rules.defaults`, runtime/shared/initialValues.ts):
 * each names a field of the document (a line has none: its defaults are its schema's), and the
 * clock (`today`, runtime/shared/ruleDates.ts CLOCK_OPERATIONS) is read by default values only,
 * since a computed value, a rule, a condition or a posting would change by the day it is evaluated
 * on. Each problem has its JSON path and a `formulaMore.check.{key}` text. Operations and the
 * evaluation budget of the formulas are checked with every other expression (safety.ts).
 */
import type { EntityDefinition } from '../../runtime/shared/definition';
import { CLOCK_OPERATIONS } from '../../runtime/shared/ruleDates';
import type { Expr, RuleSet } from '../../runtime/shared/rules';
import { automationExpressions } from './automationCheck';
import { creditExpressions } from './creditCheck';
import { declaredPostings } from './postingCheck';
import { stockExpressions } from './stockCheck';

export interface DefaultsProblem {
  path: string;
  key: 'unknownField' | 'lineDefaults' | 'clock';
  params: Record<string, unknown>;
}

/** The operations of an expression that read the clock. */
export function clockOperations(expr: unknown): string[] {
  const found = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    for (const [op, arg] of Object.entries(node)) {
      if (CLOCK_OPERATIONS.includes(op)) found.add(op);
      visit(arg);
    }
  };
  visit(expr);
  return [...found];
}

/** The expressions of a rule set other than its defaults, with their paths. */
function ruleSetExpressions(at: string, set: RuleSet | undefined): [string, Expr][] {
  if (!set) return [];
  const out: [string, Expr][] = [];
  for (const [field, expr] of Object.entries(set.computed ?? {})) out.push([`${at}/computed/${field}`, expr]);
  (set.rules ?? []).forEach((rule, i) => {
    out.push([`${at}/rules/${i}/assert`, rule.assert]);
    if (rule.line) {
      out.push([`${at}/rules/${i}/line/index`, rule.line.index]);
      out.push([`${at}/rules/${i}/line/field`, rule.line.field]);
    }
    for (const [name, expr] of Object.entries(rule.params ?? {}))
      out.push([`${at}/rules/${i}/params/${name}`, expr]);
  });
  for (const [field, c] of Object.entries(set.conditions ?? {}))
    for (const [state, expr] of Object.entries(c))
      out.push([`${at}/conditions/${field}/${state}`, expr as Expr]);
  return out;
}

/** Every expression of the definition that is not a default value, with its path. */
function otherExpressions(def: EntityDefinition): [string, Expr][] {
  const out = ruleSetExpressions('/rules', def.rules);
  for (const [name, child] of Object.entries(def.children ?? {}))
    out.push(...ruleSetExpressions(`/children/${name}/rules`, child.rules));
  out.push(...stockExpressions(def), ...creditExpressions(def), ...automationExpressions(def));
  for (const { path, posting } of declaredPostings(def))
    posting.lines.forEach((line, i) => {
      for (const part of ['debit', 'credit', 'when'] as const)
        if (line[part] !== undefined) out.push([`${path}/lines/${i}/${part}`, line[part] as Expr]);
    });
  (def.workflow?.initialWhen ?? []).forEach((e, i) => out.push([`/workflow/initialWhen/${i}/when`, e.when]));
  def.workflow?.transitions.forEach((tr, i) => {
    if (tr.when !== undefined) out.push([`/workflow/transitions/${i}/when`, tr.when]);
  });
  return out;
}

export function defaultsProblems(def: EntityDefinition): DefaultsProblem[] {
  const out: DefaultsProblem[] = [];
  for (const field of Object.keys(def.rules?.defaults ?? {}))
    if (!Object.hasOwn(def.schema.properties, field))
      out.push({ path: `/rules/defaults/${field}`, key: 'unknownField', params: { field } });
  for (const [name, child] of Object.entries(def.children ?? {}))
    if (child.rules?.defaults)
      out.push({ path: `/children/${name}/rules/defaults`, key: 'lineDefaults', params: { table: name } });
  for (const [path, expr] of otherExpressions(def)) {
    const ops = clockOperations(expr);
    if (ops.length) out.push({ path, key: 'clock', params: { ops: ops.join(', ') } });
  }
  return out;
}
