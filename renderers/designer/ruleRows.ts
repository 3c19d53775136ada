/**
 * A rule set as the designer edits it: one row per computed field, rule and field condition, each
 * with its formula text (runtime/shared/formula). Pure functions, no UI. A row keeps the JSON Logic
 * it was made from until its text is edited, so an untouched definition is published byte for byte
 * as it came (a formula reads back to the canonical spelling, which may differ in form).
 */
import {
  formulaText,
  parseFormula,
  printFormula,
  type FormulaError,
  type NameStyle,
  type NameTable,
} from '../../runtime/shared/formula';
import type { CrossFieldRule, Expr, FieldConditions, RuleSet } from '../../runtime/shared/rules';

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

export interface RuleRow {
  /** The rule as it came (fields, line, params are kept; id, message and assert are the row's). */
  rule: Omit<CrossFieldRule, 'assert'>;
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
}

export type RowProblem =
  | { key: 'formula'; where: string }
  | { key: 'noField'; where: string }
  | { key: 'twice'; where: string }
  | { key: 'ruleId'; where: string }
  | { key: 'ruleMessage'; where: string };

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
  return {
    computed: rows.computed.map((r) => ({ ...r, formula: again(r.formula) })),
    rules: rows.rules.map((r) => ({ ...r, formula: again(r.formula) })),
    conditions: rows.conditions.map((r) => ({ ...r, formula: again(r.formula) })),
  };
}

export function rowsOfRules(set: RuleSet | undefined, names: NameTable, style: NameStyle): RuleRows {
  const cell = (e: Expr) => cellOf(e, names, style);
  return {
    computed: Object.entries(set?.computed ?? {}).map(([field, e]) => ({ field, formula: cell(e) })),
    // the rule keeps its `assert` key (replaced by the row's) so a published rule keeps its key order
    rules: (set?.rules ?? []).map((rule) => ({ rule, formula: cell(rule.assert) })),
    conditions: Object.entries(set?.conditions ?? {}).flatMap(([field, c]) =>
      CONDITION_STATES.filter((s) => c[s] !== undefined).map((state) => ({
        field,
        state,
        formula: cell(c[state]!),
      })),
    ),
  };
}

const RULE_ID = /^[a-zA-Z][A-Za-z0-9]*$/;

/** The rule set the rows make, and what keeps them from making one (then `set` is not to be used). */
export function rulesOfRows(rows: RuleRows): { set: RuleSet | undefined; problems: RowProblem[] } {
  const problems: RowProblem[] = [];
  const set: RuleSet = {};
  const formula = (c: FormulaCell, where: string): Expr => {
    if (c.error || c.expr === undefined) problems.push({ key: 'formula', where });
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
    (set.rules ??= []).push({ ...r.rule, assert: formula(r.formula, where) });
  });
  rows.conditions.forEach((r, i) => {
    const where = `conditions.${i}`;
    if (!r.field) problems.push({ key: 'noField', where });
    const states = ((set.conditions ??= {})[r.field] ??= {});
    if (states[r.state] !== undefined) problems.push({ key: 'twice', where });
    states[r.state] = formula(r.formula, where);
  });
  return { set: Object.keys(set).length ? set : undefined, problems };
}
