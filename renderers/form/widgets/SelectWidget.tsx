/** Enum choice; option texts come from enumLabels (put in ui:enumNames by buildUiSchema). */
import { Select } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import { controlProps } from './context';

export function SelectWidget(props: WidgetProps) {
  const options = props.options.enumOptions ?? [];
  const index = options.findIndex((o) => o.value === props.value);
  return (
    <Select
      {...controlProps(props)}
      value={index < 0 ? '' : String(index)}
      onChange={(_, data) =>
        props.onChange(data.value === '' ? undefined : options[Number(data.value)]?.value)
      }
    >
      {(!props.required || index < 0) && <option value="">{''}</option>}
      {options.map((o, i) => (
        <option key={String(o.value)} value={String(i)}>
          {o.label}
        </option>
      ))}
    </Select>
  );
}
