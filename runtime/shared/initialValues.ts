/**
 * Values a new record starts with, declared per field in the definition (`fields.<name>.initial`,
 * e.g. `"today"` on a document date) and applied the same by the form (a new record's first values)
 * and by the server (Create without the field: write/steps/initialValues.ts). A new kind of initial
 * value is one entry of INITIAL_VALUES. The next number of a numbering series belongs here too once
 * numbering exists (#23: `"nextInSeries"`, resolved by the server's numbering step).
 */
import type { EntityDefinition } from './definition';
import { todayIso } from './jalali';

/** The value of each named initial, given the moment of the new record. */
export const INITIAL_VALUES: Record<string, (now: Date) => unknown> = {
  /** The current date, ISO `yyyy-mm-dd` (the caller's time zone). */
  today: (now) => todayIso(now),
};

export type InitialValueName = keyof typeof INITIAL_VALUES;

const absent = (v: unknown): boolean => v === undefined || v === null || v === '';

/**
 * `values` with every field that declares an `initial` and has no value filled in; the input is
 * not changed. Unknown names are ignored (the definition loader refuses them).
 */
export function withInitialValues(
  def: Pick<EntityDefinition, 'fields' | 'schema'>,
  values: Record<string, unknown>,
  now: Date = new Date(),
): Record<string, unknown> {
  let out: Record<string, unknown> | null = null;
  for (const [name, meta] of Object.entries(def.fields)) {
    const initial = meta.initial;
    if (!initial || !(name in def.schema.properties) || !absent(values[name])) continue;
    const make = Object.hasOwn(INITIAL_VALUES, initial) ? INITIAL_VALUES[initial] : undefined;
    if (!make) continue;
    out ??= { ...values };
    out[name] = make(now);
  }
  return out ?? values;
}
