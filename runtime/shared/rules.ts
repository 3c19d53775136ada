/**
 * Computed fields, cross-field rules and conditional field states, declared in the definition as
 * JSON Logic and evaluated by this one module in the browser and on the server. JSON Logic is
 * interpreted (no eval, no new Function); operations are whitelisted so a definition cannot reach
 * json-logic-js's `method` operation or anything added later.
 */
import jsonLogic from 'json-logic-js';
import type { RulesLogic } from 'json-logic-js';
import type { LocalText } from './definition';
import { rialInWords } from './persianWords';
import { lineSum, NOT_A_SUM } from './ruleSums';
import { exactRound, minus, plus, times } from './decimal';
import { charge, chargeBuilt, withinRuleBudget } from './ruleBudget';
import { DATE_OPERATIONS } from './ruleDates';

/** A JSON Logic expression as found in a definition (plain JSON; checked by unsafeOperations). */
export type Expr = null | boolean | number | string | Expr[] | { [operation: string]: Expr };

export interface CrossFieldRule {
  /** Stable id, used as the translation/message key and in error reports. */
  id: string;
  /** Must evaluate truthy; otherwise the rule is broken. */
  assert: Expr;
  message: LocalText;
  /** Fields the message belongs to (inline errors); empty means a form-level error. */
  fields?: string[];
  /** The line the broken rule is blamed on (a cell of a child table), e.g. the balancing line. */
  line?: RuleLine;
  /**
   * Values named in the message as `{{name}}`, each an expression over the document (computed
   * fields applied); numbers are shown grouped, in Persian digits under fa (ruleMessages.ts).
   */
  params?: Record<string, Expr>;
}

/** A cell of a child table named by expressions over the document (computed fields applied). */
export interface RuleLine {
  /** Child table name, e.g. "lines". */
  table: string;
  /** 0-based row index. */
  index: Expr;
  /** Field (column) name. */
  field: Expr;
}

export interface FieldConditions {
  visible?: Expr;
  required?: Expr;
  readOnly?: Expr;
}

export interface RuleSet {
  /** field -> expression; evaluated in declaration order so later ones may use earlier results. */
  computed?: Record<string, Expr>;
  rules?: CrossFieldRule[];
  conditions?: Record<string, FieldConditions>;
  /**
   * field -> expression: the value a new record starts with when it has none (a document's fields
   * only, not a line's), evaluated over the values given and the named initial values, the same by
   * the form and by the server on Create (runtime/shared/initialValues.ts); may use `today`.
   */
  defaults?: Record<string, Expr>;
}

export interface FieldState {
  visible: boolean;
  required: boolean;
  readOnly: boolean;
}

export interface RuleViolation {
  rule: string;
  message: LocalText;
  fields: string[];
  /** The offending cell, when the rule names one and it evaluates to an existing line. */
  line?: { table: string; index: number; field: string };
  /** The values of the message's placeholders (rule.params evaluated). */
  params?: Record<string, unknown>;
}

const ALLOWED_OPERATIONS = new Set([
  'var',
  'missing',
  'missing_some',
  'if',
  '?:',
  '==',
  '===',
  '!=',
  '!==',
  '!',
  '!!',
  'or',
  'and',
  '>',
  '>=',
  '<',
  '<=',
  'max',
  'min',
  '+',
  '-',
  '*',
  '/',
  '%',
  'map',
  'filter',
  'reduce',
  'all',
  'none',
  'some',
  'merge',
  'in',
  'cat',
  'substr',
  'round',
  'rialInWords',
  ...Object.keys(DATE_OPERATIONS),
]);

/**
 * Exact decimal `+`, `-`, `*` and `round` (runtime/shared/decimal.ts) in place of json-logic's
 * float ones: amounts are computed on the decimals the user typed, never on binary approximations.
 * `round`: Rial amounts are integers; half away from zero, to `digits` decimals (default 0).
 */
jsonLogic.add_operation('+', plus);
jsonLogic.add_operation('-', minus);
jsonLogic.add_operation('*', times);
jsonLogic.add_operation('round', exactRound);
/** An amount in Rial in Persian words (runtime/shared/persianWords.ts), e.g. for invoice totals. */
jsonLogic.add_operation('rialInWords', rialInWords);
/** Jalali month start/end and inclusive day counts over ISO dates (ruleDates.ts). */
for (const [name, op] of Object.entries(DATE_OPERATIONS)) jsonLogic.add_operation(name, op);

type Apply = (logic: unknown, data: unknown) => unknown;
const engine = jsonLogic as unknown as { apply: Apply } & Record<symbol, Apply | undefined>;
const PLAIN_APPLY = Symbol.for('erp.jsonLogic.plainApply');
/**
 * json-logic-js evaluates every node, its own recursion included, through `jsonLogic.apply`: the
 * wrapper charges one step per node and what an operation builds to the run's budget
 * (runtime/shared/ruleBudget.ts). The unwrapped function is kept on the object so a module loaded
 * twice (hot reload) does not wrap it twice.
 */
