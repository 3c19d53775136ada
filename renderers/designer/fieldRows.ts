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
} from '../../runtime/shared/definition';

/** What the analyst picks as a field's kind; `date` is a string with format date. */
export type FieldKind = 'string' | 'integer' | 'number' | 'boolean' | 'date';
export const FIELD_KINDS: readonly FieldKind[] = ['string', 'integer', 'number', 'boolean', 'date'];

export interface FieldRow {
  name: string;
  kind: FieldKind;
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
}

const RESERVED = new Set<string>([...SYSTEM_FIELDS, 'parentId', 'lineNo']);

function kindOf(field: FieldSchema): FieldKind {
  if (field.type === 'string' && field.format === 'date') return 'date';
  return field.type;
}

export function rowsOf(holder: FieldsHolder): FieldRow[] {
  const required = new Set(holder.schema.required ?? []);
  return Object.entries(holder.schema.properties).map(([name, field]) => {
    const meta = holder.fields[name];
    return {
      name,
      kind: kindOf(field),
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

function schemaFor(row: FieldRow, before: FieldSchema | undefined): FieldSchema {
  const type = row.kind === 'date' ? 'string' : row.lookup || row.money ? 'integer' : row.kind;
  // keep the constraints of an unchanged type (lengths, patterns, enum…), drop them on a new type
  const kept: FieldSchema = before && before.type === type ? { ...before } : { type };
  kept.type = type;
  if (row.kind === 'date') kept.format = 'date';
  else if (kept.format === 'date') delete kept.format;
  return kept;
}

function metaFor(row: FieldRow, before: FieldMeta | undefined): FieldMeta {
  const meta: FieldMeta = { ...before, label: { fa: row.labelFa } };
  if (row.labelEn) meta.label.en = row.labelEn;
  if (row.lookup) meta.lookup = { entity: row.lookup, displayField: row.lookupDisplay || 'name' };
  else delete meta.lookup;
  for (const flag of ['money', 'sortable', 'filterable'] as const) {
    if (row[flag]) meta[flag] = true;
    else delete meta[flag];
  }
  return meta;
}

/** The holder with its fields replaced by the rows (other keys kept; order follows the rows). */
export function applyRows<T extends FieldsHolder>(holder: T, rows: FieldRow[]): T {
  const properties: Record<string, FieldSchema> = {};
  const fields: Record<string, FieldMeta> = {};
  const required: string[] = [];
  for (const row of rows) {
    if (!row.name) continue;
    properties[row.name] = schemaFor(row, holder.schema.properties[row.name]);
    fields[row.name] = metaFor(row, holder.fields[row.name]);
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
    kind: 'string',
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

export type RowProblem = 'nameInvalid' | 'nameReserved' | 'nameDuplicate' | 'labelMissing' | 'moneyType';

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
    if (row.money && (row.kind === 'boolean' || row.kind === 'date' || row.kind === 'string'))
      list.push('moneyType');
    if (list.length) out.set(i, list);
  });
  return out;
}

/** Renames a field everywhere the definition names it (list columns, sort, uiSchema order). */
export function renameInList(names: string[], from: string, to: string): string[] {
  return names.map((n) => (n === from ? to : n));
}
