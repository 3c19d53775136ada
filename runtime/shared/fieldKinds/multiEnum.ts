/**
 * Multi-select fields (kind multiEnum): the options are the keys of `enumLabels`, in order; the
 * stored value lists the chosen ones comma-separated ("red,blue"): its shape checked by the schema
 * pattern, its values against the options by unknownOptions (the write checks both).
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

/**
 * Pattern of a stored multi-select: values without commas, comma-separated, none empty. Whether
 * each is one of the options is `unknownOptions` (a pattern listing them would repeat an
 * alternation, which the pattern safety check refuses: runtime/shared/patternSafety.ts).
 */
export const MULTI_ENUM_PATTERN = '^[^,]+(?:,[^,]+)*$';

/** The values of a stored multi-select that are not among its options (empty when all are). */
export function unknownOptions(value: unknown, field: KindField): string[] {
  const options = new Set(multiEnumOptions(field));
  return multiEnumValues(value).filter((v) => !options.has(v));
}
