/**
 * number and integer fields: RJSF's StringField with the widget's value as it is. RJSF's own
 * NumberField converts typed text with the browser's decimal separator, and builds an
 * Intl.NumberFormat to find that separator on every render of every number field (a tenth of a
 * 300-field form's first render). Our number and money widgets parse their own text (Persian,
 * Arabic or Western digits, separators) and hand over a number, or the text when it is not one so
 * validation reports it. Text from another widget (a uiSchema naming `text`) is parsed here the
 * same way.
 */
import type { Field, FieldProps } from '@rjsf/utils';
import { useCallback } from 'react';
import { parseTypedNumber } from '../widgets/NumberWidget';

export function NumberField(props: FieldProps) {
  const { registry, onChange } = props;
  // RJSF's registry always holds its StringField (its defaults under the fields given)
  const StringField = registry.fields.StringField as Field;
  const handleChange = useCallback<FieldProps['onChange']>(
    (value, ...rest) => onChange(typeof value === 'string' ? parseTypedNumber(value) : value, ...rest),
    [onChange],
  );
  return <StringField {...props} onChange={handleChange} />;
}
