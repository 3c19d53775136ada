/**
 * A rule set as the designer edits it: one row per computed field, rule, field condition and
 * default value, each with its formula text (runtime/shared/formula); a rule's message values and
 * the line cell it blames are formulas too. Pure functions, no UI. A cell keeps the JSON Logic it
 * was made from until its text is edited, so an untouched definition is published byte for byte as
 * it came (a formula reads back to the canonical spelling, which may differ in form).
 */
import {
  formulaText,
  parseFormula,
  printFormula,
  type FormulaError,
  type NameStyle,
  type NameTable,
} from '../../runtime/shared/formula';
import { CLOCK_OPERATIONS } from '../../runtime/shared/ruleDates';
import type { CrossFieldRule, Expr, FieldConditions, RuleLine, RuleSet } from '../../runtime/shared/rules';

export interface FormulaCell {
  text: string;
  /** The expression: the original one, or the last text's when it parsed. */
  expr?: Expr;
  error?: FormulaError;
  /** The text is JSON Logic: the formula language cannot write this expression. */
  json: boolean;
}

export type ConditionState = keyof FieldConditions;
export const CONDITION_STATES: ConditionState[] = ['visible', 'required', 'readOnly'];

export interface ComputedRow {
  field: string;
  formula: FormulaCell;
}

/** A value named in a rule's message as `{{name}}`. */
export interface ParamRow {
  name: string;
  formula: FormulaCell;
}

/** The line cell a broken rule is blamed on: a child table, its row (from 0) and field, as formulas. */
export interface LineRow {
  table: string;
  index: FormulaCell;
  field: FormulaCell;
}

export interface RuleRow {
  /**
   * The rule as it came (its keys in their order); id, message and the fields the message belongs
   * to are edited here, assert, params and line are the row's cells.
   */
  rule: Omit<CrossFieldRule, 'assert'>;
  formula: FormulaCell;
  params: ParamRow[];
  line?: LineRow;
}

export interface DefaultRow {
  field: string;
  formula: FormulaCell;
}

export interface ConditionRow {
  field: string;
  state: ConditionState;
  formula: FormulaCell;
}

export interface RuleRows {
  computed: ComputedRow[];
  rules: RuleRow[];
  conditions: ConditionRow[];
  defaults: DefaultRow[];
  /** The rule set's keys in the order they came, so an untouched set is written as it was. */
  order?: string[];
}

/** Where a problem is: `computed.0`, `rules.1`, `rules.1.params.0`, `rules.1.line`, `defaults.0`… */
export type RowProblem =
  | { key: 'formula'; where: string }
  | { key: 'noField'; where: string }
  | { key: 'twice'; where: string }
  | { key: 'ruleId'; where: string }
  | { key: 'ruleMessage'; where: string }
  | { key: 'paramName'; where: string }
  | { key: 'noTable'; where: string }
  | { key: 'clock'; where: string };

export function cellOf(expr: Expr, names: NameTable, style: NameStyle): FormulaCell {
  return { ...formulaText(expr, { names, style }), expr };
}

/** The cell after the analyst typed `text`: parsed over `names`. */
export function editCell(text: string, names: NameTable): FormulaCell {
  const parsed = parseFormula(text, names);
  const json = text.trimStart().startsWith('{');
  return parsed.ok ? { text, expr: parsed.expr, json } : { text, error: parsed.error, json };
}

/** Cells printed again with other names (a cell with a problem keeps its text). */
export function restyle(rows: RuleRows, names: NameTable, style: NameStyle): RuleRows {
  const again = (c: FormulaCell): FormulaCell =>
    c.error || c.expr === undefined || c.json ? c : { ...c, text: printFormula(c.expr, { names, style }) };
  const line = (l: LineRow | undefined): LineRow | undefined =>
    l && { ...l, index: again(l.index), field: again(l.field) };
  return {
    ...rows,
    computed: rows.computed.map((r) => ({ ...r, formula: again(r.formula) })),
    rules: rows.rules.map((r) => ({
      ...r,
      formula: again(r.formula),
      params: r.params.map((p) => ({ ...p, formula: again(p.formula) })),
      line: line(r.line),
    })),
    conditions: rows.conditions.map((r) => ({ ...r, formula: again(r.formula) })),
    defaults: rows.defaults.map((r) => ({ ...r, formula: again(r.formula) })),
  };
}

