/**
 * The kinds a field can be (docs/lowcode-api.md "Field kinds"). A definition may state a field's kind
 * (`fields.{name}.kind`); when it does not, it is derived once from the JSON Schema type and format,
 * `money`, `lookup` and the uiSchema widget (derive.ts). Every layer that treats fields differently
 * keeps one `Record<FieldKind, …>` table, so a new kind is a type error until each layer has it.
 * This file has no imports: the definition types and the login route may use it at no cost.
 */

export type FieldKind =
  | 'text'
  | 'longText'
  | 'integer'
  | 'decimal'
  | 'money'
  | 'percent'
  | 'boolean'
  | 'enum'
  | 'multiEnum'
  | 'lookup'
  | 'date'
  | 'dateTime'
  | 'time'
  | 'nationalCode'
  | 'companyId'
  | 'postalCode'
  | 'sheba'
  | 'mobile'
  | 'email'
  | 'attachments'
  | 'image';

/** Every kind once; the order is the designer's kind picker order. */
export const FIELD_KINDS = [
  'text',
  'longText',
  'integer',
  'decimal',
  'money',
  'percent',
  'boolean',
  'enum',
  'multiEnum',
  'lookup',
  'date',
  'dateTime',
  'time',
  'nationalCode',
  'companyId',
  'postalCode',
  'sheba',
  'mobile',
  'email',
  'attachments',
  'image',
] as const satisfies readonly FieldKind[];

/** Compile-time check that FIELD_KINDS lists every kind (a missing one makes this `false`). */
type Missing = Exclude<FieldKind, (typeof FIELD_KINDS)[number]>;
export const FIELD_KINDS_COMPLETE: [Missing] extends [never] ? true : false = true;

export function isFieldKind(value: unknown): value is FieldKind {
  return typeof value === 'string' && (FIELD_KINDS as readonly string[]).includes(value);
}

/**
 * How a list filters a field of the kind: text (contains, equals…), number (comparisons), date
 * (Gregorian ISO comparisons), set (one or more of the values), boolean (yes/no), none (not filterable).
 */
export type FilterFamily = 'text' | 'number' | 'date' | 'set' | 'boolean' | 'none';

/** Decimal places a decimal or percent field may state (`fields.{name}.precision`). */
export const MAX_PRECISION = 6;

/** Kinds whose value is a list of attachment ids ("12,15"; runtime/shared/attachments.ts). */
export const FILE_KINDS: readonly FieldKind[] = ['attachments', 'image'];

export function isFileKind(kind: FieldKind): boolean {
  return kind === 'attachments' || kind === 'image';
}
