/**
 * Persian text: a right-to-left input whatever the page direction (names, addresses typed in
 * Persian inside an English screen). Arabic kaf/yeh and digits are normalised on the way out by the
 * pipeline, so the text is sent as typed here.
 */
import { Input } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import { controlProps } from './context';

export function PersianTextWidget(props: WidgetProps) {
  const value =
    typeof props.value === 'string' ? props.value : props.value == null ? '' : String(props.value);
  return (
    <Input
      {...controlProps(props)}
      dir="rtl"
      lang="fa"
      value={value}
      placeholder={props.placeholder}
      onChange={(_, data) => props.onChange(data.value === '' ? props.options.emptyValue : data.value)}
    />
  );
}
