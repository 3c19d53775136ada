/**
 * Edits of a whole definition draft that keep its parts in step: the fields table changes list
 * columns, sort, display field and the form order with it. Pure functions, no UI.
 */
import type { EntityDefinition } from '../../runtime/shared/definition';
import { applyRows, rowsOf, type FieldRow } from './fieldRows';

/** A new entity: one text field, listed, shown in the menu. */
export function emptyDefinition(module: string, name: string): EntityDefinition {
  return {
    name,
    module,
    title: { fa: name, en: name },
    displayField: 'title',
    menu: { order: 100 },
    schema: {
      type: 'object',
      additionalProperties: false,
      required: ['title'],
      properties: { title: { type: 'string', minLength: 1, maxLength: 200 } },
    },
    fields: { title: { label: { fa: 'عنوان', en: 'Title' }, sortable: true, filterable: true } },
    list: { columns: ['title'] },
  };
}

/** Renames by position: a row whose name changed at the same index is that field renamed. */
function renames(before: FieldRow[], after: FieldRow[]): Map<string, string> {
  const out = new Map<string, string>();
  if (before.length !== after.length) return out;
  before.forEach((row, i) => {
    const next = after[i]!.name;
    if (row.name !== next) out.set(row.name, next);
  });
  return out;
}

/** The definition with the entity's own fields replaced by `rows`. */
export function withRows(definition: EntityDefinition, rows: FieldRow[]): EntityDefinition {
  const renamed = renames(rowsOf(definition), rows);
  const next = applyRows(definition, rows);
  const names = new Set(Object.keys(next.schema.properties));
  const follow = (n: string) => renamed.get(n) ?? n;
  const keep = (n: string) => n === 'id' || names.has(n);
  const columns = definition.list.columns.map(follow).filter(keep);
  const first = Object.keys(next.schema.properties)[0];
  next.list = { ...definition.list, columns: columns.length || !first ? columns : [first] };
  if (definition.list.defaultSort) {
    const sort = definition.list.defaultSort
      .map((s) => ({ ...s, colId: follow(s.colId) }))
      .filter((s) => keep(s.colId));
    if (sort.length) next.list.defaultSort = sort;
    else delete next.list.defaultSort;
  }
  const display = follow(definition.displayField);
  next.displayField = names.has(display) || !first ? display : first;
  if (definition.layout) {
    // the form's layout follows a renamed field and lets a removed one go (child tables kept)
    const tables = new Set(Object.keys(definition.children ?? {}));
    const layout = structuredClone(definition.layout);
    for (const tab of layout.tabs)
      for (const section of tab.sections)
        section.rows = section.rows
          .map((row) =>
            row
              .map((c) => ({ ...c, field: follow(c.field) }))
              .filter((c) => names.has(c.field) || tables.has(c.field)),
          )
          .filter((row) => row.length > 0);
    next.layout = layout;
  }
  if (definition.uiSchema) {
    const ui: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(definition.uiSchema)) {
      if (key === 'ui:order' && Array.isArray(value)) continue;
      const target = follow(key);
      if (key.startsWith('ui:') || names.has(target)) ui[target] = value;
    }
    if (Array.isArray(definition.uiSchema['ui:order'])) ui['ui:order'] = [...names];
    next.uiSchema = ui;
  }
  return next;
}

/** Names the list may show (own fields plus id). */
export function columnChoices(definition: EntityDefinition): string[] {
  return [...Object.keys(definition.schema.properties), 'id'];
}
