import type { ColDef } from 'ag-grid-community';
import { describe, expect, it } from 'vitest';
import type { EntityDefinition, EntityRow } from '../../../runtime/shared/definition';
import { buildColumnDefs } from '../../../renderers/grid/columns';
import { LOOKUP_FILTER, type LookupFilterParams } from '../../../renderers/grid/LookupFilter';

const invoice: EntityDefinition = {
  name: 'invoice',
  module: 'sales',
  title: { fa: 'فاکتور' },
  displayField: 'number',
  schema: {
    type: 'object',
    properties: { number: { type: 'string' }, customer: { type: 'integer' } },
  },
  fields: {
    number: { label: { fa: 'شماره' }, sortable: true, filterable: true },
    customer: {
      label: { fa: 'مشتری' },
      lookup: { entity: 'sales.customer', displayField: 'name' },
      sortable: true,
      filterable: true,
    },
  },
  list: { columns: ['number', 'customer'] },
};

function cell(col: ColDef<EntityRow> | undefined, data: Partial<EntityRow>): string {
  const formatter = col?.valueFormatter;
  if (typeof formatter !== 'function') throw new Error('no formatter');
  return formatter({ value: data.customer, data } as Parameters<typeof formatter>[0]);
}

describe('lookup columns of the grid', () => {
  const col = buildColumnDefs(invoice, 'fa').find((c) => c.colId === 'customer');

  it('shows the display text GetList sent beside the id (customer__display)', () => {
    expect(cell(col, { id: 1, version: 1, customer: 7, customer__display: 'شرکت آلفا ۲' })).toBe(
      'شرکت آلفا ۲',
    );
    expect(cell(col, { id: 1, version: 1, customer: 7, customer__display: 'Shop 12' })).toBe('Shop ۱۲');
  });

  it('falls back to the id (Persian digits) when no text was sent (no view permission, out of scope)', () => {
    expect(cell(col, { id: 1, version: 1, customer: 42 })).toBe('۴۲');
    expect(cell(col, { id: 1, version: 1 })).toBe('');
  });

  it('sorts (by display text, on the server); filters by a picked record only when it can search', () => {
    expect(col?.sortable).toBe(true);
    // no search of the customers given: no filter (an id typed by hand finds nothing people know)
    expect(col?.filter).toBe(false);
    const searched: string[] = [];
    const withSearch = buildColumnDefs(
      invoice,
      'fa',
      (k) => k,
      (target) => async (text) => {
        searched.push(`${target.entity}:${text}`);
        return [];
      },
    ).find((c) => c.colId === 'customer');
    expect(withSearch?.filter).toBe(LOOKUP_FILTER);
    void (withSearch?.filterParams as LookupFilterParams).search('۱۰');
    expect(searched).toEqual(['sales.customer:۱۰']);
    const number = buildColumnDefs(invoice, 'fa').find((c) => c.colId === 'number');
    expect(number?.sortable).toBe(true);
    expect(number?.filter).toBe('agTextColumnFilter');
  });
});