const plainApply: Apply = (engine[PLAIN_APPLY] ??= engine.apply);
engine.apply = (logic: unknown, data: unknown): unknown => {
  charge();
  const value = plainApply.call(jsonLogic, logic, data);
  if (logic !== null && typeof logic === 'object' && !Array.isArray(logic) && !('var' in logic))
    chargeBuilt(value);
  return value;
};

/** Operations used by an expression that are not allowed; empty when the expression is safe. */
export function unsafeOperations(expr: unknown): string[] {
  const bad = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    const keys = Object.keys(node);
    if (keys.length !== 1) {
      // A plain data object, not an operation: JSON Logic treats it as a literal. Refuse it so
      // no expression can smuggle an operation-looking object past this check.
      bad.add(`{${keys.join(',')}}`);
      return;
    }
    const op = keys[0]!;
    if (!ALLOWED_OPERATIONS.has(op)) bad.add(op);
    visit((node as Record<string, unknown>)[op]);
  };
  visit(expr);
  return [...bad];
}

/**
 * Expressions that passed unsafeOperations: each is walked once, not on every evaluation (a form
 * evaluates its rules on every keystroke). Definitions are parsed JSON and not changed in place;
 * an edited rule is a new object (the designer parses its text again) and is checked again.
 */
const checked = new WeakSet<object>();

/** The value of `expr` over `data`; RuleBudgetError when over the run's budget (ruleBudget.ts). */
export function evaluate(expr: Expr, data: Record<string, unknown>): unknown {
  return withinRuleBudget(() => evaluateChecked(expr, data));
}

function evaluateChecked(expr: Expr, data: Record<string, unknown>): unknown {
  if (expr !== null && typeof expr === 'object' && !checked.has(expr)) {
    const bad = unsafeOperations(expr);
    if (bad.length > 0) throw new Error(`Unsafe expression: ${bad.join(', ')}`);
    checked.add(expr);
  }
  const sum = lineSum(expr, data);
  if (sum !== NOT_A_SUM) return sum;
  return jsonLogic.apply(expr as RulesLogic, data);
}

/** Values with every computed field (re)calculated; the input is not mutated. */
export function applyComputed<T extends Record<string, unknown>>(
  set: RuleSet,
  values: T,
): T & Record<string, unknown> {
  const computed = set.computed;
  if (!computed) return values;
  return withinRuleBudget(() => {
    const out: Record<string, unknown> = { ...values };
    for (const [field, expr] of Object.entries(computed)) out[field] = evaluate(expr, out);
    return out as T;
  });
}

/** Rules whose assertion fails for these values (computed fields applied first). */
export function brokenRules(set: RuleSet, values: Record<string, unknown>): RuleViolation[] {
  return withinRuleBudget(() => brokenRulesWithin(set, values));
}

function brokenRulesWithin(set: RuleSet, values: Record<string, unknown>): RuleViolation[] {
  const data = applyComputed(set, values);
  const out: RuleViolation[] = [];
  for (const rule of set.rules ?? []) {
    if (evaluate(rule.assert, data)) continue;
    const broken: RuleViolation = { rule: rule.id, message: rule.message, fields: rule.fields ?? [] };
    const line = rule.line && blamedLine(rule.line, data);
    if (line) broken.line = line;
    if (rule.params) {
      const params: Record<string, unknown> = {};
      for (const [name, expr] of Object.entries(rule.params)) params[name] = evaluate(expr, data);
      broken.params = params;
    }
    out.push(broken);
  }
  return out;
}

/** The cell a rule names, or undefined when its expressions do not give an existing line. */
function blamedLine(line: RuleLine, data: Record<string, unknown>): RuleViolation['line'] | undefined {
  const rows = data[line.table];
  const index = evaluate(line.index, data);
  const field = evaluate(line.field, data);
  if (!Array.isArray(rows) || typeof field !== 'string' || !field) return undefined;
  if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= rows.length)
    return undefined;
  return { table: line.table, index, field };
}

/** Visible/required/read-only per field that has conditions; others are visible and editable. */
export function fieldStates(set: RuleSet, values: Record<string, unknown>): Record<string, FieldState> {
  return withinRuleBudget(() => fieldStatesWithin(set, values));
}

function fieldStatesWithin(set: RuleSet, values: Record<string, unknown>): Record<string, FieldState> {
  const data = applyComputed(set, values);
  const out: Record<string, FieldState> = {};
  for (const [field, c] of Object.entries(set.conditions ?? {})) {
    out[field] = {
      visible: c.visible === undefined ? true : Boolean(evaluate(c.visible, data)),
      required: c.required === undefined ? false : Boolean(evaluate(c.required, data)),
      readOnly: c.readOnly === undefined ? false : Boolean(evaluate(c.readOnly, data)),
    };
  }
  for (const field of Object.keys(set.computed ?? {})) {
    out[field] = { ...(out[field] ?? { visible: true, required: false }), readOnly: true };
  }
  return out;
}
