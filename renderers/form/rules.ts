/**
 * The definition's document rules in the form (runtime/shared/rules.ts, the same evaluator the
 * server runs): computed fields recalculated on every change, broken cross-field rules as form and
 * field errors, conditional visible/required/read-only mapped into the schema and uiSchema.
 */
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import type { EntityValues } from '../../runtime/entity/types';
import { TEXT_KEY, type TableMessage } from '../../runtime/shared/envelope';
import type { Lang } from '../../runtime/shared/definition';
import { violationText } from '../../runtime/shared/ruleMessages';
import {
  applyComputed,
  brokenRules,
  fieldStates,
  type FieldState,
  type RuleSet,
  type RuleViolation,
} from '../../runtime/shared/rules';
import type { RuleRuns } from '../../runtime/shared/ruleRuns';
import { mustFill } from '../../runtime/shared/requiredWhen';

/** The document as the rules see it: form fields plus the child tables' lines. */
export type RuleData = Record<string, unknown>;

export function hasRules(set: RuleSet | undefined): set is RuleSet {
  return !!set && !!(set.computed || set.rules?.length || set.conditions);
}

/**
 * `values` with the computed form fields recalculated from values + lines. Only fields of the form
 * change; an expression that fails (bad data while typing) leaves its field as it was. With `runs`
 * (the form's), only the computed fields whose inputs changed since its last call are evaluated.
 */
export function withComputed(
  set: RuleSet | undefined,
  values: EntityValues,
  lines: Record<string, unknown[]>,
  names: string[],
  runs?: RuleRuns,
): EntityValues {
  if (!set?.computed) return values;
  let data: RuleData;
  try {
    const input = { ...values, ...lines };
    data = runs ? runs.run('computed', set, input).data : applyComputed(set, input);
  } catch {
    return values;
  }
  let out: EntityValues | null = null;
  for (const field of Object.keys(set.computed)) {
    if (!names.includes(field)) continue;
    const v = normaliseComputed(data[field]);
    if (v !== values[field] && JSON.stringify(v) !== JSON.stringify(values[field]))
      (out ??= { ...values })[field] = v;
  }
  return out ?? values;
}

function normaliseComputed(v: unknown): unknown {
  if (typeof v === 'number' && !Number.isFinite(v)) return undefined;
  return v === null ? undefined : v;
}

/** Broken rules of the data; none when an expression fails. `runs`: see withComputed. */
export function safeBrokenRules(set: RuleSet | undefined, data: RuleData, runs?: RuleRuns): RuleViolation[] {
  if (!set?.rules?.length) return [];
  try {
    return runs ? (runs.run('broken', set, data, { broken: true }).broken ?? []) : brokenRules(set, data);
  } catch {
    return [];
  }
}

/**
 * Field states of the data; none when an expression fails. With `runs`, only the conditions whose
 * inputs changed are evaluated, and the same object comes back while no state changed.
 */
export function safeFieldStates(
  set: RuleSet | undefined,
  data: RuleData,
  runs?: RuleRuns,
): Record<string, FieldState> {
  if (!set || (!set.conditions && !set.computed)) return {};
  try {
    return runs ? (runs.run('states', set, data, { states: true }).states ?? {}) : fieldStates(set, data);
  } catch {
    return {};
  }
}

/** Broken rules split into form-level messages and inline field messages. */
export function violationMessages(
  violations: RuleViolation[],
  names: string[],
  lang: Lang,
): { form: string[]; fields: Record<string, string[]> } {
  const form: string[] = [];
  const fields: Record<string, string[]> = {};
  for (const v of violations) {
    const text = violationText(v, lang);
    const own = v.fields.filter((f) => names.includes(f));
    // a rule blamed on a line is shown at that cell and in the list under its grid, not again here
    if (own.length === 0 && !v.line) form.push(text);
    for (const f of own) (fields[f] ??= []).push(text);
  }
  return { form, fields };
}

/** The cells broken rules blame (rule.line), as table messages (index = position among the lines sent). */
export function blamedCells(violations: RuleViolation[], lang: Lang): TableMessage[] {
  return violations.flatMap((v) =>
    v.line
      ? [
          {
            TableName: v.line.table,
            RowIndex: v.line.index,
            FieldName: v.line.field,
            Key: TEXT_KEY,
            Params: { text: violationText(v, lang) },
            Message: violationText(v, lang),
          },
        ]
      : [],
  );
}

/** Merges field messages into an ErrorSchema (server errors and rule errors together). */
export function mergeFieldErrors(base: ErrorSchema, extra: Record<string, string[]>): ErrorSchema {
  const out: Record<string, { __errors: string[] }> = {};
  for (const [k, v] of Object.entries(base as Record<string, { __errors?: string[] }>))
    out[k] = { __errors: [...(v.__errors ?? [])] };
  for (const [k, list] of Object.entries(extra)) (out[k] ??= { __errors: [] }).__errors.push(...list);
  return out as ErrorSchema;
}

const keys = new WeakMap<Record<string, FieldState>, string>();

/** A stable key of the field states, so schema and uiSchema are rebuilt only when one changes. */
export function statesKey(states: Record<string, FieldState>): string {
  let key = keys.get(states);
  if (key === undefined) keys.set(states, (key = JSON.stringify(states)));
  return key;
}

/** Schema and uiSchema with the conditional states applied (per render, memoised on statesKey). */
export function applyFieldStates(
  schema: RJSFSchema,
  uiSchema: UiSchema,
  states: Record<string, FieldState>,
): { schema: RJSFSchema; uiSchema: UiSchema } {
  const entries = Object.entries(states);
  if (entries.length === 0) return { schema, uiSchema };
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const ui: UiSchema = { ...uiSchema };
  for (const [field, state] of entries) {
    if (!(field in ((schema.properties as object | undefined) ?? {}))) continue;
    // the server's rule too (runtime/shared/requiredWhen.ts); a hidden field is never required
    if (mustFill(state)) required.add(field);
    if (!state.visible) required.delete(field);
    const entry = { ...((ui[field] as Record<string, unknown> | undefined) ?? {}) };
    if (!state.visible) entry['ui:widget'] = 'hidden';
    if (state.readOnly) entry['ui:readonly'] = true;
    ui[field] = entry;
  }
  return { schema: { ...schema, required: [...required] }, uiSchema: ui };
}
