/**
 * Persian text: a right-to-left input whatever the page direction (names, addresses typed in
 * Persian inside an English screen). Arabic kaf/yeh and digits are normalised on the way out by the
 * pipeline, so the text is sent as typed here.
 */
import { Input } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import { controlProps } from './context';
import { useDraft } from './draft';

export function PersianTextWidget(props: WidgetProps) {
  const draft = useDraft<unknown>(props);
  const value =
    typeof draft.value === 'string' ? draft.value : draft.value == null ? '' : String(draft.value);
  return (
    <Input
      {...controlProps(props)}
      dir="rtl"
      lang="fa"
      value={value}
      placeholder={props.placeholder}
      onChange={(_, data) => draft.onChange(data.value === '' ? props.options.emptyValue : data.value)}
    />
  );
}
