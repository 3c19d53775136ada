/** Choices a field takes from a list the application keeps (runtime/shared/choiceSources.ts). */
import { describe, expect, it } from 'vitest';
import { expandChoices } from '../../../runtime/shared/choiceSources';
import type { EntityDefinition } from '../../../runtime/shared/definition';
import { MODULES, MODULE_TITLES } from '../../../runtime/shared/modules';

const lockLike = (extra: Partial<EntityDefinition['fields'][string]> = {}): EntityDefinition => ({
  name: 'lock',
  module: 'systemConfig',
  title: { fa: 'قفل' },
  displayField: 'module',
  schema: {
    type: 'object',
    properties: { module: { type: 'string', maxLength: 40 }, count: { type: 'integer' } },
  },
  fields: {
    module: { label: { fa: 'بخش' }, choicesFrom: 'modules', ...extra },
    count: { label: { fa: 'تعداد' }, choicesFrom: 'modules' },
  },
  list: { columns: ['module'] },
});

describe('choicesFrom', () => {
  it('fills a text field’s enum and labels from the module list, the definition’s own labels first', () => {
    const def = lockLike({ enumLabels: { common: { fa: 'عمومی (ویژه)' } } });
    const expanded = expandChoices(def);
    expect(expanded.schema.properties.module).toEqual({ type: 'string', maxLength: 40, enum: [...MODULES] });
    expect(expanded.fields.module?.enumLabels).toEqual({ ...MODULE_TITLES, common: { fa: 'عمومی (ویژه)' } });
    // a field that is no text field is left alone; the input is not changed; idempotent
    expect(expanded.schema.properties.count).toEqual({ type: 'integer' });
    expect(def.schema.properties.module?.enum).toBeUndefined();
    expect(expandChoices(expanded)).toEqual(expanded);
  });

  it('returns a definition without choicesFrom as it is', () => {
    const plain = lockLike();
    delete plain.fields.module!.choicesFrom;
    delete plain.fields.count!.choicesFrom;
    expect(expandChoices(plain)).toBe(plain);
  });
});
