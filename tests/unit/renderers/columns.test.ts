import type { ColDef } from 'ag-grid-community';
import { describe, expect, it } from 'vitest';
import type { EntityRow } from '../../../runtime/shared/definition';
import { buildColumnDefs, CHOICE_FILTER } from '../../../renderers/grid/columns';
import { choiceModel, choicePasses } from '../../../renderers/grid/choiceModel';
import { customer, vendor } from './defs';

const t = (key: string) =>
  ({ 'grid.yes': 'بله', 'grid.no': 'خیر', 'grid.all': 'همه', 'grid.dateInput': 'تاریخ' })[key] ?? key;

function format(col: ColDef<EntityRow> | undefined, value: unknown): string {
  const formatter = col?.valueFormatter;
  if (typeof formatter !== 'function') throw new Error('no formatter');
  return formatter({ value } as Parameters<typeof formatter>[0]);
}

describe('buildColumnDefs', () => {
  const cols = buildColumnDefs(customer, 'fa', t);
  const byId = (id: string) => cols.find((c) => c.colId === id);

  it('follows list.columns with headers in the language', () => {
    expect(cols.map((c) => c.colId)).toEqual(customer.list.columns);
    expect(byId('code')?.headerName).toBe('کد مشتری');
    expect(buildColumnDefs(customer, 'en', t)[0]?.headerName).toBe('Customer code');
  });

  it('chooses the filter by field type', () => {
    expect(byId('code')?.filter).toBe('agTextColumnFilter');
    expect(byId('creditLimit')?.filter).toBe('agNumberColumnFilter');
    expect(byId('registeredOn')?.filter).toBe('agDateColumnFilter');
    expect(byId('active')?.filter).toBe(CHOICE_FILTER);
    expect(byId('registeredOn')?.filterParams).toMatchObject({ lang: 'fa', dateLabel: 'تاریخ' });
    expect(byId('active')?.filterParams).toEqual({
      filterType: 'boolean',
      allLabel: 'همه',
      options: [
        { value: true, label: 'بله' },
        { value: false, label: 'خیر' },
      ],
    });
    expect(byId('customerType')?.filter).toBe(CHOICE_FILTER);
    expect(byId('customerType')?.filterParams).toEqual({
      filterType: 'text',
      allLabel: 'همه',
      options: [
        { value: 'person', label: 'حقیقی' },
        { value: 'company', label: 'حقوقی' },
      ],
    });
    expect(buildColumnDefs(vendor, 'fa').find((c) => c.colId === 'phone')?.filter).toBe(false); // not filterable
  });

  it('leaves the default sort to the datasource (no header sort state) and sorting opt-in', () => {
    expect(cols.some((c) => c.initialSort || c.sort)).toBe(false);
    expect(byId('name')?.sortable).toBe(true);
    expect(byId('customerType')?.sortable).toBe(false); // sorting is opt-in per field
  });

  it('formats cells for Persian readers', () => {
    expect(format(byId('creditLimit'), 250000000)).toBe('۲۵۰٬۰۰۰٬۰۰۰');
    expect(format(byId('registeredOn'), '2026-11-22')).toBe('۱۴۰۵/۰۹/۰۱');
    expect(format(byId('active'), true)).toBe('بله');
    expect(format(byId('active'), false)).toBe('خیر');
    expect(format(byId('customerType'), 'company')).toBe('حقوقی');
    expect(format(byId('mobile'), '09121234567')).toBe('۰۹۱۲۱۲۳۴۵۶۷');
    expect(format(byId('city'), null)).toBe('');
  });

  it('keeps Western digits and Gregorian-free Jalali in English', () => {
    const en = buildColumnDefs(customer, 'en', t);
    expect(
      format(
        en.find((c) => c.colId === 'creditLimit'),
        1500,
      ),
    ).toBe('1,500');
    expect(
      format(
        en.find((c) => c.colId === 'registeredOn'),
        '2026-11-22',
      ),
    ).toBe('1405/09/01');
    expect(
      format(
        en.find((c) => c.colId === 'customerType'),
        'person',
      ),
    ).toBe('Person');
  });
});

describe('choice filter models (what the server filter helper receives)', () => {
  const bool = { filterType: 'boolean' as const, options: [] };
  const enumParams = { filterType: 'text' as const, options: [] };

  it('builds boolean and enum equals models, or none for "all"', () => {
    expect(choiceModel(bool, false)).toEqual({ filterType: 'boolean', type: 'equals', filter: false });
    expect(choiceModel(enumParams, 'company')).toEqual({
      filterType: 'text',
      type: 'equals',
      filter: 'company',
    });
    expect(choiceModel(bool, null)).toBeNull();
  });

  it('checks rows the same way', () => {
    expect(choicePasses(choiceModel(bool, true), true)).toBe(true);
    expect(choicePasses(choiceModel(bool, true), false)).toBe(false);
    expect(choicePasses(choiceModel(enumParams, 'person'), 'person')).toBe(true);
    expect(choicePasses(null, 'anything')).toBe(true);
  });
});
