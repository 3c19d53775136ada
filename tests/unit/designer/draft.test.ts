import { describe, expect, it } from 'vitest';
import { applyRows, rowProblems, rowsOf } from '../../../renderers/designer/fieldRows';
import { emptyDefinition, withRows } from '../../../renderers/designer/draft';
import type { EntityDefinition } from '../../../runtime/shared/definition';
import customerJson from '../../../schemas/sales/customer.json';

const customer = customerJson as unknown as EntityDefinition;

describe('designer fields table rows', () => {
  it('reads and writes a shipped definition without changing it', () => {
    const back = applyRows(customer, rowsOf(customer));
    expect(back.schema).toEqual(customer.schema);
    expect(back.fields).toEqual(customer.fields);
  });

  it('maps kinds, lookups and money to the schema', () => {
    const def = emptyDefinition('common', 'thing');
    const rows = rowsOf(def);
    rows.push(
      { ...rows[0]!, name: 'due', kind: 'date', labelFa: 'سررسید', required: false },
      { ...rows[0]!, name: 'price', kind: 'integer', money: true, labelFa: 'قیمت', required: false },
      {
        ...rows[0]!,
        name: 'item',
        kind: 'string',
        lookup: 'inventory.item',
        lookupDisplay: '',
        labelFa: 'کالا',
        required: true,
      },
    );
    const next = applyRows(def, rows);
    expect(next.schema.properties.due).toEqual({ type: 'string', format: 'date' });
    expect(next.fields.price).toMatchObject({ money: true });
    expect(next.schema.properties.item!.type).toBe('integer');
    expect(next.fields.item!.lookup).toEqual({ entity: 'inventory.item', displayField: 'name' });
    expect(next.schema.required).toEqual(['title', 'item']);
  });

  it('keeps constraints of an unchanged type and drops them on a new type', () => {
    const rows = rowsOf(customer);
    const code = rows.findIndex((r) => r.name === 'code');
    rows[code] = { ...rows[code]!, labelFa: 'کد' };
    expect(applyRows(customer, rows).schema.properties.code).toEqual(customer.schema.properties.code);
    rows[code] = { ...rows[code]!, kind: 'integer' };
    expect(applyRows(customer, rows).schema.properties.code).toEqual({ type: 'integer' });
  });

  it('reports invalid, reserved and duplicate names and missing Persian labels', () => {
    const rows = rowsOf(customer);
    rows[0] = { ...rows[0]!, name: 'Code' };
    rows[1] = { ...rows[1]!, name: 'version' };
    rows[2] = { ...rows[2]!, name: 'city' };
    rows[3] = { ...rows[3]!, labelFa: ' ' };
    const problems = rowProblems(rows);
    expect(problems.get(0)).toEqual(['nameInvalid']);
    expect(problems.get(1)).toEqual(['nameReserved']);
    expect(problems.get(5)).toEqual(['nameDuplicate']);
    expect(problems.get(3)).toEqual(['labelMissing']);
    expect(rowProblems(rowsOf(customer)).size).toBe(0);
  });
});

describe('designer draft edits', () => {
  it('a renamed field is renamed in the list, the sort, the display field and the form order', () => {
    const rows = rowsOf(customer).map((r) => (r.name === 'code' ? { ...r, name: 'customerCode' } : r));
    const next = withRows(customer, rows);
    expect(next.list.columns[0]).toBe('customerCode');
    expect(next.list.defaultSort).toEqual([{ colId: 'customerCode', sort: 'asc' }]);
    expect((next.uiSchema!['ui:order'] as string[])[0]).toBe('customerCode');
    const renamedDisplay = withRows(
      customer,
      rowsOf(customer).map((r) => (r.name === 'name' ? { ...r, name: 'fullName' } : r)),
    );
    expect(renamedDisplay.displayField).toBe('fullName');
  });

  it('a removed field leaves the list, the form order and its widget', () => {
    const next = withRows(
      customer,
      rowsOf(customer).filter((r) => r.name !== 'creditLimit'),
    );
    expect(next.list.columns).not.toContain('creditLimit');
    expect(next.uiSchema!['ui:order']).not.toContain('creditLimit');
    expect(next.uiSchema!.creditLimit).toBeUndefined();
    expect(next.uiSchema!.nationalCode).toEqual({ 'ui:widget': 'nationalCode' });
  });
});
