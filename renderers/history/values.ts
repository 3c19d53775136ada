/**
 * Display texts of audited values: the field kind's displayValue (runtime/shared/fieldKinds), the
 * same text grid, lines, print and export show; '—' for an empty value.
 */
import type { Lang } from '../../runtime/shared/definition';
import { displayValue, fieldText, type KindSource } from '../../runtime/shared/fieldKind';

/** An ISO instant as Jalali date and local time, e.g. ۱۴۰۵/۰۹/۰۱ ۱۰:۲۳. */
export function formatInstant(iso: string, lang: Lang): string {
  return displayValue('dateTime', iso, lang);
}

/** The text of an audited value of field `name` ('—' when empty). */
export function auditValue(source: KindSource, name: string, value: unknown, lang: Lang): string {
  if (value === null || value === undefined || value === '') return '—';
  // a field the definition no longer has: shown by the type of its value
  if (!Object.hasOwn(source.schema.properties, name)) {
    const kind = typeof value === 'boolean' ? 'boolean' : typeof value === 'number' ? 'decimal' : 'text';
    return displayValue(kind, value, lang);
  }
  return fieldText(source, name, value, lang);
}
