/**
 * Bounds on the cost of JSON Logic expressions of definitions (runtime/shared/rules.ts), the same in
 * the browser and on the server (docs/lowcode-api.md, "Cost bounds"):
 * - at publish, an expression's shape: nesting depth, node count, literal array length;
 * - at evaluation, a budget of steps (every node evaluated is one step; every item of an array or
 *   every 16 characters of a text an operation builds is one more) and of wall time, shared by all
 *   the evaluations of one run (withinRuleBudget) or given to each evaluation on its own. Over
 *   budget, evaluation stops with RuleBudgetError, so a definition cannot hold the event loop.
 */

export const EXPRESSION_LIMITS = {
  /** Deepest nesting of operations and arrays. */
  depth: 32,
  /** Nodes (operations, arrays, scalars) of one expression. */
  nodes: 2000,
  /** Items of one literal array. */
  arrayItems: 200,
} as const;

export interface BudgetLimits {
  steps: number;
  ms: number;
}

/**
 * One run (a form's evaluation, a publish's trial of a definition's expressions): 100 000 steps are
 * about 30–50 ms of one core; the wall clock is only a backstop (a busy browser is not refused).
 */
export const RUN_BUDGET: BudgetLimits = { steps: 100_000, ms: 1_000 };

/**
 * A document's run on the server: RUN_BUDGET's steps plus 50 per line, 50 ms plus 0.25 ms per line
 * of wall time, so the cost that grows with the
 * data (each line's rules, sums over the lines; a 2 000-line invoice spends about 25 000 steps)
 * never refuses a real document, while a definition's own blow-up stays bounded.
 */
export function documentBudget(lines: number): BudgetLimits {
  const n = Math.max(0, Math.trunc(lines));
  return { steps: RUN_BUDGET.steps + 50 * n, ms: 50 + n / 4 };
}

/** Largest array or text any operation may build. */
export const MAX_BUILT_ITEMS = 100_000;
export const MAX_BUILT_TEXT = 1_000_000;

export class RuleBudgetError extends Error {
  constructor(what: string) {
    super(`Rule evaluation over budget: ${what}`);
    this.name = 'RuleBudgetError';
  }
}

interface Budget {
  start: number;
  steps: number;
  deadline: number;
}

/** Steps spent before the wall clock is looked at. */
const CLOCK_AFTER = 10_000;

let current: Budget | null = null;

/** Time in ms (performance.now where available: monotonic). */
const now = (): number => (typeof performance !== 'undefined' ? performance.now() : Date.now());

/** Runs `fn` with one budget for every evaluation inside it (nested calls share the outer budget). */
export function withinRuleBudget<T>(fn: () => T, limits: BudgetLimits = RUN_BUDGET): T {
  if (current) return fn();
  current = { start: limits.steps, steps: limits.steps, deadline: now() + limits.ms };
  try {
    return fn();
  } finally {
    current = null;
  }
}

/** Charges `n` steps to the budget of the run; throws RuleBudgetError when it is spent. */
export function charge(n = 1): void {
  const b = current;
  if (!b) return;
  const before = b.steps;
  b.steps -= n;
  if (b.steps < 0) throw new RuleBudgetError('too many steps');
  // the clock is read about every 256 steps once 10 000 are spent: cheap, and a small run (a
  // document's usual rules) is never refused because the machine paused it (GC, a busy core)
  if (before >>> 8 !== b.steps >>> 8 && b.start - b.steps > CLOCK_AFTER && now() > b.deadline)
    throw new RuleBudgetError('too long');
}

/** Charges what an operation built (arrays by item, texts by 16 characters); refuses huge ones. */
export function chargeBuilt(value: unknown): void {
  if (Array.isArray(value)) {
    if (value.length > MAX_BUILT_ITEMS) throw new RuleBudgetError('array too large');
    if (value.length > 0) charge(value.length);
  } else if (typeof value === 'string' && value.length > 16) {
    if (value.length > MAX_BUILT_TEXT) throw new RuleBudgetError('text too large');
    charge(value.length >>> 4);
  }
}

/** Problems of an expression's shape (JSON path inside the expression and what is over the limit). */
export function expressionShapeProblems(expr: unknown): string[] {
  const out: string[] = [];
  let nodes = 0;
  const visit = (node: unknown, depth: number, at: string): void => {
    nodes++;
    if (depth > EXPRESSION_LIMITS.depth) {
      out.push(`${at}: nested deeper than ${EXPRESSION_LIMITS.depth}`);
      return;
    }
    if (Array.isArray(node)) {
      if (node.length > EXPRESSION_LIMITS.arrayItems)
        out.push(`${at}: more than ${EXPRESSION_LIMITS.arrayItems} items`);
      node.forEach((n, i) => visit(n, depth + 1, `${at}/${i}`));
    } else if (node !== null && typeof node === 'object')
      for (const [k, v] of Object.entries(node)) visit(v, depth + 1, `${at}/${k}`);
  };
  visit(expr, 0, '');
  if (nodes > EXPRESSION_LIMITS.nodes) out.push(`more than ${EXPRESSION_LIMITS.nodes} nodes`);
  return out.slice(0, 5);
}
