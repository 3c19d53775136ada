/**
 * The colour a field's value is drawn in (FieldMeta.enumColors, Fluent Badge colours): grid cells
 * and form headers draw such a value as a coloured tag. Undefined: the value is plain text.
 */
import type { FieldMeta } from '../definition';

export type BadgeColor = NonNullable<FieldMeta['enumColors']>[string];

/** The colour of `value` of field `name`, when its definition colours it. */
export function fieldColor(
  source: { fields: Record<string, FieldMeta | undefined> },
  name: string,
  value: unknown,
): BadgeColor | undefined {
  const meta = Object.hasOwn(source.fields, name) ? source.fields[name] : undefined;
  const colors = meta?.enumColors;
  if (!colors || (typeof value !== 'string' && typeof value !== 'number')) return undefined;
  const key = String(value);
  return Object.hasOwn(colors, key) ? colors[key] : undefined;
}

/** True when the field colours its values (its cells are drawn as tags). */
export function hasColors(source: { fields: Record<string, FieldMeta | undefined> }, name: string): boolean {
  const meta = Object.hasOwn(source.fields, name) ? source.fields[name] : undefined;
  return !!meta?.enumColors && Object.keys(meta.enumColors).length > 0;
}
