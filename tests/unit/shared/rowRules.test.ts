/** Row rule declarations (runtime/shared/rowRules.ts): checks, union of roles, what a row passes. */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { kindOf } from '../../../runtime/shared/fieldKind';
import type { EntityDefinition } from '../../../runtime/shared/definition';
import {
  combineRoleRules,
  parseRowRules,
  rowPasses,
  ruleFields,
  type RowRule,
} from '../../../runtime/shared/rowRules';

const stockMove = JSON.parse(
  readFileSync(resolve(__dirname, '../../../schemas/inventory/stockMove.json'), 'utf8'),
) as EntityDefinition;
const customer = JSON.parse(
  readFileSync(resolve(__dirname, '../../../schemas/sales/customer.json'), 'utf8'),
) as EntityDefinition;

describe('row rule declarations', () => {
  it('a rule may compare stored single-value fields: lookups, texts, enums; not amounts nor attachments', () => {
    const fields = ruleFields(stockMove);
    expect(fields).toContain('warehouse');
    expect(fields).toContain('kind');
    const kinds = ruleFields(customer);
    expect(kinds).toContain('code');
    expect(kinds).not.toContain('creditLimit');
  });

  it('agrees with the field kinds of every shipped definition (it reads them without fieldKind.ts)', () => {
    const comparable = new Set([
      'text',
      'integer',
      'enum',
      'lookup',
      'nationalCode',
      'companyId',
      'postalCode',
      'sheba',
      'mobile',
      'email',
    ]);
    const dir = resolve(__dirname, '../../../schemas');
    let checked = 0;
    for (const module of readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()))
      for (const file of readdirSync(join(dir, module.name)).filter((f) => f.endsWith('.json'))) {
        const def = JSON.parse(readFileSync(join(dir, module.name, file), 'utf8')) as EntityDefinition;
        if (!def.schema?.properties || !def.fields) continue;
        const expected = Object.keys(def.schema.properties).filter(
          (f) => !!def.fields[f] && comparable.has(kindOf(def, f)),
        );
        expect(ruleFields(def), file).toEqual(expected);
        checked++;
      }
    expect(checked).toBeGreaterThan(20);
  });

  it('accepts own and userAttribute rules, dropping duplicates', () => {
    const { rules, errors } = parseRowRules(stockMove, [
      { kind: 'own' },
      { kind: 'userAttribute', field: 'warehouse', attribute: 'warehouse' },
      { kind: 'own' },
    ]);
    expect(errors).toEqual([]);
    expect(rules).toEqual([
      { kind: 'own' },
      { kind: 'userAttribute', field: 'warehouse', attribute: 'warehouse' },
    ]);
  });

  it('refuses what it cannot hold, naming the JSON path', () => {
    const errors = (v: unknown) => parseRowRules(stockMove, v).errors;
    expect(errors('own')).toEqual(['/rules: must be an array']);
    expect(errors([{ kind: 'everything' }])[0]).toMatch(/^\/rules\/0\/kind/);
    expect(errors([{ kind: 'userAttribute', field: 'nope', attribute: 'a' }])[0]).toMatch(
      /^\/rules\/0\/field/,
    );
    expect(errors([{ kind: 'userAttribute', field: 'id', attribute: 'a' }])[0]).toMatch(/^\/rules\/0\/field/);
    expect(errors([{ kind: 'userAttribute', field: 'warehouse', attribute: 'bad name' }])[0]).toMatch(
      /^\/rules\/0\/attribute/,
    );
    expect(errors([null, 3])).toHaveLength(2);
    expect(errors(Array.from({ length: 21 }, () => ({ kind: 'own' })))[0]).toMatch(/at most 20/);
  });

  it('a user of several roles gets the union: a role without a rule opens every row', () => {
    const own: RowRule[] = [{ kind: 'own' }];
    const branch: RowRule[] = [{ kind: 'userAttribute', field: 'branch', attribute: 'branch' }];
    expect(combineRoleRules([own, branch])).toEqual([...own, ...branch]);
    expect(combineRoleRules([own, null])).toBeNull();
    expect(combineRoleRules([own, []])).toBeNull();
    expect(combineRoleRules([])).toBeNull();
    const user = { id: 7, attributes: { branch: '3' } };
    const rules = combineRoleRules([own, branch]);
    expect(rowPasses(rules, { createdBy: 7, branch: 1 }, user)).toBe(true);
    expect(rowPasses(rules, { createdBy: 8, branch: 3 }, user)).toBe(true);
    expect(rowPasses(rules, { createdBy: 8, branch: 1 }, user)).toBe(false);
    expect(rowPasses(branch, { branch: null }, { id: 7, attributes: {} })).toBe(false);
    expect(rowPasses(null, {}, user)).toBe(true);
  });
});
