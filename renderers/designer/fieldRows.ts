/**
 * The designer's fields table as rows, and back: one row per field joins what a definition keeps
 * in three places (schema.properties, schema.required, fields meta). Works on an entity and on a
 * child table alike (both have `schema` and `fields`). Pure functions, no UI.
 */
import {
  IDENTIFIER,
  SYSTEM_FIELDS,
  type EntityDataSchema,
  type FieldMeta,
  type FieldSchema,
  type LocalText,
} from '../../runtime/shared/definition';
import { deriveKind, kindOf, widgetOf } from '../../runtime/shared/fieldKinds/derive';
import { FIELD_KINDS, MAX_PRECISION, type FieldKind } from '../../runtime/shared/fieldKinds/kinds';
import { kindOwnsFormat } from '../../runtime/shared/fieldKinds/fields';
import { KINDS } from '../../runtime/shared/fieldKinds/specs';

/** What the analyst picks as a field's kind: every kind (runtime/shared/fieldKinds), in this order. */
export { FIELD_KINDS, type FieldKind };

export interface FieldRow {
  name: string;
  kind: FieldKind;
  /**
   * Choices of an enum or multi-select, as typed: `value=label` pairs separated by commas
   * ("red=قرمز,blue=آبی"; a bare value is its own label); '' for other kinds.
   */
  options: string;
  /** Decimal places of a decimal or percent field ('' = as entered). */
  precision: string;
  labelFa: string;
  labelEn: string;
  required: boolean;
  /** Target entity key ('module.name') of a lookup; '' for none. */
  lookup: string;
  /** Field of the target shown for a lookup. */
  lookupDisplay: string;
  money: boolean;
  sortable: boolean;
  filterable: boolean;
}

/** The part of a definition (or child table) the rows describe. */
export interface FieldsHolder {
  schema: EntityDataSchema;
  fields: Record<string, FieldMeta>;
  uiSchema?: Record<string, unknown>;
}

const RESERVED = new Set<string>([...SYSTEM_FIELDS, 'parentId', 'lineNo']);

/** Kinds that have choices (the options cell). */
export function hasOptions(kind: FieldKind): boolean {
  return kind === 'enum' || kind === 'multiEnum';
}

/** Kinds that have decimal places (the precision cell). */
export function hasPrecision(kind: FieldKind): boolean {
  return kind === 'decimal' || kind === 'percent';
}

/** The options text of a field: `value=label` pairs (label in Persian), comma-separated. */
function optionsText(field: FieldSchema, meta: FieldMeta | undefined): string {
  const labels = meta?.enumLabels ?? {};
  const values = field.enum ?? Object.keys(labels);
  return values
    .map((v) => {
      const label = labels[String(v)]?.fa;
      return label && label !== String(v) ? `${v}=${label}` : String(v);
    })
    .join(',');
}

/** The choices typed in an options cell, in order (each value once). */
export function parseOptions(text: string): { value: string; label: string }[] {
  const seen = new Set<string>();
  const out: { value: string; label: string }[] = [];
  for (const part of text.split(/[,،]/)) {
    const [value = '', ...rest] = part.split('=');
    const v = value.trim();
    if (!v || seen.has(v)) continue;
    seen.add(v);
    out.push({ value: v, label: rest.join('=').trim() || v });
  }
  return out;
}

/** The kind a row stands for: the money flag and a lookup target win over the picked kind. */
export function rowKind(row: FieldRow): FieldKind {
  if (row.lookup) return 'lookup';
  if (row.money) return 'money';
  return row.kind;
}

export function rowsOf(holder: FieldsHolder): FieldRow[] {
  const required = new Set(holder.schema.required ?? []);
  return Object.entries(holder.schema.properties).map(([name, field]) => {
    const meta = holder.fields[name];
    const kind = kindOf(holder, name);
    return {
      name,
      kind,
      options: hasOptions(kind) ? optionsText(field, meta) : '',
      precision: meta?.precision === undefined ? '' : String(meta.precision),
      labelFa: meta?.label.fa ?? '',
      labelEn: meta?.label.en ?? '',
      required: required.has(name),
      lookup: meta?.lookup?.entity ?? '',
      lookupDisplay: meta?.lookup?.displayField ?? '',
      money: meta?.money === true,
      sortable: meta?.sortable === true,
      filterable: meta?.filterable === true,
    };
  });
}

function schemaFor(row: FieldRow, kind: FieldKind, before: FieldSchema | undefined): FieldSchema {
  const spec = KINDS[kind];
  const options = parseOptions(row.options);
  // an integer enum (months 1…12) keeps numbers
  const numbers = before?.type === 'integer' && options.every((o) => /^-?\d{1,15}$/.test(o.value));
  const fresh = spec.schema({
    enum: options.map((o) => (numbers ? Number(o.value) : o.value)),
    enumLabels: Object.fromEntries(options.map((o) => [o.value, { fa: o.label }])),
  });
  // keep the constraints of an unchanged type (lengths, patterns, a format no kind owns such as
  // ir-sayad), drop them on a new type
  const sameFormat =
    before?.format === spec.format ||
    (spec.format === undefined && before?.format !== undefined && !kindOwnsFormat(before.format));
  if (!before || !spec.types.includes(before.type) || !sameFormat) return fresh;
  const kept: FieldSchema = { ...before };
  if (kind === 'enum') kept.enum = fresh.enum;
  else delete kept.enum;
  if (kind === 'multiEnum') kept.pattern = fresh.pattern;
  return kept;
}

