/**
 * The summary of a document: the figures computed from its lines (computed fields and the server's
 * read-only fields, e.g. an invoice's total, discount, tax, payable amount and the amount in words)
 * are drawn under the lines grids, one per row with the label beside the figure, the figures
 * aligned, the amount in words wrapping to as many lines as it needs (never cut). A record without
 * lines keeps them among its fields. Marked in the uiSchema (`ui:options.summary`) so the object
 * template (templates/ObjectFieldTemplate.tsx) and the field template place them.
 */
import type { UiSchema } from '@rjsf/utils';
import type { EntityDefinition } from '../../runtime/shared/definition';
import { expressionInputs } from '../../runtime/shared/ruleRuns';

/** Option of a field's uiSchema entry that puts it in the summary. */
export const SUMMARY_OPTION = 'summary';

/**
 * Fields of the summary (none for a record without lines): those computed from the lines (directly,
 * or from another such field: a tax from a total) and the read-only fields that are not required
 * (figures the server sets, e.g. the discount); a field computed from other fields (a payroll
 * month's dates) stays among the fields.
 */
export function summaryFields(definition: EntityDefinition, names: string[]): string[] {
  const tables = Object.keys(definition.children ?? {});
  if (tables.length === 0) return [];
  const required = new Set(definition.schema.required ?? []);
  const fromLines = new Set<string>();
  for (const [field, expr] of Object.entries(definition.rules?.computed ?? {})) {
    const inputs = expressionInputs(expr);
    if (!inputs || [...inputs].some((k) => tables.includes(k) || fromLines.has(k))) fromLines.add(field);
  }
  return names.filter(
    (n) => fromLines.has(n) || (definition.schema.properties[n]?.readOnly === true && !required.has(n)),
  );
}

/** `ui` with the summary fields marked; a free text among them wraps (an amount in words). */
export function withSummary(ui: UiSchema, definition: EntityDefinition, names: string[]): UiSchema {
  // a field the form's layout places stays where the analyst put it (runtime/shared/layout.ts)
  const view = ui['ui:layout'] as { rest: string[] } | undefined;
  const fields = summaryFields(definition, names).filter((f) => !view || view.rest.includes(f));
  if (fields.length === 0) return ui;
  const out: UiSchema = { ...ui };
  for (const f of fields) {
    const entry = { ...((ui[f] as Record<string, unknown> | undefined) ?? {}) };
    entry['ui:options'] = { ...((entry['ui:options'] as object | undefined) ?? {}), [SUMMARY_OPTION]: true };
    const prop = definition.schema.properties[f];
    if (prop?.type === 'string' && !prop.enum && !prop.format && entry['ui:widget'] === undefined) {
      entry['ui:widget'] = 'textarea';
      entry['ui:options'] = { ...(entry['ui:options'] as object), rows: 1, autoGrow: true };
    }
    out[f] = entry;
  }
  return out;
}

/** Whether a field's uiSchema entry puts it in the summary. */
export function inSummary(entry: unknown): boolean {
  const options = (entry as Record<string, unknown> | undefined)?.['ui:options'];
  return !!options && (options as Record<string, unknown>)[SUMMARY_OPTION] === true;
}
