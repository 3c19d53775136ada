/** Typing into one field of a long form: RJSF's untouched fields are left alone. */
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import Form, { getDefaultRegistry } from '@rjsf/core';
import { createSchemaUtils, type Field, type FieldProps, type RJSFSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formFields } from '../../../renderers/form/fields';
import { isPlainSchema } from '../../../renderers/form/fields/plainSchema';
import { buildFormSchema } from '../../../renderers/form/schema';
import { formTemplates } from '../../../renderers/form/templates';
import { widgetRegistry } from '../../../renderers/form/widgets/registry';
import type { EntityDefinition } from '../../../runtime/shared/definition';

describe('typing into one field of a long form', () => {
  it('renders that field only: the other properties are skipped before their SchemaField', () => {
    const renders = new Map<string, number>();
    const SchemaField = getDefaultRegistry().fields.SchemaField as Field;
    const Counting = (props: FieldProps) => {
      renders.set(props.name, (renders.get(props.name) ?? 0) + 1);
      return <SchemaField {...props} />;
    };
    const properties: Record<string, RJSFSchema> = {};
    for (let i = 0; i < 30; i++) properties[`f${i}`] = { type: 'string', title: `فیلد ${i}` };
    const schema: RJSFSchema = { type: 'object', properties };
    render(
      <FluentProvider theme={webLightTheme} dir="rtl">
        <Form
          schema={schema}
          validator={validator}
          widgets={widgetRegistry}
          fields={{ ...formFields, SchemaField: Counting }}
          templates={formTemplates}
        />
      </FluentProvider>,
    );
    const before = new Map(renders);
    const input = screen.getByLabelText('فیلد 12');
    for (const text of ['س', 'سل', 'سلا', 'سلام']) fireEvent.change(input, { target: { value: text } });
    expect(input).toHaveProperty('value', 'سلام');
    const again = [...renders].filter(([name, n]) => name.startsWith('f') && n !== before.get(name));
    expect(again.map(([name]) => name)).toEqual(['f12']);
  });
});

describe('a schema without conditional parts', () => {
  const definition: EntityDefinition = {
    name: 'plain',
    module: 'test',
    title: { fa: 'ساده' },
    displayField: 'name',
    schema: {
      type: 'object',
      additionalProperties: false,
      required: ['name'],
      properties: {
        name: { type: 'string', maxLength: 100 },
        kind: { type: 'string', enum: ['a', 'b'] },
        amount: { type: 'integer', minimum: 0, readOnly: true },
        day: { type: 'string', format: 'date' },
        done: { type: 'boolean' },
      },
    },
    fields: {},
    list: { columns: ['name'] },
  };
  const root = buildFormSchema(definition, 'fa');
  const nested: RJSFSchema = {
    type: 'object',
    properties: { a: root, list: { type: 'array', items: { type: 'string' } } },
  };

  it('is retrieved by RJSF as itself, whatever the data (what the form then skips)', () => {
    for (const schema of [root, nested]) {
      const utils = createSchemaUtils(validator, schema);
      expect(isPlainSchema(schema)).toBe(true);
      for (const data of [
        undefined,
        {},
        { name: 'x', kind: 'b', amount: 3 },
        { a: { name: 'y' }, list: ['z'] },
      ]) {
        expect(utils.retrieveSchema(schema, data)).toBe(schema);
        expect(utils.retrieveSchema(schema, data, true)).toBe(schema);
        for (const property of Object.values(schema.properties ?? {}))
          expect(utils.retrieveSchema(property as RJSFSchema, data)).toBe(property);
      }
    }
  });

  it('is told apart from one whose retrieval depends on the data or other schemas', () => {
    const withSchema = (extra: RJSFSchema): RJSFSchema => ({ ...root, ...extra });
    expect(isPlainSchema(withSchema({ additionalProperties: true }))).toBe(false);
    expect(isPlainSchema(withSchema({ additionalProperties: { type: 'string' } }))).toBe(false);
    expect(isPlainSchema(withSchema({ dependencies: { name: ['kind'] } }))).toBe(false);
    expect(isPlainSchema(withSchema({ if: { properties: { kind: { const: 'a' } } }, then: {} }))).toBe(false);
    expect(isPlainSchema({ type: 'object', properties: { a: { $ref: '#/definitions/x' } } })).toBe(false);
    expect(isPlainSchema({ type: 'object', properties: { a: { anyOf: [{ type: 'string' }] } } })).toBe(false);
    expect(isPlainSchema({ type: 'array', items: { type: 'object', patternProperties: {} } })).toBe(false);
  });
});
