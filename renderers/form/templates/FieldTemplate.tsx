/** Each field in a Fluent Field: visible label tied to the control, inline validation message. */
import { Field } from '@fluentui/react-components';
import type { FieldTemplateProps } from '@rjsf/utils';

export function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, required, rawErrors, children, hidden, displayLabel, schema } = props;
  if (hidden) return <div hidden>{children}</div>;
  if (schema.type === 'object') return children;
  const error = rawErrors?.find(Boolean);
  return (
    <Field
      label={displayLabel === false ? undefined : { children: label, htmlFor: id }}
      required={required}
      validationState={error ? 'error' : 'none'}
      validationMessage={error}
      data-field={id}
    >
      {children}
    </Field>
  );
}
