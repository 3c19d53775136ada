/**
 * Incremental runs of a rule set (runtime/shared/rules.ts): computed fields, conditional field states
 * and cross-field rules evaluated again only where their inputs changed since the previous run, with
 * results equal to a full evaluation (applyComputed, fieldStates, brokenRules) of the same data.
 *
 * Each expression's inputs are the top-level data keys it reads (`var`, `missing`, `missing_some`;
 * the bodies of map/filter/reduce/all/none/some read their items, not the data), found once per
 * rule set. An expression that reads data it cannot name (`{"var": ""}`, a computed var name) is
 * evaluated on every run. A run compares its input with the previous run's key by key (Object.is):
 * values are replaced, never changed in place (RJSF's form data and the lines are immutable). Going
 * through the computed fields in declaration order, it keeps the keys whose value now differs from
 * the previous run's at the same step, so a computed field that no changed key reaches is not
 * evaluated, and one whose result is the same as before changes nothing downstream. JSON Logic and
 * the custom operations are pure, so an expression given the same inputs answers the same value.
 */
import {
  brokenRules,
  evaluate,
  fieldStates,
  type CrossFieldRule,
  type Expr,
  type FieldConditions,
  type FieldState,
  type RuleSet,
  type RuleViolation,
} from './rules';
import { withinRuleBudget } from './ruleBudget';

/** Operations whose second argument is evaluated over each item of the first (not the data). */
const OVER_ITEMS = new Set(['map', 'filter', 'reduce', 'all', 'none', 'some']);

/** The root key a JSON Logic variable path reads ("lines.0.amount" → "lines"). */
function rootOf(path: string | number): string {
  return String(path).split('.')[0] as string;
}

/**
 * The top-level data keys `expr` reads, or null when it reads data it cannot name (the whole data,
 * or a variable whose name is computed): such an expression is evaluated on every run.
 */
export function expressionInputs(expr: Expr): ReadonlySet<string> | null {
  const keys = new Set<string>();
  let named = true;
  const names = (list: unknown): void => {
    const items = Array.isArray(list) ? list : [list];
    for (const k of items) {
      if (typeof k === 'string' || typeof k === 'number') keys.add(rootOf(k));
      else named = false;
    }
  };
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    const entries = Object.entries(node);
    if (entries.length !== 1) return; // a literal (refused by unsafeOperations anyway)
    const [op, raw] = entries[0] as [string, unknown];
    const args = Array.isArray(raw) ? raw : [raw];
    if (op === 'var') {
      const [path, fallback] = args;
      if ((typeof path === 'string' && path !== '') || typeof path === 'number') keys.add(rootOf(path));
      else named = false; // the whole data, or a name computed by an expression
      visit(fallback);
    } else if (op === 'missing') {
      // {"missing": ["a", "b"]} or {"missing": [["a", "b"]]} (one list argument)
      names(args.length === 1 && Array.isArray(args[0]) ? args[0] : args);
    } else if (op === 'missing_some') {
      visit(args[0]);
      if (Array.isArray(args[1])) names(args[1]);
      else named = false;
    } else if (OVER_ITEMS.has(op)) {
      // the list and (reduce) the initial value are read from the data; the body from each item
      args.forEach((a, i) => {
        if (i !== 1) visit(a);
      });
    } else visit(args);
  };
  visit(expr);
  return named ? keys : null;
}

interface Step<T> {
  /** Keys it reads; null: every run. */
  inputs: ReadonlySet<string> | null;
  item: T;
}

interface Plan {
  computed: Step<{ field: string; expr: Expr }>[];
  /** One rule set per field's conditions (fieldStates of it gives that field's state). */
  conditions: Step<{ field: string; set: RuleSet }>[];
  computedFields: string[];
  /** One rule set per cross-field rule (brokenRules of it gives that rule's violation). */
  rules: Step<RuleSet>[];
}

const plans = new WeakMap<RuleSet, Plan>();

function unionOf(exprs: (Expr | undefined)[], extra: string[] = []): ReadonlySet<string> | null {
  const out = new Set(extra);
  for (const e of exprs) {
    if (e === undefined) continue;
    const keys = expressionInputs(e);
    if (!keys) return null;
    for (const k of keys) out.add(k);
  }
  return out;
}

function planOf(set: RuleSet): Plan {
  let plan = plans.get(set);
  if (plan) return plan;
  const conditions = Object.entries(set.conditions ?? {}) as [string, FieldConditions][];
  plan = {
    computed: Object.entries(set.computed ?? {}).map(([field, expr]) => ({
      inputs: expressionInputs(expr),
      item: { field, expr },
    })),
    conditions: conditions.map(([field, c]) => ({
      inputs: unionOf([c.visible, c.required, c.readOnly]),
      item: { field, set: { conditions: { [field]: c } } },
    })),
    computedFields: Object.keys(set.computed ?? {}),
    rules: (set.rules ?? []).map((rule: CrossFieldRule) => ({
      inputs: unionOf(
        [rule.assert, rule.line?.index, rule.line?.field, ...Object.values(rule.params ?? {})],
        rule.line ? [rule.line.table] : [],
      ),
      item: { rules: [rule] },
    })),
  };
  plans.set(set, plan);
  return plan;
}

