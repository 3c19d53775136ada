/**
 * Grid cells drawn by a renderer of their own rather than the kind's text, chosen by the field's
 * uiSchema widget (the same name the form's widget registry uses), else by the field's meta (an
 * enum with `enumColors` is drawn as a coloured tag). A new one is an entry of CELL_VIEWS. (The grid
 * is AG Grid's own DOM, createGrid: renderers are AG Grid components.)
 */
import type { ColDef, ICellRendererComp, ICellRendererParams } from 'ag-grid-community';
import type { EntityDefinition, EntityRow, Lang } from '../../runtime/shared/definition';
import { fieldColor, hasColors, widgetOf, type KindSource } from '../../runtime/shared/fieldKind';
import { loadDefinition } from '../../runtime/meta/loaders';
import { diffRows, diffSummary, NO_FIELDS, parseDiff } from '../history/diffRows';

type Options = Record<string, unknown>;
/** What every cell view is given: the column's ui:options, the language, its field and definition. */
type CellParams = ICellRendererParams<EntityRow> & {
  options: Options;
  lang: Lang;
  field: string;
  definition: EntityDefinition;
};

/**
 * An audit entry's change on one line, «label: before ← after» with the audited entity's labels
 * and display values (`ui:options.entityField` names the field holding its key, default
 * entityKey). Drawn at once with the names as stored, then again when the definition (cached
 * like any screen's) is here.
 */
class AuditDiffCell implements ICellRendererComp<EntityRow> {
  private el = document.createElement('span');
  private shown = 0;
  init(p: CellParams): void {
    this.refresh(p);
  }
  getGui(): HTMLElement {
    return this.el;
  }
  refresh(p: CellParams): boolean {
    const draw = (source: KindSource) => {
      const diff = parseDiff(p.value);
      const text = diff ? diffSummary(diffRows(source, diff, p.lang), p.lang) : '';
      this.el.textContent = text;
      this.el.title = text;
    };
    draw(NO_FIELDS);
    const field = typeof p.options.entityField === 'string' ? p.options.entityField : 'entityKey';
    const key = p.data?.[field];
    const dot = typeof key === 'string' ? key.indexOf('.') : -1;
    if (typeof key === 'string' && dot > 0) {
      const run = ++this.shown;
      loadDefinition(key.slice(0, dot), key.slice(dot + 1)).then(
        (def) => run === this.shown && draw(def),
        () => undefined, // an entity the user may not open: the names stay as stored
      );
    }
    return true;
  }
}

/**
 * A value the definition colours (FieldMeta.enumColors) as a tag in the colours of Fluent's tint
 * Badge (gridTheme.css `.erp-tag--{colour}`), its text the kind's display text; a value without a
 * colour is plain text.
 */
class TagCell implements ICellRendererComp<EntityRow> {
  private el = document.createElement('span');
  init(p: CellParams): void {
    this.refresh(p);
  }
  getGui(): HTMLElement {
    return this.el;
  }
  refresh(p: CellParams): boolean {
    const text = p.valueFormatted ?? (p.value === null || p.value === undefined ? '' : String(p.value));
    const color = fieldColor(p.definition, p.field, p.value);
    this.el.textContent = text;
    this.el.className = color ? `erp-tag erp-tag--${color}` : '';
    if (color) this.el.dataset.color = color;
    else delete this.el.dataset.color;
    return true;
  }
}

export const CELL_VIEWS: Record<string, new () => ICellRendererComp<EntityRow>> = {
  auditDiff: AuditDiffCell,
  tag: TagCell,
};

/** The cell view of a field: its uiSchema widget's, else `tag` for a field colouring its values. */
function cellViewOf(definition: EntityDefinition, name: string): string {
  const widget = widgetOf(definition.uiSchema, name);
  if (CELL_VIEWS[widget]) return widget;
  return hasColors(definition, name) ? 'tag' : '';
}

/** The columns with a cell view get it as their cell renderer. */
export function withCellViews(
  columns: ColDef<EntityRow>[],
  definition: EntityDefinition,
  lang: Lang,
): ColDef<EntityRow>[] {
  return columns.map((col) => {
    const name = col.colId ?? '';
    const view = CELL_VIEWS[cellViewOf(definition, name)];
    if (!view) return col;
    const entry = definition.uiSchema?.[name] as Record<string, unknown> | undefined;
    const options = (entry?.['ui:options'] ?? {}) as Options;
    return { ...col, cellRenderer: view, cellRendererParams: { options, lang, field: name, definition } };
  });
}
