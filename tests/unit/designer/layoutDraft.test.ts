/** The layout editor's edits (renderers/designer/layoutDraft.ts): what drag and drop and the keys do. */
import { describe, expect, it } from 'vitest';
import type { FormLayout } from '../../../runtime/shared/layout';
import {
  addTab,
  changeSection,
  moveField,
  placeField,
  positionOf,
  removeField,
  removeTab,
  setSpan,
  startLayout,
  unplaced,
} from '../../../renderers/designer/layoutDraft';
import { withRows } from '../../../renderers/designer/draft';
import { rowsOf } from '../../../renderers/designer/fieldRows';
import { customer, shippedInvoice } from '../renderers/defs';

const base: FormLayout = {
  tabs: [
    {
      title: { fa: 'اصلی' },
      sections: [{ rows: [[{ field: 'code' }, { field: 'name' }], [{ field: 'city' }]] }],
    },
    { title: { fa: 'تماس' }, sections: [{ rows: [] }] },
  ],
};

describe('layoutDraft', () => {
  it('starts with one tab, fields two to a row, a long text and a lines grid on rows of their own', () => {
    const layout = startLayout(shippedInvoice, { fa: 'اصلی' });
    expect(layout.tabs).toHaveLength(1);
    const rows = layout.tabs[0]!.sections[0]!.rows;
    expect(rows[0]).toEqual([{ field: 'number' }, { field: 'customer' }]);
    expect(rows.some((r) => r.length === 1 && r[0]!.field === 'lines')).toBe(true);
    expect(unplaced(shippedInvoice, layout)).toEqual([]);
  });

  it('places a dragged field in a row, in a new row, and takes it from where it was', () => {
    const inRow = placeField(base, 'city', { tab: 0, section: 0, row: 0, index: 1 });
    expect(inRow.tabs[0]!.sections[0]!.rows).toEqual([
      [{ field: 'code' }, { field: 'city' }, { field: 'name' }],
    ]);
    const other = placeField(base, 'name', { tab: 1, section: 0 });
    expect(positionOf(other, 'name')).toEqual({ tab: 1, section: 0, row: 0, index: 0 });
    expect(other.tabs[0]!.sections[0]!.rows[0]).toEqual([{ field: 'code' }]);
    // a field not placed yet
    expect(positionOf(placeField(base, 'mobile', { tab: 1, section: 0 }), 'mobile')?.tab).toBe(1);
    // the original is untouched
    expect(base.tabs[0]!.sections[0]!.rows[0]).toHaveLength(2);
  });

  it('moves a field a row up or down with the keys; at an edge it takes a row of its own', () => {
    expect(moveField(base, 'city', -1).tabs[0]!.sections[0]!.rows).toEqual([
      [{ field: 'code' }, { field: 'name' }, { field: 'city' }],
    ]);
    expect(moveField(base, 'name', 1).tabs[0]!.sections[0]!.rows).toEqual([
      [{ field: 'code' }],
      [{ field: 'name' }, { field: 'city' }],
    ]);
    expect(moveField(base, 'code', -1).tabs[0]!.sections[0]!.rows).toEqual([
      [{ field: 'code' }],
      [{ field: 'name' }],
      [{ field: 'city' }],
    ]);
    expect(moveField(base, 'city', 1)).toBe(base);
  });

  it('sets a span within the grid, keeps it when the field moves, and takes a field out', () => {
    const spanned = setSpan(base, 'code', 20);
    expect(spanned.tabs[0]!.sections[0]!.rows[0]![0]).toEqual({ field: 'code', span: 12 });
    const moved = placeField(spanned, 'code', { tab: 1, section: 0 });
    expect(moved.tabs[1]!.sections[0]!.rows[0]).toEqual([{ field: 'code', span: 12 }]);
    const out = removeField(base, 'city');
    expect(out.tabs[0]!.sections[0]!.rows).toHaveLength(1);
    expect(unplaced(customer, out)).toContain('city');
  });

  it('adds and removes tabs (the last stays), folds only a foldable section', () => {
    expect(addTab(base, { fa: 'مالی' }).tabs.map((t) => t.title.fa)).toEqual(['اصلی', 'تماس', 'مالی']);
    expect(removeTab(removeTab(base, 1), 0).tabs).toHaveLength(1);
    const folded = changeSection(base, 0, 0, { collapsible: true, collapsed: true });
    expect(folded.tabs[0]!.sections[0]).toMatchObject({ collapsible: true, collapsed: true });
    expect(changeSection(folded, 0, 0, { collapsible: false }).tabs[0]!.sections[0]).not.toHaveProperty(
      'collapsed',
    );
  });

  it('the fields table renaming or removing a field keeps the layout in step', () => {
    const def = { ...customer, layout: base };
    const renamed = withRows(
      def,
      rowsOf(def).map((r) => (r.name === 'code' ? { ...r, name: 'customerCode' } : r)),
    );
    const removed = withRows(
      renamed,
      rowsOf(renamed).filter((r) => r.name !== 'city'),
    );
    expect(removed.layout!.tabs[0]!.sections[0]!.rows).toEqual([
      [{ field: 'customerCode' }, { field: 'name' }],
    ]);
  });
});
