/** The module list is written once: the definition schema's `module` enum and the menu titles follow it. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MODULES, MODULE_TITLES, isModuleName } from '../../../runtime/shared/modules';

const schema = JSON.parse(
  readFileSync(resolve(__dirname, '../../../schemas/definition.schema.json'), 'utf8'),
) as {
  properties: { module: { enum: string[] } };
};

describe('module list', () => {
  it("equals the definition schema's module enum, in the same order", () => {
    expect(schema.properties.module.enum).toEqual([...MODULES]);
  });

  it('has a Persian and an English title per module, and no other', () => {
    expect(Object.keys(MODULE_TITLES)).toEqual([...MODULES]);
    for (const m of MODULES) {
      expect(MODULE_TITLES[m].fa, m).toBeTruthy();
      expect(MODULE_TITLES[m].en, m).toBeTruthy();
    }
  });

  it('knows its own names only', () => {
    for (const m of MODULES) expect(isModuleName(m)).toBe(true);
    for (const v of ['constructor', '__proto__', 'toString', 'Sales', '', 1, null])
      expect(isModuleName(v)).toBe(false);
  });
});
