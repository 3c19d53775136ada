/**
 * The kind of a field, derived once: `fields.{name}.kind` when the definition states it, else from
 * the JSON Schema type and format, `money`, `lookup` and the uiSchema widget, the way every shipped
 * definition has always been read. No other module works the kind out again.
 */
import type { EntityDataSchema, FieldMeta, FieldSchema } from '../definition';
import type { FieldKind } from './kinds';

/** The part of an entity definition or child table a field's kind depends on. */
export interface KindSource {
  schema: Pick<EntityDataSchema, 'properties'>;
  fields: Record<string, FieldMeta | undefined>;
  uiSchema?: Record<string, unknown>;
}

const FORMAT_KINDS = new Map<string, FieldKind>([
  ['date', 'date'],
  ['date-time', 'dateTime'],
  ['time', 'time'],
  ['ir-national-code', 'nationalCode'],
  ['ir-company-id', 'companyId'],
  ['ir-postal-code', 'postalCode'],
  ['ir-sheba', 'sheba'],
  ['ir-mobile', 'mobile'],
  ['email', 'email'],
]);

/** The uiSchema widget named for a field ('' when none). */
export function widgetOf(uiSchema: Record<string, unknown> | undefined, name: string): string {
  const entry = uiSchema?.[name];
  if (!entry || typeof entry !== 'object') return '';
  const widget = (entry as Record<string, unknown>)['ui:widget'];
  return typeof widget === 'string' ? widget : '';
}

/** The kind of one field from its schema entry, meta and uiSchema widget (no cache). */
export function deriveKind(field: FieldSchema | undefined, meta?: FieldMeta, widget = ''): FieldKind {
  if (meta?.kind) return meta.kind;
  if (meta?.lookup) return 'lookup';
  if (widget === 'attachments') return 'attachments';
  if (widget === 'image') return 'image';
  if (!field) return 'text';
  if (field.type === 'boolean') return 'boolean';
  if (field.enum) return 'enum';
  if (field.type === 'integer' || field.type === 'number') {
    if (meta?.money || widget === 'money') return 'money';
    return field.type === 'integer' ? 'integer' : 'decimal';
  }
  const byFormat = field.format ? FORMAT_KINDS.get(field.format) : undefined;
  if (byFormat) return byFormat;
  return widget === 'textarea' ? 'longText' : 'text';
}

// Kinds per schema.properties object: a definition is immutable once loaded (the designer makes new
// objects on every edit), so the properties object identifies the fields it was derived from.
const cache = new WeakMap<object, Map<string, FieldKind>>();

/** The kind of `name` in an entity or child table; system fields (id, dates) get theirs too. */
export function kindOf(source: KindSource, name: string): FieldKind {
  let kinds = cache.get(source.schema.properties);
  if (!kinds) {
    kinds = new Map();
    cache.set(source.schema.properties, kinds);
  }
  let kind = kinds.get(name);
  if (kind === undefined) {
    const field = Object.hasOwn(source.schema.properties, name) ? source.schema.properties[name] : undefined;
    kind = field
      ? deriveKind(field, source.fields[name], widgetOf(source.uiSchema, name))
      : (SYSTEM_KINDS.get(name) ?? 'text');
    kinds.set(name, kind);
  }
  return kind;
}

/** Kinds of the columns every row has beside its fields (runtime/shared/definition.ts SYSTEM_FIELDS). */
const SYSTEM_KINDS = new Map<string, FieldKind>([
  ['id', 'integer'],
  ['version', 'integer'],
  ['createdAt', 'dateTime'],
  ['updatedAt', 'dateTime'],
  ['createdBy', 'integer'],
  ['updatedBy', 'integer'],
]);

/** Every field of an entity or child table with its kind, in schema order. */
export function kindsOf(source: KindSource): Map<string, FieldKind> {
  return new Map(Object.keys(source.schema.properties).map((name) => [name, kindOf(source, name)]));
}