function metaFor(row: FieldRow, kind: FieldKind, before: FieldMeta | undefined): FieldMeta {
  const meta: FieldMeta = { ...before, label: { fa: row.labelFa } };
  if (row.labelEn) meta.label.en = row.labelEn;
  // the same target keeps its other settings (code, searched and filled fields name its fields);
  // a new target starts without them
  const kept = before?.lookup?.entity === row.lookup ? before.lookup : undefined;
  if (row.lookup) meta.lookup = { ...kept, entity: row.lookup, displayField: row.lookupDisplay || 'name' };
  else delete meta.lookup;
  for (const flag of ['money', 'sortable', 'filterable'] as const) {
    if (flag === 'money' ? kind === 'money' : row[flag]) meta[flag] = true;
    else delete meta[flag];
  }
  if (hasOptions(kind)) {
    const labels: Record<string, LocalText> = {};
    for (const o of parseOptions(row.options)) {
      const old = before?.enumLabels?.[o.value];
      if (old && old.fa === o.label) labels[o.value] = old;
      // an enum value without a label shows as itself; a multi-select's options are its labels' keys
      else if (o.label !== o.value || kind === 'multiEnum') labels[o.value] = { fa: o.label };
    }
    if (Object.keys(labels).length || before?.enumLabels) meta.enumLabels = labels;
    else delete meta.enumLabels;
  } else delete meta.enumLabels;
  const precision = Number(row.precision);
  if (hasPrecision(kind) && row.precision.trim() !== '' && Number.isInteger(precision))
    meta.precision = precision;
  else delete meta.precision;
  return meta;
}

/** The meta with `kind` stated only when the schema, flags and widget would not say it already. */
function withKind(meta: FieldMeta, kind: FieldKind, schema: FieldSchema, widget: string): FieldMeta {
  const { kind: _stated, ...rest } = meta;
  return deriveKind(schema, rest, widget) === kind ? rest : { ...rest, kind };
}

/** The holder with its fields replaced by the rows (other keys kept; order follows the rows). */
export function applyRows<T extends FieldsHolder>(holder: T, rows: FieldRow[]): T {
  const properties: Record<string, FieldSchema> = {};
  const fields: Record<string, FieldMeta> = {};
  const required: string[] = [];
  for (const row of rows) {
    if (!row.name) continue;
    const kind = rowKind(row);
    const schema = schemaFor(row, kind, holder.schema.properties[row.name]);
    const widget = widgetOf(holder.uiSchema, row.name);
    properties[row.name] = schema;
    fields[row.name] = withKind(metaFor(row, kind, holder.fields[row.name]), kind, schema, widget);
    if (row.required) required.push(row.name);
  }
  const schema: EntityDataSchema = { ...holder.schema, properties };
  if (required.length) schema.required = required;
  else delete schema.required;
  return { ...holder, schema, fields };
}

/** A new row with a name not used yet (field1, field2…). */
export function newRow(rows: FieldRow[]): FieldRow {
  const used = new Set(rows.map((r) => r.name));
  let i = rows.length + 1;
  while (used.has(`field${i}`)) i++;
  return {
    name: `field${i}`,
    kind: 'text',
    options: '',
    precision: '',
    labelFa: '',
    labelEn: '',
    required: false,
    lookup: '',
    lookupDisplay: '',
    money: false,
    sortable: true,
    filterable: true,
  };
}

export type RowProblem =
  | 'nameInvalid'
  | 'nameReserved'
  | 'nameDuplicate'
  | 'labelMissing'
  | 'moneyType'
  | 'optionsMissing'
  | 'precisionRange';

/** Problems per row index (empty when the table is fine); translation keys under designer.problem. */
export function rowProblems(rows: FieldRow[]): Map<number, RowProblem[]> {
  const out = new Map<number, RowProblem[]>();
  const seen = new Map<string, number>();
  rows.forEach((row, i) => {
    const list: RowProblem[] = [];
    if (!IDENTIFIER.test(row.name)) list.push('nameInvalid');
    else if (RESERVED.has(row.name)) list.push('nameReserved');
    if (seen.has(row.name)) list.push('nameDuplicate');
    seen.set(row.name, i);
    if (!row.labelFa.trim()) list.push('labelMissing');
    if (row.money && !KINDS[row.kind].numeric) list.push('moneyType');
    if (hasOptions(row.kind) && !row.lookup && parseOptions(row.options).length === 0)
      list.push('optionsMissing');
    const precision = Number(row.precision);
    if (
      hasPrecision(row.kind) &&
      row.precision.trim() !== '' &&
      !(Number.isInteger(precision) && precision >= 0 && precision <= MAX_PRECISION)
    )
      list.push('precisionRange');
    if (list.length) out.set(i, list);
  });
  return out;
}

/** Renames a field everywhere the definition names it (list columns, sort, uiSchema order). */
export function renameInList(names: string[], from: string, to: string): string[] {
  return names.map((n) => (n === from ? to : n));
}
