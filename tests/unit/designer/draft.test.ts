import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  applyRows,
  FIELD_KINDS,
  rowProblems,
  rowsOf,
  type FieldKind,
  type FieldRow,
} from '../../../renderers/designer/fieldRows';
import { kindMismatch, kindOf } from '../../../runtime/shared/fieldKind';
import { emptyDefinition, withRows } from '../../../renderers/designer/draft';
import type { EntityDefinition } from '../../../runtime/shared/definition';
import customerJson from '../../../schemas/sales/customer.json';

const customer = customerJson as unknown as EntityDefinition;

function shippedDefinitions(dir = join(__dirname, '../../../schemas')): EntityDefinition[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return shippedDefinitions(path);
    if (!e.name.endsWith('.json') || e.name.endsWith('.schema.json')) return [];
    const def = JSON.parse(readFileSync(path, 'utf8')) as EntityDefinition;
    return def.schema ? [def] : [];
  });
}

describe('designer fields table rows', () => {
  it('reads and writes a shipped definition without changing it', () => {
    const back = applyRows(customer, rowsOf(customer));
    expect(back.schema).toEqual(customer.schema);
    expect(back.fields).toEqual(customer.fields);
  });

  it('reads and writes every shipped definition and child table without changing it', () => {
    for (const def of shippedDefinitions()) {
      const holders = [def, ...Object.values(def.children ?? {})];
      for (const holder of holders) {
        const back = applyRows(holder, rowsOf(holder));
        expect([def.name, back.schema]).toEqual([def.name, holder.schema]);
        expect([def.name, back.fields]).toEqual([def.name, holder.fields]);
      }
    }
  });

  it('offers every field kind; a kind the schema does not say is stated in the meta', () => {
    const def = emptyDefinition('common', 'thing');
    const base = rowsOf(def)[0]!;
    const rows: FieldRow[] = [
      base,
      ...FIELD_KINDS.map((kind, i) => ({
        ...base,
        name: `f${i}`,
        kind,
        labelFa: kind,
        required: false,
        options: kind === 'enum' || kind === 'multiEnum' ? 'red=قرمز,blue' : '',
        precision: kind === 'decimal' ? '2' : '',
        lookup: kind === 'lookup' ? 'inventory.item' : '',
        money: kind === 'money',
      })),
    ];
    expect(rowProblems(rows).size).toBe(0);
    const next = applyRows(def, rows);
    FIELD_KINDS.forEach((kind, i) => {
      const name = `f${i}`;
      expect([kind, kindOf(next, name)]).toEqual([kind, kind]);
      expect([kind, kindMismatch(kind, next.schema.properties[name]!, next.fields[name])]).toEqual([
        kind,
        '',
      ]);
    });
    const at = (kind: FieldKind) => `f${FIELD_KINDS.indexOf(kind)}`;
    expect(next.fields[at('percent')]!.kind).toBe('percent');
    expect(next.fields[at('image')]!.kind).toBe('image');
    expect(next.fields[at('date')]!.kind).toBeUndefined(); // the format says it
    expect(next.fields[at('decimal')]!.precision).toBe(2);
    expect(next.schema.properties[at('enum')]!.enum).toEqual(['red', 'blue']);
    expect(next.fields[at('enum')]!.enumLabels).toEqual({ red: { fa: 'قرمز' } });
    expect(next.fields[at('multiEnum')]!.enumLabels).toEqual({ red: { fa: 'قرمز' }, blue: { fa: 'blue' } });
    // and back to rows as they were typed
    expect(rowsOf(next).map((r) => r.kind)).toEqual(['text', ...FIELD_KINDS]);
  });

  it('asks choices of an enum and decimal places within 0 to 6', () => {
    const base = rowsOf(emptyDefinition('common', 'thing'))[0]!;
    const problems = rowProblems([
      { ...base, name: 'a', kind: 'enum', options: '' },
      { ...base, name: 'b', kind: 'decimal', precision: '9' },
    ]);
    expect(problems.get(0)).toEqual(['optionsMissing']);
    expect(problems.get(1)).toEqual(['precisionRange']);
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
        kind: 'text',
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
    const city = rows.findIndex((r) => r.name === 'city');
    expect(city).toBeGreaterThan(3);
    rows[0] = { ...rows[0]!, name: 'Code' };
    rows[1] = { ...rows[1]!, name: 'version' };
    rows[2] = { ...rows[2]!, name: 'city' };
    rows[3] = { ...rows[3]!, labelFa: ' ' };
    const problems = rowProblems(rows);
    expect(problems.get(0)).toEqual(['nameInvalid']);
    expect(problems.get(1)).toEqual(['nameReserved']);
    expect(problems.get(city)).toEqual(['nameDuplicate']);
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
