import { describe, expect, it } from 'vitest';
import type { EntityDefinition } from '../../../runtime/shared/definition';
import accountJson from '../../../schemas/accounting/account.json';
import { buildColumnDefs } from '../../../renderers/grid/columns';
import { TREE_INDENT_PX, TreeCellRenderer, treeIndent } from '../../../renderers/grid/treeCell';

const account = accountJson as unknown as EntityDefinition;

describe('tree lists (list.tree)', () => {
  it('indents by level: none at the top, one step per level below', () => {
    expect(treeIndent(1)).toBe(0);
    expect(treeIndent(3)).toBe(2 * TREE_INDENT_PX);
    expect(treeIndent(undefined)).toBe(0);
  });

  it('the chart of accounts shows its first column as the tree, other columns as usual', () => {
    const cols = buildColumnDefs(account, 'fa');
    expect(cols[0]!.colId).toBe(account.list.columns[0]);
    expect(cols[0]!.cellRenderer).toBe(TreeCellRenderer);
    expect(cols[0]!.cellRendererParams).toEqual({ levelField: 'level' });
    expect(cols.slice(1).every((c) => c.cellRenderer === undefined)).toBe(true);
  });

  it('the cell carries its level and text', () => {
    const cell = new TreeCellRenderer();
    cell.init({
      data: { id: 5, version: 1, level: 3 },
      valueFormatted: 'صندوق',
      levelField: 'level',
    } as never);
    const el = cell.getGui();
    expect(el.textContent).toBe('صندوق');
    expect(el.getAttribute('aria-level')).toBe('3');
    expect(el.style.paddingInlineStart).toBe(`${2 * TREE_INDENT_PX}px`);
  });
});
