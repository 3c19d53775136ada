/** Plain text: sent as typed (the pipeline normalises digits/letters on the way out). */
import { Input } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import { controlProps } from './context';

export function TextWidget(props: WidgetProps) {
  const value =
    typeof props.value === 'string' ? props.value : props.value == null ? '' : String(props.value);
  return (
    <Input
      {...controlProps(props)}
      value={value}
      placeholder={props.placeholder}
      onChange={(_, data) => props.onChange(data.value === '' ? props.options.emptyValue : data.value)}
    />
  );
}