export function rowsOfRules(set: RuleSet | undefined, names: NameTable, style: NameStyle): RuleRows {
  const cell = (e: Expr) => cellOf(e, names, style);
  const line = (l: RuleLine | undefined): LineRow | undefined =>
    l && { table: l.table, index: cell(l.index), field: cell(l.field) };
  return {
    computed: Object.entries(set?.computed ?? {}).map(([field, e]) => ({ field, formula: cell(e) })),
    // the rule keeps its `assert`, `params` and `line` keys (replaced by the row's) so a published
    // rule keeps its key order
    rules: (set?.rules ?? []).map((rule) => {
      const row: RuleRow = {
        rule,
        formula: cell(rule.assert),
        params: Object.entries(rule.params ?? {}).map(([name, e]) => ({ name, formula: cell(e) })),
      };
      const blamed = line(rule.line);
      if (blamed) row.line = blamed;
      return row;
    }),
    conditions: Object.entries(set?.conditions ?? {}).flatMap(([field, c]) =>
      CONDITION_STATES.filter((s) => c[s] !== undefined).map((state) => ({
        field,
        state,
        formula: cell(c[state]!),
      })),
    ),
    defaults: Object.entries(set?.defaults ?? {}).map(([field, e]) => ({ field, formula: cell(e) })),
    order: Object.keys(set ?? {}),
  };
}

const RULE_ID = /^[a-zA-Z][A-Za-z0-9]*$/;
const PARAM_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

/** Whether an expression reads the clock (`today()`: default values only). */
export function readsClock(expr: unknown): boolean {
  if (Array.isArray(expr)) return expr.some(readsClock);
  if (expr === null || typeof expr !== 'object') return false;
  return Object.entries(expr).some(([op, arg]) => CLOCK_OPERATIONS.includes(op) || readsClock(arg));
}

/** The rule set the rows make, and what keeps them from making one (then `set` is not to be used). */
export function rulesOfRows(rows: RuleRows): { set: RuleSet | undefined; problems: RowProblem[] } {
  const problems: RowProblem[] = [];
  const set: RuleSet = {};
  const formula = (c: FormulaCell, where: string, clock = false): Expr => {
    if (c.error || c.expr === undefined) problems.push({ key: 'formula', where });
    else if (!clock && readsClock(c.expr)) problems.push({ key: 'clock', where });
    return c.expr ?? null;
  };
  rows.computed.forEach((r, i) => {
    const where = `computed.${i}`;
    if (!r.field) problems.push({ key: 'noField', where });
    else if (set.computed && r.field in set.computed) problems.push({ key: 'twice', where });
    (set.computed ??= {})[r.field] = formula(r.formula, where);
  });
  const ids = new Set<string>();
  rows.rules.forEach((r, i) => {
    const where = `rules.${i}`;
    if (!RULE_ID.test(r.rule.id) || ids.has(r.rule.id)) problems.push({ key: 'ruleId', where });
    ids.add(r.rule.id);
    if (!r.rule.message.fa?.trim()) problems.push({ key: 'ruleMessage', where });
    const rule: CrossFieldRule = { ...r.rule, assert: formula(r.formula, where) };
    if (r.params.length) {
      const params: Record<string, Expr> = {};
      r.params.forEach((p, j) => {
        const at = `${where}.params.${j}`;
        if (!PARAM_NAME.test(p.name) || Object.hasOwn(params, p.name))
          problems.push({ key: 'paramName', where: at });
        params[p.name] = formula(p.formula, at);
      });
      rule.params = params;
    } else delete rule.params;
    if (r.line) {
      const at = `${where}.line`;
      if (!r.line.table) problems.push({ key: 'noTable', where: at });
      rule.line = {
        ...r.rule.line,
        table: r.line.table,
        index: formula(r.line.index, at),
        field: formula(r.line.field, at),
      };
    } else delete rule.line;
    if (rule.fields && !rule.fields.length) delete rule.fields;
    (set.rules ??= []).push(rule);
  });
  rows.conditions.forEach((r, i) => {
    const where = `conditions.${i}`;
    if (!r.field) problems.push({ key: 'noField', where });
    const states = ((set.conditions ??= {})[r.field] ??= {});
    if (states[r.state] !== undefined) problems.push({ key: 'twice', where });
    states[r.state] = formula(r.formula, where);
  });
  rows.defaults.forEach((r, i) => {
    const where = `defaults.${i}`;
    if (!r.field) problems.push({ key: 'noField', where });
    else if (set.defaults && Object.hasOwn(set.defaults, r.field)) problems.push({ key: 'twice', where });
    (set.defaults ??= {})[r.field] = formula(r.formula, where, true);
  });
  return { set: Object.keys(set).length ? inOrder(set, rows.order ?? []) : undefined, problems };
}

/** The set with its keys in `order` first (as the definition had them), then the new ones. */
function inOrder(set: RuleSet, order: string[]): RuleSet {
  const out: Record<string, unknown> = {};
  const given = set as Record<string, unknown>;
  for (const key of [...order, ...Object.keys(set)]) if (given[key] !== undefined) out[key] ??= given[key];
  return out as RuleSet;
}