/** One run of a rule set over some data; the basis of the next run's reuse. */
export interface RuleRun {
  set: RuleSet;
  input: Record<string, unknown>;
  /** The input with the computed fields applied (= applyComputed(set, input)). */
  data: Record<string, unknown>;
  /** Each computed field's result, in declaration order. */
  results: unknown[];
  /** = fieldStates(set, input), when asked for; the previous object while no state changed. */
  states?: Record<string, FieldState>;
  stateOf?: FieldState[];
  /** = brokenRules(set, input), when asked for; the previous array while no rule changed. */
  broken?: RuleViolation[];
  brokenOf?: (RuleViolation | null)[];
  /** Expressions (computed, conditions of a field, rules) this run evaluated. */
  evaluated: number;
}

const reads = (inputs: ReadonlySet<string> | null, dirty: Set<string> | null): boolean => {
  if (!inputs || !dirty) return true;
  for (const k of inputs) if (dirty.has(k)) return true;
  return false;
};

/**
 * Runs `set` over `input`, reusing what `previous` (a run of the same set) evaluated where the
 * inputs are the same. Throws where a full evaluation throws (an unsafe expression, or over the
 * cost budget: one budget for the whole run, runtime/shared/ruleBudget.ts).
 */
export function runRules(
  set: RuleSet,
  input: Record<string, unknown>,
  previous: RuleRun | null | undefined,
  want: { states?: boolean; broken?: boolean } = {},
): RuleRun {
  return withinRuleBudget(() => runWithin(set, input, previous, want));
}

function runWithin(
  set: RuleSet,
  input: Record<string, unknown>,
  previous: RuleRun | null | undefined,
  want: { states?: boolean; broken?: boolean },
): RuleRun {
  const plan = planOf(set);
  const prev = previous && previous.set === set ? previous : null;
  // keys whose value differs from the previous run's at this point of the run (null: no previous)
  let dirty: Set<string> | null = null;
  if (prev) {
    dirty = new Set();
    for (const k of Object.keys(input)) if (!Object.is(input[k], prev.input[k])) dirty.add(k);
    for (const k of Object.keys(prev.input)) if (!(k in input) && prev.input[k] !== undefined) dirty.add(k);
  }
  let evaluated = 0;
  const data: Record<string, unknown> = { ...input };
  const results: unknown[] = [];
  plan.computed.forEach(({ inputs, item }, i) => {
    let value: unknown;
    if (prev && !reads(inputs, dirty)) value = prev.results[i];
    else {
      value = evaluate(item.expr, data);
      evaluated++;
    }
    results.push(value);
    data[item.field] = value;
    if (dirty) {
      if (Object.is(value, prev?.results[i])) dirty.delete(item.field);
      else dirty.add(item.field);
    }
  });
  const run: RuleRun = { set, input, data, results, evaluated };

  if (want.states) {
    const reuse = prev?.stateOf ? prev : null;
    let changed = !reuse;
    const stateOf = plan.conditions.map(({ inputs, item }, i) => {
      const before = reuse?.stateOf?.[i];
      if (before && !reads(inputs, dirty)) return before;
      evaluated++;
      const state = fieldStates(item.set, data)[item.field] as FieldState;
      if (before && sameState(before, state)) return before;
      changed = true;
      return state;
    });
    if (changed || !reuse?.states) {
      const states: Record<string, FieldState> = {};
      plan.conditions.forEach(({ item }, i) => (states[item.field] = stateOf[i] as FieldState));
      for (const field of plan.computedFields)
        states[field] = { ...(states[field] ?? { visible: true, required: false }), readOnly: true };
      run.states = states;
    } else run.states = reuse.states;
    run.stateOf = stateOf;
  }

  if (want.broken) {
    const reuse = prev?.brokenOf ? prev : null;
    let changed = !reuse;
    const brokenOf = plan.rules.map(({ inputs, item }, i) => {
      const before = reuse ? (reuse.brokenOf?.[i] ?? null) : undefined;
      if (before !== undefined && !reads(inputs, dirty)) return before;
      evaluated++;
      const now = brokenRules(item, data)[0] ?? null;
      if (before !== undefined && sameViolation(before, now)) return before;
      changed = true;
      return now;
    });
    run.broken =
      changed || !reuse?.broken ? brokenOf.filter((v): v is RuleViolation => v !== null) : reuse.broken;
    run.brokenOf = brokenOf;
  }
  run.evaluated = evaluated;
  return run;
}

function sameState(a: FieldState, b: FieldState): boolean {
  return a.visible === b.visible && a.required === b.required && a.readOnly === b.readOnly;
}

function sameViolation(a: RuleViolation | null, b: RuleViolation | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.rule === b.rule &&
    a.message === b.message &&
    a.fields.length === b.fields.length &&
    a.fields.every((f, i) => f === b.fields[i]) &&
    a.line?.table === b.line?.table &&
    a.line?.index === b.line?.index &&
    a.line?.field === b.line?.field &&
    JSON.stringify(a.params) === JSON.stringify(b.params)
  );
}

/**
 * The last run of each kind of use (a form keeps one: the values it types, the states it shows, the
 * rules it checks), so each call reuses its own previous run. Safe to call while rendering: a run
 * depends only on its input, and any earlier run is a valid basis for the next.
 */
export class RuleRuns {
  private last = new Map<string, RuleRun>();

  run(
    use: string,
    set: RuleSet,
    input: Record<string, unknown>,
    want?: { states?: boolean; broken?: boolean },
  ) {
    const run = runRules(set, input, this.last.get(use), want);
    this.last.set(use, run);
    return run;
  }
}
