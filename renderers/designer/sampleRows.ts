/** Sample rows for the designer's grid preview: plausible values per field type, no server. */
import type { EntityDefinition, EntityRow, FieldSchema } from '../../runtime/shared/definition';
import type { ListPage, ListRequest } from '../../runtime/shared/envelope';

function sampleValue(field: FieldSchema, name: string, i: number, money: boolean): unknown {
  if (field.enum?.length) return field.enum[i % field.enum.length];
  switch (field.type) {
    case 'boolean':
      return i % 2 === 0;
    case 'integer':
      return money ? (i + 1) * 1_250_000 : i + 1;
    case 'number':
      return (i + 1) * 1.5;
    default:
      break;
  }
  if (field.format === 'date') return `2026-03-${String(10 + i).padStart(2, '0')}`;
  return `${name} ${i + 1}`;
}

export function sampleRows(definition: EntityDefinition, count = 3): EntityRow[] {
  return Array.from({ length: count }, (_, i) => {
    const row: EntityRow = { id: i + 1, version: 1 };
    for (const [name, field] of Object.entries(definition.schema.properties)) {
      const meta = definition.fields[name];
      // a lookup shows its target's text; the preview has none, so it shows the id
      row[name] = meta?.lookup ? i + 1 : sampleValue(field, name, i, meta?.money === true);
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
