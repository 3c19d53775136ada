/**
 * Checks that keep a definition from breaking the server (docs/lowcode-api.md, "What Publish
 * refuses"): field and child-table names that clash with system or generated columns, with
 * Object.prototype or with each other once case is ignored (SQLite columns are case-insensitive);
 * field patterns that are invalid or may backtrack without end (runtime/shared/patternSafety.ts);
 * expressions over the shape limits, with operations not allowed, or over the evaluation budget on
 * their own (runtime/shared/ruleBudget.ts: literal bombs such as nested reduce over literal arrays).
 */
import type { EntityDataSchema, EntityDefinition } from '../../runtime/shared/definition';
import { SYSTEM_FIELDS } from '../../runtime/shared/definition';
import { MAX_PATTERN_LENGTH, unsafePattern } from '../../runtime/shared/patternSafety';
import { RuleBudgetError, expressionShapeProblems, withinRuleBudget } from '../../runtime/shared/ruleBudget';
import { evaluate, unsafeOperations, type Expr, type RuleSet } from '../../runtime/shared/rules';
import { numberingProblems } from '../../runtime/shared/numbering';
import { stockExpressions, stockProblems } from './stockCheck';
import { declaredPostings, postingProblems } from './postingCheck';
import { creditExpressions, creditProblems } from './creditCheck';
import { chainProblems } from './chainCheck';
import { taxProblems } from './taxCheck';
import { automationExpressions, automationProblems } from './automationCheck';

export interface SafetyProblem {
  path: string;
  /** Translation key under `designerCheck` (src/public/assets/i18n/share/*.json). */
  key: string;
  params: Record<string, unknown>;
}

/** Names every row object or table already has (compared lower-cased). */
const OBJECT_NAMES = Object.getOwnPropertyNames(Object.prototype).map((n) => n.toLowerCase());
const RECORD_RESERVED = new Set([
  ...SYSTEM_FIELDS.map((n) => n.toLowerCase()),
  ...['created_at', 'updated_at', 'created_by', 'updated_by'],
  ...OBJECT_NAMES,
]);
const LINE_RESERVED = new Set(['id', 'parentid', 'lineno', 'parent_id', 'line_no', ...OBJECT_NAMES]);
/** Columns a type change keeps under `{column}Prev{n}` (server/lowcode/publish.ts, server/db/retype.ts). */
const GENERATED = /prev\d+$/i;

function nameProblems(at: string, names: string[], reserved: Set<string>, out: SafetyProblem[]): void {
  const seen = new Map<string, string>();
  for (const name of names) {
    const lower = name.toLowerCase();
    if (reserved.has(lower)) out.push({ path: `${at}/${name}`, key: 'reservedName', params: { name } });
    else if (GENERATED.test(name))
      out.push({ path: `${at}/${name}`, key: 'generatedName', params: { name } });
    const other = seen.get(lower);
    if (other !== undefined) out.push({ path: `${at}/${name}`, key: 'sameName', params: { name, other } });
    else seen.set(lower, name);
  }
}

/** Keywords that apply to one type only (ajv's strict mode refuses them on another type). */
const KEYWORD_TYPES: Record<string, readonly string[]> = {
  minLength: ['string'],
  maxLength: ['string'],
  pattern: ['string'],
  format: ['string'],
  minimum: ['integer', 'number'],
  maximum: ['integer', 'number'],
};

/** The JSON type a value of a field type has. */
function fits(type: string, value: unknown): boolean {
  if (type === 'integer') return Number.isInteger(value);
  if (type === 'number') return typeof value === 'number' && Number.isFinite(value);
  return typeof value === type;
}

/** Keywords on the wrong type, and `enum`/`default` values of another type. */
function keywordProblems(at: string, schema: EntityDataSchema, out: SafetyProblem[]): void {
  for (const [name, field] of Object.entries(schema.properties)) {
    for (const [keyword, types] of Object.entries(KEYWORD_TYPES))
      if (Object.hasOwn(field, keyword) && !types.includes(field.type))
        out.push({
          path: `${at}/${name}/${keyword}`,
          key: 'keywordType',
          params: { field: name, keyword, type: field.type },
        });
    (field.enum ?? []).forEach((v, i) => {
      if (!fits(field.type, v))
        out.push({
          path: `${at}/${name}/enum/${i}`,
          key: 'valueType',
          params: { field: name, type: field.type },
        });
    });
    if (field.default !== undefined && !fits(field.type, field.default))
      out.push({
        path: `${at}/${name}/default`,
        key: 'valueType',
        params: { field: name, type: field.type },
      });
  }
}

function patternProblems(at: string, schema: EntityDataSchema, out: SafetyProblem[]): void {
  keywordProblems(at, schema, out);
  for (const [name, field] of Object.entries(schema.properties)) {
    if (field.pattern === undefined) continue;
    const why = unsafePattern(field.pattern);
    if (why)
      out.push({
        path: `${at}/${name}/pattern`,
        key: why.startsWith('not a valid') ? 'invalidPattern' : 'unsafePattern',
        params: { field: name, why, max: MAX_PATTERN_LENGTH },
      });
  }
}

/** Whether the definition's one budget for trying its expressions is spent (the rest are not tried). */
interface Trial {
  spent: boolean;
}

