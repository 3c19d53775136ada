/**
 * Values a new record starts with, declared per field in the definition (`fields.<name>.initial`,
 * e.g. `"today"` on a document date) and applied the same by the form (a new record's first values)
 * and by the server (Create without the field: write/steps/initialValues.ts, with the fiscal period
 * of the `selectedYear` header), so a new document is dated alike in both. A new kind of initial
 * value is one entry of INITIAL_VALUES. A document's number is not one of them: its numbering
 * series (definition key `numbering`, runtime/shared/numbering.ts) is the server's, given on Create
 * or on Finalise by the numbering step. The form of a record still without a number says when it
 * gets one (a placeholder), and a new record numbered on create shows the number a save would take,
 * from the server's Preview, which spends none (renderers/form/useEntityForm.ts).
 */
import type { EntityDefinition } from './definition';
import { todayIso } from './jalali';
import { withClock } from './ruleDates';
import { evaluate } from './rules';

/** The value of each named initial, given the moment of the new record. */
export const INITIAL_VALUES: Record<string, (now: Date) => unknown> = {
  /** The current date, ISO `yyyy-mm-dd` (the caller's time zone). */
  today: (now) => todayIso(now),
};

export type InitialValueName = keyof typeof INITIAL_VALUES;

const absent = (v: unknown): boolean => v === undefined || v === null || v === '';

/** A fiscal period's first and last day (ISO `yyyy-mm-dd`, inclusive). */
export interface PeriodRange {
  startDate: string;
  endDate: string;
}

/**
 * The day a new document of `period` is dated by default: today when today lies in it; else its
 * last day for a past period (the day closest to today, where late documents of a year are
 * entered) and its first day for a future one (the period's opening documents).
 */
export function dateInPeriod(today: string, period: PeriodRange): string {
  if (today < period.startDate) return period.startDate;
  if (today > period.endDate) return period.endDate;
  return today;
}

/** What a new record's initial values depend on besides the definition. */
export interface InitialContext {
  /** The selected fiscal period: the document's date field (`period.field`) defaults into it. */
  period?: PeriodRange | null;
}

/**
 * `values` with every field that declares an `initial` and has no value filled in; the input is
 * not changed. Unknown names are ignored (the definition loader refuses them). With a selected
 * fiscal period, the definition's document date (`period.field`, with `initial: "today"` or no
 * initial) starts inside that period (dateInPeriod). Then the default formulas (`rules.defaults`)
 * of fields still empty, in declaration order, each over the values so far (a due date 30 days
 * after the document's date: `addDays(date, 30)`), with `today()` reading `now`.
 */
export function withInitialValues(
  def: Pick<EntityDefinition, 'fields' | 'schema'> & Partial<Pick<EntityDefinition, 'period' | 'rules'>>,
  values: Record<string, unknown>,
  now: Date = new Date(),
  context: InitialContext = {},
): Record<string, unknown> {
  let out: Record<string, unknown> | null = null;
  const dated = def.period?.field;
  for (const [name, meta] of Object.entries(def.fields)) {
    const initial = meta.initial;
    if (!(name in def.schema.properties) || !absent(values[name])) continue;
    if (name === dated && context.period && (!initial || initial === 'today')) {
      out ??= { ...values };
      out[name] = dateInPeriod(todayIso(now), context.period);
      continue;
    }
    if (!initial) continue;
    const make = Object.hasOwn(INITIAL_VALUES, initial) ? INITIAL_VALUES[initial] : undefined;
    if (!make) continue;
    out ??= { ...values };
    out[name] = make(now);
  }
  return withDefaultFormulas(def, out ?? values, now);
}

/**
 * The default formulas' values for the fields still empty; a formula giving nothing (an input
 * missing) or failing leaves its field empty, as a form not filled in, for validation to name.
 */
function withDefaultFormulas(
  def: Pick<EntityDefinition, 'schema'> & Partial<Pick<EntityDefinition, 'rules'>>,
  values: Record<string, unknown>,
  now: Date,
): Record<string, unknown> {
  const defaults = def.rules?.defaults;
  if (!defaults) return values;
  return withClock(now, () => {
    let out: Record<string, unknown> | null = null;
    for (const [name, expr] of Object.entries(defaults)) {
      if (!Object.hasOwn(def.schema.properties, name) || !absent((out ?? values)[name])) continue;
      let value: unknown;
      try {
        value = evaluate(expr, out ?? values);
      } catch {
        continue;
      }
      if (absent(value) || (typeof value === 'number' && !Number.isFinite(value))) continue;
      out ??= { ...values };
      out[name] = value;
    }
    return out ?? values;
  });
}
