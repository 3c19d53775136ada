/**
 * Fields made required by a condition of the definition (`rules.conditions.<field>.required`),
 * one rule for both sides: the form marks them required (renderers/form/rules.ts
 * applyFieldStates) and the server refuses a save that leaves one empty (server/entities/document.ts),
 * e.g. a natural person's national code (schemas/sales/customer.json). A hidden field is never
 * required: the user cannot fill it.
 */
import { fieldStates, type FieldState, type RuleSet } from './rules';

/** Whether a field in this state must be filled. */
export function mustFill(state: FieldState): boolean {
  return state.required && state.visible;
}

/** A value the user left empty (an empty input arrives as '', null or nothing at all). */
export function isEmptyValue(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** The fields a condition makes required that `values` leaves empty, in declaration order. */
export function missingRequired(set: RuleSet, values: Record<string, unknown>): string[] {
  if (!set.conditions) return [];
  const states = fieldStates(set, values);
  return Object.keys(set.conditions).filter((f) => {
    const state = states[f];
    return state !== undefined && mustFill(state) && isEmptyValue(values[f]);
  });
}