/** Problems of one expression: operations, shape, and its cost evaluated over no data. */
function exprProblems(at: string, expr: Expr | undefined, out: SafetyProblem[], trial: Trial): void {
  if (expr === undefined) return;
  const bad = unsafeOperations(expr);
  if (bad.length) {
    out.push({ path: at, key: 'operation', params: { ops: bad.join(', ') } });
    return;
  }
  const shape = expressionShapeProblems(expr);
  if (shape.length) {
    out.push({ path: at, key: 'tooLarge', params: { why: shape.join('; ') } });
    return;
  }
  if (trial.spent) return;
  try {
    evaluate(expr, {});
  } catch (e) {
    // other errors depend on the data (the form shows them); only the cost is data-independent here
    if (e instanceof RuleBudgetError) {
      out.push({ path: at, key: 'tooCostly', params: {} });
      trial.spent = true;
    }
  }
}

function ruleSetProblems(at: string, set: RuleSet | undefined, out: SafetyProblem[], trial: Trial): void {
  if (!set) return;
  for (const [field, expr] of Object.entries(set.computed ?? {}))
    exprProblems(`${at}/computed/${field}`, expr, out, trial);
  (set.rules ?? []).forEach((rule, i) => {
    exprProblems(`${at}/rules/${i}/assert`, rule.assert, out, trial);
    exprProblems(`${at}/rules/${i}/line/index`, rule.line?.index, out, trial);
    exprProblems(`${at}/rules/${i}/line/field`, rule.line?.field, out, trial);
    for (const [name, expr] of Object.entries(rule.params ?? {}))
      exprProblems(`${at}/rules/${i}/params/${name}`, expr, out, trial);
  });
  for (const [field, c] of Object.entries(set.conditions ?? {}))
    for (const state of ['visible', 'required', 'readOnly'] as const)
      exprProblems(`${at}/conditions/${field}/${state}`, c[state], out, trial);
  for (const [field, expr] of Object.entries(set.defaults ?? {}))
    exprProblems(`${at}/defaults/${field}`, expr, out, trial);
}

export function safetyProblems(def: EntityDefinition): SafetyProblem[] {
  const out: SafetyProblem[] = [];
  const own = Object.keys(def.schema.properties);
  const children = Object.keys(def.children ?? {});
  nameProblems('/schema/properties', own, RECORD_RESERVED, out);
  // child tables are `{table}__{child lower-cased}` and their values sit beside the fields
  nameProblems('/children', children, RECORD_RESERVED, out);
  const fields = new Map(own.map((n) => [n.toLowerCase(), n]));
  for (const name of children) {
    const other = fields.get(name.toLowerCase());
    if (other !== undefined)
      out.push({ path: `/children/${name}`, key: 'sameName', params: { name, other } });
  }
  patternProblems('/schema/properties', def.schema, out);
  // the numbering series and unique scopes (runtime/shared/numbering.ts)
  out.push(...numberingProblems(def));
  for (const [name, child] of Object.entries(def.children ?? {})) {
    nameProblems(
      `/children/${name}/schema/properties`,
      Object.keys(child.schema.properties),
      LINE_RESERVED,
      out,
    );
    patternProblems(`/children/${name}/schema/properties`, child.schema, out);
  }
  // what the document moves in stock (./stockCheck.ts)
  out.push(...stockProblems(def));
  // what the document posts to the ledger (./postingCheck.ts)
  out.push(...postingProblems(def));
  // the party's credit limit checked on Finalise (./creditCheck.ts)
  out.push(...creditProblems(def));
  // the document it is made from (./chainCheck.ts)
  out.push(...chainProblems(def));
  // each line's VAT and the values a document keeps (./taxCheck.ts)
  out.push(...taxProblems(def));
  // what happens on the document's events (./automationCheck.ts)
  out.push(...automationProblems(def));
  // every expression tried over no data, all within one run's budget (a publish holds the loop ≤ ~50 ms)
  const trial: Trial = { spent: false };
  withinRuleBudget(() => {
    ruleSetProblems('/rules', def.rules, out, trial);
    for (const [name, child] of Object.entries(def.children ?? {}))
      ruleSetProblems(`/children/${name}/rules`, child.rules, out, trial);
    for (const [at, expr] of stockExpressions(def)) exprProblems(at, expr, out, trial);
    for (const [at, expr] of creditExpressions(def)) exprProblems(at, expr, out, trial);
    for (const [at, expr] of automationExpressions(def)) exprProblems(at, expr, out, trial);
    for (const { path, posting } of declaredPostings(def))
      posting.lines.forEach((line, i) => {
        for (const part of ['debit', 'credit', 'when'] as const)
          exprProblems(`${path}/lines/${i}/${part}`, line[part], out, trial);
      });
    // the workflow's conditions (runtime/shared/workflow.ts)
    (def.workflow?.initialWhen ?? []).forEach((e, i) =>
      exprProblems(`/workflow/initialWhen/${i}/when`, e.when, out, trial),
    );
    def.workflow?.transitions.forEach((tr, i) =>
      exprProblems(`/workflow/transitions/${i}/when`, tr.when, out, trial),
    );
  });
  return out;
}
