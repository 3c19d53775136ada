/** Typing into one field of a long form: RJSF's untouched fields are left alone. */
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import Form, { getDefaultRegistry } from '@rjsf/core';
import type { Field, FieldProps, RJSFSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formFields } from '../../../renderers/form/fields';
import { formTemplates } from '../../../renderers/form/templates';
import { widgetRegistry } from '../../../renderers/form/widgets/registry';

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
