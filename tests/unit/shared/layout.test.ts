/** The form layout's checks (what publish refuses) and its mapping to what the form draws. */
import { describe, expect, it } from 'vitest';
import type { EntityDefinition } from '../../../runtime/shared/definition';
import {
  layoutProblems,
  resolveLayout,
  rowSpans,
  tabOf,
  type FormLayout,
} from '../../../runtime/shared/layout';
import { customer, shippedInvoice } from '../renderers/defs';

const withLayout = (def: EntityDefinition, layout: FormLayout): EntityDefinition => ({ ...def, layout });

const twoTabs: FormLayout = {
  tabs: [
    {
      title: { fa: 'اصلی', en: 'Main' },
      sections: [
        {
          title: { fa: 'شناسه' },
          rows: [[{ field: 'code', span: 4 }, { field: 'name' }], [{ field: 'customerType' }]],
        },
      ],
    },
    {
      title: { fa: 'تماس' },
      sections: [
        {
          title: { fa: 'نشانی' },
          collapsible: true,
          collapsed: true,
          rows: [[{ field: 'city' }, { field: 'address' }]],
        },
      ],
    },
  ],
};

describe('layoutProblems (checked on publish)', () => {
  it('accepts a layout naming fields of the entity once each, fields left out allowed', () => {
    expect(layoutProblems(withLayout(customer, twoTabs))).toEqual([]);
    expect(layoutProblems(customer)).toEqual([]);
  });

  it('refuses a name that is no field or child table, and system fields', () => {
    const bad = structuredClone(twoTabs);
    bad.tabs[0]!.sections[0]!.rows.push([{ field: 'nosuch' }, { field: 'version' }]);
    expect(layoutProblems(withLayout(customer, bad))).toEqual([
      { path: '/layout/tabs/0/sections/0/rows/2/0/field', key: 'unknownField', params: { field: 'nosuch' } },
      { path: '/layout/tabs/0/sections/0/rows/2/1/field', key: 'unknownField', params: { field: 'version' } },
    ]);
  });

  it('refuses a field placed twice, at its second place', () => {
    const bad = structuredClone(twoTabs);
    bad.tabs[1]!.sections[0]!.rows[0]!.push({ field: 'code' });
    expect(layoutProblems(withLayout(customer, bad))).toEqual([
      { path: '/layout/tabs/1/sections/0/rows/0/2/field', key: 'duplicateField', params: { field: 'code' } },
    ]);
  });

  it('refuses a span wider than the grid (4 columns)', () => {
    const bad: FormLayout = {
      columns: 4,
      tabs: [{ title: { fa: 'الف' }, sections: [{ rows: [[{ field: 'code', span: 6 }]] }] }],
    };
    expect(layoutProblems(withLayout(customer, bad)).map((p) => p.key)).toEqual(['badSpan']);
  });

  it('a child table is placeable (the lines grid)', () => {
    const layout: FormLayout = {
      tabs: [{ title: { fa: 'الف' }, sections: [{ rows: [[{ field: 'lines' }]] }] }],
    };
    expect(layoutProblems(withLayout(shippedInvoice, layout))).toEqual([]);
  });
});

describe('rowSpans', () => {
  it('keeps given spans and shares the rest of the 12 columns', () => {
    expect(rowSpans([{ field: 'a', span: 4 }, { field: 'b' }], 12)).toEqual([4, 8]);
    expect(rowSpans([{ field: 'a' }, { field: 'b' }, { field: 'c' }], 12)).toEqual([4, 4, 4]);
    expect(rowSpans([{ field: 'a' }, { field: 'b' }], 4)).toEqual([2, 2]);
    // never below one column
    expect(rowSpans([{ field: 'a', span: 12 }, { field: 'b' }], 12)).toEqual([12, 1]);
  });
});

describe('resolveLayout (the layout → form mapping)', () => {
  const fields = Object.keys(customer.schema.properties).filter((n) => !['id', 'version'].includes(n));

  it('none without a layout: the form as before', () => {
    expect(resolveLayout(customer, fields, 'fa')).toBeNull();
  });

  it('titles in the language, spans, folding, and the fields left out after the layout in order', () => {
    const view = resolveLayout(withLayout(customer, twoTabs), fields, 'en')!;
    expect(view.columns).toBe(12);
    expect(view.tabs.map((t) => t.title)).toEqual(['Main', 'تماس']);
    expect(view.tabs[0]!.sections[0]!.rows).toEqual([
      [
        { name: 'code', span: 4, lines: false },
        { name: 'name', span: 8, lines: false },
      ],
      [{ name: 'customerType', span: 12, lines: false }],
    ]);
    expect(view.tabs[1]!.sections[0]).toMatchObject({ title: 'نشانی', collapsible: true, collapsed: true });
    expect(view.rest).toEqual(
      fields.filter((n) => !['code', 'name', 'customerType', 'city', 'address'].includes(n)),
    );
    expect(tabOf(view, 'city')).toBe(1);
    // a field left out is shown on the last tab
    expect(tabOf(view, 'mobile')).toBe(1);
  });

  it('drops unknown and repeated cells, folds only a foldable section', () => {
    const layout: FormLayout = {
      tabs: [
        {
          title: { fa: 'الف' },
          sections: [
            { collapsed: true, rows: [[{ field: 'code' }, { field: 'nosuch' }, { field: 'code' }]] },
          ],
        },
      ],
    };
    const view = resolveLayout(withLayout(customer, layout), fields, 'fa')!;
    expect(view.tabs[0]!.sections[0]!.rows).toEqual([[{ name: 'code', span: 12, lines: false }]]);
    expect(view.tabs[0]!.sections[0]!.collapsed).toBe(false);
  });

  it('a child table takes a row of its own where it is placed; one not placed stays after the form', () => {
    const invoiceFields = Object.keys(shippedInvoice.schema.properties);
    const layout: FormLayout = {
      tabs: [
        {
          title: { fa: 'الف' },
          sections: [{ rows: [[{ field: 'customer' }, { field: 'lines' }, { field: 'date' }]] }],
        },
      ],
    };
    const view = resolveLayout(withLayout(shippedInvoice, layout), invoiceFields, 'fa')!;
    expect(view.tabs[0]!.sections[0]!.rows).toEqual([
      [{ name: 'customer', span: 12, lines: false }],
      [{ name: 'lines', span: 12, lines: true }],
      [{ name: 'date', span: 12, lines: false }],
    ]);
    expect(view.restLines).toEqual([]);
    expect(
      resolveLayout(withLayout(shippedInvoice, twoTabsOf('customer')), invoiceFields, 'fa')!.restLines,
    ).toEqual(['lines']);
  });
});

function twoTabsOf(field: string): FormLayout {
  return { tabs: [{ title: { fa: 'الف' }, sections: [{ rows: [[{ field }]] }] }] };
}
