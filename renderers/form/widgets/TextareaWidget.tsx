import { Textarea } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import { controlProps } from './context';

export function TextareaWidget(props: WidgetProps) {
  const value = typeof props.value === 'string' ? props.value : '';
  const rows = typeof props.options.rows === 'number' ? props.options.rows : 3;
  return (
    <Textarea
      {...controlProps(props)}
      value={value}
      rows={rows}
      resize="vertical"
      placeholder={props.placeholder}
      onChange={(_, data) => props.onChange(data.value === '' ? props.options.emptyValue : data.value)}
    />
  );
}
