/** Publish's cross-check of a lookup's related list (server/lowcode/lookupCheck.ts fillFromProblems). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { EntityDefinition, LookupSpec } from '../../../runtime/shared/definition';
import { fillFromProblems } from '../../../server/lowcode/lookupCheck';

const load = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as EntityDefinition;
const invoice = load('schemas/sales/invoice.json');
const priceList = load('schemas/sales/priceList.json');
const lines = invoice.children!.lines!;
const lookup = lines.fields.item!.lookup!;

describe('fillFrom on publish', () => {
  it("the shipped invoice line's price list passes", () => {
    expect(fillFromProblems('/x', lookup, priceList, lines.fields, invoice)).toEqual([]);
  });

  it('names each unknown entity, table and field by its path', () => {
    expect(fillFromProblems('/x', lookup, undefined, lines.fields, invoice)).toEqual([
      { path: '/x/fillFrom/entity', message: "unknown entity 'sales.priceList'" },
    ]);
    const wrong: LookupSpec = {
      ...lookup,
      fillFrom: {
        ...lookup.fillFrom!,
        key: 'product',
        match: { buyer: 'customer', customer: 'client' },
        validity: { from: 'validFrom', to: 'until', at: 'date' },
        active: 'enabled',
        fill: { cost: 'price', unitPrice: 'amount' },
      },
    };
    expect(fillFromProblems('/x', wrong, priceList, lines.fields, invoice).map((p) => p.path)).toEqual([
      '/x/fillFrom/key',
      '/x/fillFrom/fill/cost',
      '/x/fillFrom/fill/unitPrice',
      '/x/fillFrom/match/buyer',
      '/x/fillFrom/match/customer',
      '/x/fillFrom/validity/to',
      '/x/fillFrom/active',
    ]);
    const noTable: LookupSpec = { ...lookup, fillFrom: { ...lookup.fillFrom!, lines: 'rows' } };
    expect(fillFromProblems('/x', noTable, priceList, lines.fields, invoice)).toEqual([
      { path: '/x/fillFrom/lines', message: "unknown table 'rows'" },
    ]);
  });
});
