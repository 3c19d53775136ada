/**
 * A line's lookup fills (LookupSpec.fill, then fillFrom's related list) never overwrite what the
 * user typed: neither cells typed while the list's answer was on its way, nor cells typed before a
 * pick left as text resolved to its row (the user had moved on along the line).
 */
import type { ValueSetterParams } from 'ag-grid-community';
import { describe, expect, it } from 'vitest';
import type { ChildDefinition, EntityRow, LookupSpec } from '../../../runtime/shared/definition';
import type { GridLine } from '../../../renderers/form/lines/lines';
import type { LineLookups } from '../../../renderers/form/lines/lineLookup';
import { lookupColumn } from '../../../renderers/form/lines/lineLookupColumn';

const child: ChildDefinition = {
  label: { fa: 'اقلام' },
  schema: {
    type: 'object',
    properties: {
      item: { type: 'integer' },
      quantity: { type: 'number' },
      unitPrice: { type: 'integer' },
    },
  },
  fields: {},
};

const target: LookupSpec = {
  entity: 'inventory.item',
  displayField: 'name',
  fill: { unitPrice: 'price' },
  fillFrom: { entity: 'sales.priceList', lines: 'lines', key: 'item', fill: { unitPrice: 'price' } },
};

const sugar: EntityRow = { id: 7, version: 1, name: 'شکر', price: 496_000 };

/** A column over controllable lookups: resolve and the price list answer when the test says. */
function setUp() {
  let resolveText: (row: EntityRow | null) => void = () => {};
  let answerList: (values: Record<string, unknown> | null) => void = () => {};
  const lookups: LineLookups = {
    search: () => Promise.resolve([]),
    resolve: () =>
      new Promise((done) => {
        resolveText = (row) => done(row ? { id: row.id, text: String(row.name) } : null);
      }),
    rowOf: (_t, id) => (id === sugar.id ? sugar : undefined),
    textOf: () => undefined,
    load: () => {},
  };
  const col = lookupColumn(
    {
      child,
      lang: 'fa',
      readOnly: false,
      errorOf: () => '',
      onCellSet: () => {},
      lookups,
      fillFrom: () =>
        new Promise((done) => {
          answerList = done;
        }),
    },
    'item',
    target,
    'کالا',
  );
  const row: GridLine = { key: 'a', v: {} };
  const setter = col.valueSetter;
  if (typeof setter !== 'function') throw new Error('a lookup column sets its value by a function');
  const set = (newValue: unknown) =>
    setter({ data: row, newValue, oldValue: row.v.item } as ValueSetterParams<GridLine>);
  return {
    row,
    set,
    resolve: (r: EntityRow | null) => resolveText(r),
    answer: (v: Record<string, unknown> | null) => answerList(v),
  };
}

const settle = () => new Promise((done) => setTimeout(done, 0));

describe('a line lookup fills what the user left empty', () => {
  it('a pick fills the price, and the price list answers over it while the cell is untouched', async () => {
    const t = setUp();
    t.set(sugar.id);
    expect(t.row.v.unitPrice).toBe(496_000);
    t.answer({ unitPrice: 450_000 });
    await settle();
    expect(t.row.v.unitPrice).toBe(450_000);
  });

  it('a price typed while the price list was asked stays', async () => {
    const t = setUp();
    t.set(sugar.id);
    t.row.v = { ...t.row.v, unitPrice: 1200 };
    t.answer({ unitPrice: 450_000 });
    await settle();
    expect(t.row.v.unitPrice).toBe(1200);
  });

  it('text resolved after the user typed quantity and price: the item is taken, the typed cells stay', async () => {
    const t = setUp();
    expect(t.set('شکر')).toBe(false);
    // the user moved on along the line before the text resolved
    t.row.v = { ...t.row.v, quantity: 2, unitPrice: 1200 };
    t.resolve(sugar);
    await settle();
    expect(t.row.v).toEqual({ item: 7, quantity: 2, unitPrice: 1200 });
    t.answer({ unitPrice: 450_000 });
    await settle();
    expect(t.row.v.unitPrice).toBe(1200);
  });

  it('a new line’s defaults are not typed: a late-resolved pick fills over them', async () => {
    const t = setUp();
    t.row.v = { quantity: 1, unitPrice: 0 };
    t.set('شکر');
    t.resolve(sugar);
    await settle();
    expect(t.row.v).toEqual({ item: 7, quantity: 1, unitPrice: 496_000 });
    t.answer({ unitPrice: 450_000 });
    await settle();
    expect(t.row.v.unitPrice).toBe(450_000);
  });

  it('text resolved before the price was typed fills it, from the item and then the price list', async () => {
    const t = setUp();
    t.set('شکر');
    t.resolve(sugar);
    await settle();
    expect(t.row.v).toEqual({ item: 7, unitPrice: 496_000 });
    t.answer({ unitPrice: 450_000 });
    await settle();
    expect(t.row.v.unitPrice).toBe(450_000);
  });
});
