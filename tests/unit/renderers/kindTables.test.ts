/** Every renderer layer has an entry for every field kind, and the form's widgets exist. */
import { describe, expect, it } from 'vitest';
import { SAMPLES } from '../../../renderers/designer/sampleRows';
import { LINE_EDITORS } from '../../../renderers/form/lines/lineColumns';
import { FORM_WIDGETS } from '../../../renderers/form/schema';
import { widgetRegistry } from '../../../renderers/form/widgets/registry';
import { GRID_FILTERS } from '../../../renderers/grid/columns';
import { PRINT_PLACES } from '../../../renderers/print/printData';
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
