/**
 * A field of a definition in one call: its label, its value's text, its stored value from input and
 * whether its schema fits a stated kind. What grid, lines, print, history, export and reports use.
 */
import { localText, type FieldMeta, type FieldSchema, type Lang } from '../definition';
import { kindOf, type KindSource } from './derive';
import { kindField, type DisplayOptions } from './field';
import type { FieldKind } from './kinds';
import { MAX_PRECISION } from './kinds';
import { multiEnumOptions } from './multiEnum';
import { displayValue, KINDS, parseValue } from './specs';
import { localDigits } from './numberText';

/** A field's label in `lang` (fa when the language has none), else its name. */
export function fieldLabel(
  source: { fields: Record<string, FieldMeta | undefined> },
  name: string,
  lang: Lang,
): string {
  const meta = Object.hasOwn(source.fields, name) ? source.fields[name] : undefined;
  const label = localText(meta?.label, lang);
  // a label's figures in the language's digits («بیمه (۷٪)» even when stored with Western ones)
  return label ? localDigits(label, lang) : name;
}

function partsOf(source: KindSource, name: string) {
  const own = <T>(rec: Record<string, T>) => (Object.hasOwn(rec, name) ? rec[name] : undefined);
  return kindField(own(source.schema.properties), own(source.fields));
}

/** The text of a field's stored value, through its kind (see displayValue). */
export function fieldText(
  source: KindSource,
  name: string,
  value: unknown,
  lang: Lang,
  options?: DisplayOptions,
): string {
  return displayValue(kindOf(source, name), value, lang, partsOf(source, name), options);
}

/** Typed text or a sent value of a field → the value stored, through its kind. */
export function fieldParse(source: KindSource, name: string, input: unknown): unknown {
  return parseValue(kindOf(source, name), input, partsOf(source, name));
}

/** The formats that make a field of their kind (date, ir-sheba…). */
const KIND_FORMATS: ReadonlySet<string> = new Set(
  Object.values(KINDS).flatMap((spec) => (spec.format === undefined ? [] : [spec.format])),
);

/** Whether a schema format makes a field of its own kind (date), not a constraint of a text (ir-sayad, uri). */
export function kindOwnsFormat(format: string): boolean {
  return KIND_FORMATS.has(format);
}

/**
 * Why a field's schema entry does not fit its stated kind ('' when it does): the type is not one
 * the kind allows, a format of another kind, an enum without values, a lookup without target…
 */
export function kindMismatch(kind: FieldKind, schema: FieldSchema, meta: FieldMeta | undefined): string {
  const spec = KINDS[kind];
  if (!spec.types.includes(schema.type)) return `type ${schema.type} is not one of ${spec.types.join(', ')}`;
  if (spec.format !== undefined && schema.format !== spec.format) return `format must be ${spec.format}`;
  // a format no kind owns (uri, ir-sayad) is a constraint of a text field
  if (spec.format === undefined && schema.format !== undefined && kindOwnsFormat(schema.format))
    return `format ${schema.format} belongs to another kind`;
  if (kind === 'enum' && !schema.enum) return 'enum needs its values (schema enum)';
  if (kind !== 'enum' && schema.enum) return 'schema enum belongs to the enum kind';
  if (kind === 'multiEnum' && multiEnumOptions(kindField(schema, meta)).length === 0)
    return 'multiEnum needs its options (enumLabels)';
  if (kind === 'lookup' && !meta?.lookup) return 'lookup needs its target (lookup)';
  if (kind !== 'lookup' && meta?.lookup) return 'lookup target on a field that is not a lookup';
  if (meta?.precision !== undefined) {
    if (kind !== 'decimal' && kind !== 'percent') return 'precision belongs to decimal and percent';
    if (!Number.isInteger(meta.precision) || meta.precision < 0 || meta.precision > MAX_PRECISION)
      return `precision is a whole number from 0 to ${MAX_PRECISION}`;
  }
  return '';
}
