/** Plain text: sent as typed (the pipeline normalises digits/letters on the way out). */
import { Input } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import { controlProps, shownDigits } from './context';
import { useDraft } from './draft';

export function TextWidget(props: WidgetProps) {
  const draft = useDraft<unknown>(props);
  const value =
    typeof draft.value === 'string' ? draft.value : draft.value == null ? '' : String(draft.value);
  return (
    <Input
      {...controlProps(props)}
      value={shownDigits(props, value)}
      placeholder={props.placeholder}
      onChange={(_, data) => draft.onChange(data.value === '' ? props.options.emptyValue : data.value)}
    />
  );
}
