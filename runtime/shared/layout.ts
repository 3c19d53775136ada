/**
 * A form's layout (definition.layout, docs/lowcode-layout.md): tabs → sections (titled, may fold)
 * → rows of cells, each cell a field of the entity or a child table (its lines grid) with a span
 * on a grid of 12 (or 4) columns. Checked on publish (layoutProblems): a name is a field or child
 * table of the entity and placed once. What the layout leaves out is shown after it, as a form
 * without a layout shows it (resolveLayout). Pure functions, used by the server and the renderers.
 */
import { SYSTEM_FIELDS, localText, type EntityDefinition, type Lang, type LocalText } from './definition';

export type LayoutColumns = 12 | 4;

/** One cell: a field of the entity or a child table's name (its lines grid, always a whole row). */
export interface LayoutCell {
  field: string;
  /** Columns it takes; absent: the row's columns shared by its cells. */
  span?: number;
}

export interface LayoutSection {
  title?: LocalText;
  /** The analyst may fold it; `collapsed`: folded when the form opens. */
  collapsible?: boolean;
  collapsed?: boolean;
  rows: LayoutCell[][];
}

export interface LayoutTab {
  title: LocalText;
  sections: LayoutSection[];
}

export interface FormLayout {
  /** The grid's columns: 12 (default) or 4. */
  columns?: LayoutColumns;
  /** One tab: no tab strip, its sections alone. */
  tabs: LayoutTab[];
}

/** A problem with its JSON path and a `formLayout.check.{key}` text (src/public/assets/i18n/share). */
export interface LayoutProblem {
  path: string;
  key: 'unknownField' | 'duplicateField' | 'badSpan';
  params: Record<string, unknown>;
}

const SYSTEM = new Set<string>(SYSTEM_FIELDS);

/** The names a layout may place: the entity's own fields (no system ones) and its child tables. */
export function placeableNames(def: Pick<EntityDefinition, 'schema' | 'children'>): string[] {
  return [
    ...Object.keys(def.schema.properties).filter((n) => !SYSTEM.has(n)),
    ...Object.keys(def.children ?? {}),
  ];
}

export function layoutColumns(layout: FormLayout | undefined): LayoutColumns {
  return layout?.columns === 4 ? 4 : 12;
}

/** Every cell with its JSON path, in the order the form shows them. */
export function layoutCells(layout: FormLayout): { cell: LayoutCell; path: string }[] {
  const out: { cell: LayoutCell; path: string }[] = [];
  layout.tabs.forEach((tab, t) =>
    tab.sections.forEach((section, s) =>
      section.rows.forEach((row, r) =>
        row.forEach((cell, c) => out.push({ cell, path: `/layout/tabs/${t}/sections/${s}/rows/${r}/${c}` })),
      ),
    ),
  );
  return out;
}

/** Names that are no field or child table, names placed twice, spans wider than the grid. */
export function layoutProblems(def: EntityDefinition): LayoutProblem[] {
  const layout = def.layout;
  if (!layout) return [];
  const known = new Set(placeableNames(def));
  const columns = layoutColumns(layout);
  const seen = new Set<string>();
  const out: LayoutProblem[] = [];
  for (const { cell, path } of layoutCells(layout)) {
    const field = cell.field;
    if (!known.has(field)) out.push({ path: `${path}/field`, key: 'unknownField', params: { field } });
    else if (seen.has(field)) out.push({ path: `${path}/field`, key: 'duplicateField', params: { field } });
    seen.add(field);
    if (cell.span !== undefined && (!Number.isInteger(cell.span) || cell.span < 1 || cell.span > columns))
      out.push({ path: `${path}/span`, key: 'badSpan', params: { field, columns } });
  }
  return out;
}

/** A cell as the form draws it: the name, its span and whether it is a child table's lines grid. */
export interface ViewCell {
  name: string;
  span: number;
  lines: boolean;
}

export interface ViewSection {
  title: string;
  collapsible: boolean;
  collapsed: boolean;
  rows: ViewCell[][];
}

export interface ViewTab {
  title: string;
  sections: ViewSection[];
}

/** The layout as the form draws it (layout → form mapping), in one language. */
export interface LayoutView {
  columns: LayoutColumns;
  tabs: ViewTab[];
  /** Fields the layout leaves out, shown after it in the form's own order (the last tab). */
  rest: string[];
  /** Child tables the layout leaves out: their grids come after the form, as without a layout. */
  restLines: string[];
}

/** Spans of a row: given ones kept (within the grid), the rest share what is left, at least 1. */
export function rowSpans(row: LayoutCell[], columns: LayoutColumns): number[] {
  const given = row.map((c) =>
    c.span !== undefined && Number.isInteger(c.span) ? Math.min(Math.max(c.span, 1), columns) : undefined,
  );
  const free = given.filter((s) => s === undefined).length;
  const used = given.reduce<number>((sum, s) => sum + (s ?? 0), 0);
  const share = free ? Math.max(1, Math.floor((columns - used) / free)) : 0;
  return given.map((s) => s ?? share);
}

/**
 * The layout → form mapping: names resolved (unknown and repeated cells dropped; the server refuses
 * them on publish), a child table a whole row, titles in `lang`, the fields not placed listed.
 * `fields`: the form's fields in their order; null when the definition has no layout.
 */
export function resolveLayout(def: EntityDefinition, fields: string[], lang: Lang): LayoutView | null {
  const layout = def.layout;
  if (!layout || layout.tabs.length === 0) return null;
  const columns = layoutColumns(layout);
  const children = new Set(Object.keys(def.children ?? {}));
  const own = new Set(fields);
  const placed = new Set<string>();
  const tabs = layout.tabs.map((tab) => ({
    title: localText(tab.title, lang),
    sections: tab.sections.map((section) => {
      const rows: ViewCell[][] = [];
      for (const row of section.rows) {
        const cells: LayoutCell[] = [];
        for (const c of row)
          if ((own.has(c.field) || children.has(c.field)) && !placed.has(c.field)) {
            placed.add(c.field);
            cells.push(c);
          }
        // a lines grid takes its own row, before and after it the row's fields
        let current: LayoutCell[] = [];
        const flush = () => {
          if (current.length) {
            const spans = rowSpans(current, columns);
            rows.push(current.map((c, i) => ({ name: c.field, span: spans[i]!, lines: false })));
          }
          current = [];
        };
        for (const c of cells) {
          if (children.has(c.field)) {
            flush();
            rows.push([{ name: c.field, span: columns, lines: true }]);
          } else current.push(c);
        }
        flush();
      }
      return {
        title: localText(section.title, lang),
        collapsible: section.collapsible === true,
        collapsed: section.collapsible === true && section.collapsed === true,
        rows,
      };
    }),
  }));
  return {
    columns,
    tabs,
    rest: fields.filter((n) => !placed.has(n)),
    restLines: [...children].filter((n) => !placed.has(n)),
  };
}

/** The tab that holds `name` (a field or child table), or the last tab for one not placed. */
export function tabOf(view: LayoutView, name: string): number {
  const i = view.tabs.findIndex((t) =>
    t.sections.some((s) => s.rows.some((r) => r.some((c) => c.name === name))),
  );
  return i >= 0 ? i : view.tabs.length - 1;
}
