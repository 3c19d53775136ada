/** Boolean as a Fluent Switch; the visible label is the Field label above it. */
import { Switch } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import { controlProps } from './context';

export function CheckboxWidget(props: WidgetProps) {
  return (
    <Switch
      {...controlProps(props)}
      checked={props.value === true}
      onChange={(_, data) => props.onChange(data.checked)}
    />
  );
}
