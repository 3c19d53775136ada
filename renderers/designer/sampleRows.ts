/** Sample rows for the designer's grid preview: plausible values per field kind, no server. */
import type { EntityDefinition, EntityRow } from '../../runtime/shared/definition';
import type { ListPage, ListRequest } from '../../runtime/shared/envelope';
import { kindOf } from '../../runtime/shared/fieldKinds/derive';
import { kindField, type KindField } from '../../runtime/shared/fieldKinds/field';
import type { FieldKind } from '../../runtime/shared/fieldKinds/kinds';
import { multiEnumOptions } from '../../runtime/shared/fieldKinds/multiEnum';

type Sample = (i: number, name: string, field: KindField) => unknown;

const day = (i: number) => `2026-03-${String(10 + i).padStart(2, '0')}`;

/** The i-th sample value of each kind. */
export const SAMPLES: Record<FieldKind, Sample> = {
  text: (i, name) => `${name} ${i + 1}`,
  longText: (i, name) => `${name} ${i + 1}`,
  integer: (i) => i + 1,
  decimal: (i) => (i + 1) * 1.5,
  money: (i) => (i + 1) * 1_250_000,
  percent: (i) => (i + 1) * 5,
  boolean: (i) => i % 2 === 0,
  enum: (i, _name, field) => (field.enum?.length ? field.enum[i % field.enum.length] : undefined),
  multiEnum: (i, _name, field) => {
    const options = multiEnumOptions(field);
    return options.length ? options.slice(0, (i % options.length) + 1).join(',') : undefined;
  },
  // a lookup shows its target's text; the preview has none, so it shows the id
  lookup: (i) => i + 1,
  date: day,
  dateTime: (i) => `${day(i)}T0${i % 10}:30:00.000Z`,
  time: (i) => `${String(8 + i).padStart(2, '0')}:30`,
  nationalCode: () => '0012345679',
  companyId: () => '10380284790',
  postalCode: () => '1598765432',
  sheba: () => 'IR820540102680020817909002',
  mobile: (i) => `0912123456${i % 10}`,
  email: (i) => `user${i + 1}@example.com`,
  attachments: () => undefined,
  image: () => undefined,
};

export function sampleRows(definition: EntityDefinition, count = 3): EntityRow[] {
  return Array.from({ length: count }, (_, i) => {
    const row: EntityRow = { id: i + 1, version: 1 };
    for (const [name, field] of Object.entries(definition.schema.properties)) {
      row[name] = SAMPLES[kindOf(definition, name)](i, name, kindField(field, definition.fields[name]));
    }
    return row;
  });
}

/** A getList over the sample rows (the grid's preview client). */
export function sampleClient(definition: EntityDefinition) {
  const rows = sampleRows(definition);
  return {
    getList: (request: ListRequest): Promise<ListPage<EntityRow>> =>
      Promise.resolve({ rows: rows.slice(request.startRow, request.endRow), lastRow: rows.length }),
  };
}

/** Kinds whose sample a form cannot show without the server (a lookup's row, a stored file). */
const NOT_IN_FORM = new Set<FieldKind>(['lookup', 'attachments', 'image']);

/**
 * Values a form preview opens with: the first sample row's fields (no lookups or files, which need
 * the server) and two sample lines per child table.
 */
export function sampleValues(definition: EntityDefinition): Record<string, unknown> {
  const strip = (source: EntityDefinition, row: EntityRow) =>
    Object.fromEntries(
      Object.entries(row).filter(
        ([name, value]) =>
          name !== 'id' &&
          name !== 'version' &&
          value !== undefined &&
          Object.hasOwn(source.schema.properties, name) &&
          !NOT_IN_FORM.has(kindOf(source, name)),
      ),
    );
  const values: Record<string, unknown> = strip(definition, sampleRows(definition, 1)[0]!);
  for (const [name, child] of Object.entries(definition.children ?? {})) {
    // a child table reads as a definition of its own here: its schema and fields
    const asDefinition = { ...definition, schema: child.schema, fields: child.fields, children: undefined };
    values[name] = sampleRows(asDefinition, 2).map((row) => strip(asDefinition, row));
  }
  return values;
}
