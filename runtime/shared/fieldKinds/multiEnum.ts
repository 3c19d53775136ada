/**
 * Multi-select fields (kind multiEnum): the options are the keys of `enumLabels`, in order; the
 * stored value lists the chosen ones comma-separated ("red,blue"), checked by a schema pattern.
 */
import type { KindField } from './field';

/** The options of a multi-select, in order. */
export function multiEnumOptions(field: KindField): string[] {
  return Object.keys(field.enumLabels ?? {});
}

/** The values a stored multi-select holds ("a,b" → ['a', 'b']). */
export function multiEnumValues(value: unknown): string[] {
  const parts = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(',') : [];
  return [...new Set(parts.map((v) => v.trim()).filter(Boolean))];
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Pattern of a stored multi-select: one or more of its options, comma-separated. */
export function multiEnumPattern(options: readonly string[]): string {
  const one = `(?:${options.map(escapeRegex).join('|')})`;
  return `^${one}(?:,${one})*$`;
}
