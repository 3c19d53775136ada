/** The pure part of LookupSpec.fillFrom (runtime/shared/fillFrom.ts), on the invoice's price-list declaration. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { EntityDefinition, FillFromSpec } from '../../../runtime/shared/definition';
import { fillFromLines, fillFromOrder, fillFromRequest } from '../../../runtime/shared/fillFrom';

const invoice = JSON.parse(readFileSync('schemas/sales/invoice.json', 'utf8')) as EntityDefinition;
const spec = invoice.children!.lines!.fields.item!.lookup!.fillFrom as FillFromSpec;

describe('fill from a related list', () => {
  it('asks for the active lists of the customer or of everyone, valid at the date, latest first', () => {
    const request = fillFromRequest(spec, { customer: 8, date: '2026-11-25' });
    expect(request.sortModel).toEqual([{ colId: 'validFrom', sort: 'desc' }]);
    expect(request.filterModel).toEqual({
      customer: {
        filterType: 'number',
        operator: 'OR',
        conditions: [
          { filterType: 'number', type: 'blank' },
          { filterType: 'number', type: 'equals', filter: 8 },
        ],
      },
      // no group on the document: lists of no group only
      customerGroup: { filterType: 'text', type: 'blank' },
      active: { filterType: 'boolean', type: 'true' },
      validFrom: { filterType: 'date', type: 'inRange', dateFrom: '0001-01-01', dateTo: '2026-11-25' },
      validTo: {
        filterType: 'date',
        operator: 'OR',
        conditions: [
          { filterType: 'date', type: 'blank' },
          { filterType: 'date', type: 'inRange', dateFrom: '2026-11-25', dateTo: '9999-12-31' },
        ],
      },
    });
    // no customer chosen yet: the general lists only; no date: any date
    const bare = fillFromRequest(spec, {});
    expect(bare.filterModel).toEqual({
      customer: { filterType: 'text', type: 'blank' },
      customerGroup: { filterType: 'text', type: 'blank' },
      active: { filterType: 'boolean', type: 'true' },
    });
  });

  it("tries the customer's own list before a general one, each kind latest first", () => {
    const lists = [
      { id: 1, customer: null, validFrom: '2026-06-01' },
      { id: 2, customer: 8, validFrom: '2026-03-21' },
      { id: 3, customer: null, validFrom: '2026-03-21' },
      { id: 4, customer: 8, validFrom: '2026-01-01' },
    ];
    expect(fillFromOrder(spec, lists, { customer: 8 }).map((l) => l.id)).toEqual([2, 4, 1, 3]);
    expect(fillFromOrder(spec, lists, { customer: 5 }).map((l) => l.id)).toEqual([1, 2, 3, 4]);
  });

  it("tries the customer's own list, then its group's, then a general one (the match fields in order)", () => {
    const lists = [
      { id: 1, customer: null, customerGroup: null, validFrom: '2026-06-01' },
      { id: 2, customer: null, customerGroup: 'wholesale', validFrom: '2026-06-01' },
      { id: 3, customer: 8, customerGroup: null, validFrom: '2026-03-21' },
      { id: 4, customer: null, customerGroup: 'wholesale', validFrom: '2026-03-21' },
    ];
    const doc = { customer: 8, customerGroup: 'wholesale' };
    expect(fillFromOrder(spec, lists, doc).map((l) => l.id)).toEqual([3, 2, 4, 1]);
    expect(fillFromOrder(spec, lists, { customer: 5, customerGroup: 'wholesale' }).map((l) => l.id)).toEqual([
      2, 4, 1, 3,
    ]);
    expect(fillFromRequest(spec, doc).filterModel?.customerGroup).toEqual({
      filterType: 'text',
      operator: 'OR',
      conditions: [
        { filterType: 'text', type: 'blank' },
        { filterType: 'text', type: 'equals', filter: 'wholesale' },
      ],
    });
  });

  it("fills from the list's line of the picked row, or nothing when the list lacks it", () => {
    const lines = [
      { id: 10, item: 3, price: 461000 },
      { id: 11, item: 4, price: 0 },
    ];
    expect(fillFromLines(spec, lines, 3)).toEqual({ unitPrice: 461000 });
    // a price of 0 is a price
    expect(fillFromLines(spec, lines, 4)).toEqual({ unitPrice: 0 });
    expect(fillFromLines(spec, lines, 5)).toBeNull();
    expect(fillFromLines(spec, undefined, 3)).toBeNull();
  });
});
