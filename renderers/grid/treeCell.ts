/**
 * Tree lists (definition `list.tree`): the first column of the grid is indented by the row's
 * level, so a list sorted by a hierarchical code (1, 11, 1101, 12 …) reads as a tree.
 */
import type { ColDef, ICellRendererComp, ICellRendererParams } from 'ag-grid-community';
import type { EntityDefinition, EntityRow } from '../../runtime/shared/definition';

export const TREE_INDENT_PX = 20;
export const TREE_CELL_CLASS = 'erp-tree-cell';

/** Indentation of a row by its level (1 = top, no indentation). */
export function treeIndent(level: unknown): number {
  const n = Number(level);
  return Number.isFinite(n) && n > 1 ? Math.min(n - 1, 10) * TREE_INDENT_PX : 0;
}

type TreeParams = ICellRendererParams<EntityRow> & { levelField: string };

export class TreeCellRenderer implements ICellRendererComp<EntityRow> {
  private el = document.createElement('span');
  init(p: TreeParams): void {
    this.el.className = TREE_CELL_CLASS;
    this.refresh(p);
  }
  getGui(): HTMLElement {
    return this.el;
  }
  refresh(p: TreeParams): boolean {
    const level = p.data?.[p.levelField];
    this.el.style.paddingInlineStart = `${treeIndent(level)}px`;
    this.el.style.fontWeight = Number(level) === 1 ? '600' : '';
    this.el.setAttribute('aria-level', String(Number(level) || 1));
    this.el.textContent = p.valueFormatted ?? (p.value == null ? '' : String(p.value));
    return true;
  }
}

/**
 * Column settings for the tree column (the first list column), or {} for other columns: twice the
 * share of the others and room for a name under two indents (a chart's names were cut at 110 px).
 */
export function treeColumn(definition: EntityDefinition, name: string): Partial<ColDef<EntityRow>> {
  const tree = definition.list.tree;
  if (!tree || definition.list.columns[0] !== name) return {};
  return {
    cellRenderer: TreeCellRenderer,
    cellRendererParams: { levelField: tree.levelField },
    flex: 2,
    minWidth: 220,
  };
}
