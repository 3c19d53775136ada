/** Every renderer layer has an entry for every field kind, and the form's widgets exist. */
import { describe, expect, it } from 'vitest';
import { SAMPLES } from '../../../renderers/designer/sampleRows';
import { LINE_EDITORS } from '../../../renderers/form/lines/lineColumns';
import { FORM_WIDGETS } from '../../../renderers/form/schema';
import { widgetRegistry } from '../../../renderers/form/widgets/registry';
import { choiceModel, choicePasses, type ChoiceFilterParams } from '../../../renderers/grid/choiceModel';
import { buildColumnDefs, CHOICE_FILTER, GRID_FILTERS } from '../../../renderers/grid/columns';
import { PRINT_PLACES } from '../../../renderers/print/printData';
import type { EntityDefinition } from '../../../runtime/shared/definition';
import { FIELD_KINDS, KINDS } from '../../../runtime/shared/fieldKind';

const sorted = (o: object) => Object.keys(o).sort();

describe('kind tables of the renderers', () => {
  it('have exactly the kinds', () => {
    const kinds = [...FIELD_KINDS].sort();
    const tables = { KINDS, GRID_FILTERS, LINE_EDITORS, FORM_WIDGETS, PRINT_PLACES, SAMPLES };
    for (const [name, table] of Object.entries(tables)) expect([name, sorted(table)]).toEqual([name, kinds]);
  });

  it('name form widgets the registry has', () => {
    for (const kind of FIELD_KINDS)
      expect([kind, FORM_WIDGETS[kind].widget in widgetRegistry]).toEqual([kind, true]);
  });

  it('filter a kind in the list only when the kind has a filter family', () => {
    for (const kind of FIELD_KINDS)
      expect([kind, GRID_FILTERS[kind].filter === false]).toEqual([kind, KINDS[kind].filter === 'none']);
  });
});

describe('list filters of the new kinds', () => {
  const colors = { red: { fa: 'قرمز' }, blue: { fa: 'آبی' } };
  const definition: EntityDefinition = {
    name: 'kinds',
    module: 'common',
    title: { fa: 'نمونه' },
    displayField: 'colors',
    schema: {
      type: 'object',
      properties: {
        colors: { type: 'string' },
        share: { type: 'number' },
        weight: { type: 'number' },
        opensAt: { type: 'string', format: 'time' },
        photo: { type: 'string' },
      },
    },
    fields: {
      colors: {
        label: { fa: 'رنگ‌ها' },
        kind: 'multiEnum',
        enumLabels: colors,
        filterable: true,
        sortable: true,
      },
      share: { label: { fa: 'سهم' }, kind: 'percent', filterable: true, sortable: true },
      weight: { label: { fa: 'وزن' }, precision: 3, filterable: true },
      opensAt: { label: { fa: 'ساعت' }, filterable: true, sortable: true },
      photo: { label: { fa: 'عکس' }, kind: 'image', filterable: true, sortable: true },
    },
    list: { columns: ['colors', 'share', 'weight', 'opensAt', 'photo'] },
  };
  const cols = buildColumnDefs(definition, 'fa', (k) => k);
  const col = (id: string) => cols.find((c) => c.colId === id)!;

  it('filters a multi-select by one of its options (a set model), numbers by number, time as text', () => {
    expect(col('colors').filter).toBe(CHOICE_FILTER);
    const params = col('colors').filterParams as ChoiceFilterParams;
    expect(params.options).toEqual([
      { value: 'red', label: 'قرمز' },
      { value: 'blue', label: 'آبی' },
    ]);
    const model = choiceModel(params, 'blue');
    expect(model).toEqual({ filterType: 'set', values: ['blue'] });
    expect(choicePasses(model, 'red,blue')).toBe(true);
    expect(choicePasses(model, 'red')).toBe(false);
    expect(choicePasses(model, 'blueish')).toBe(false);
    expect(col('colors').sortable).toBe(false); // a list of values does not order
    expect(col('share').filter).toBe('agNumberColumnFilter');
    expect(col('weight').filter).toBe('agNumberColumnFilter');
    expect(col('opensAt').filter).toBe('agTextColumnFilter');
    expect(col('photo').filter).toBe(false);
    expect(col('photo').sortable).toBe(false);
    expect(col('share').type).toBe('rightAligned');
  });
});
